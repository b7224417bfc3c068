import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizLanding } from '@/web/features/quiz/components/quiz-landing';

/** /quiz-landing: what the quiz is and the way in. */
export default function QuizLandingPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizLanding />;
}
