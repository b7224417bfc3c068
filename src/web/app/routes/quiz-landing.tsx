import { ComingSoon } from '@/web/components/layout/coming-soon';

export default function QuizLandingPage() {
  return <ComingSoon title="Which Award Do You Deserve?" lead="A short, scientifically dubious quiz that finds the award you have secretly been earning all along." />;
}
