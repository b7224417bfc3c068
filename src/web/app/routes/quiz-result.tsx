import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function QuizResultPage() {
  return <ComingSoon title="Your Quiz Result" lead="The committee will read out its verdict here." />;
}
