import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizRunner } from '@/web/features/quiz/components/quiz-runner';

/** /quiz: the questions. */
export default function QuizPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizRunner />;
}
