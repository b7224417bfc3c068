import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizLanding } from '@/web/features/quiz/components/quiz-landing';
import { prefetchQuiz, renderOnServer } from '../server-render';

/** /quiz-landing: what the quiz is and the way in. */
export default function QuizLandingPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizLanding />;
}

/** Served with the quiz (the "paused" page while an admin has the quiz switched off). */
export const serverRender = renderOnServer(prefetchQuiz);
