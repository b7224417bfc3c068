import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function QuizPage() {
  return <ComingSoon title="The Quiz" lead="Honest questions, dishonest science, one verdict." />;
}
