import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizRunner } from '@/web/features/quiz/components/quiz-runner';
import { prefetchQuiz, renderOnServer } from '../server-render';

/** /quiz: the questions. */
export default function QuizPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizRunner />;
}

/** Served with the quiz (the "paused" page while an admin has the quiz switched off). */
export const serverRender = renderOnServer(prefetchQuiz);
