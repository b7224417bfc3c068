import { pageHead } from '@/contract/pages';
import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizRunner } from '@/web/features/quiz/components/quiz-runner';
import { prefetchQuiz, renderOnServer } from '../server-render';

export const head = pageHead({
  feature: 'quiz',
  title: 'The Quiz',
  description: 'A short, scientifically dubious quiz that matches you with the award you deserve. One question at a time, no sign-up.',
  keywords: ['personality quiz', 'funny quiz'],
  indexable: true,
  priority: 0.6,
  changefreq: 'monthly',
});

/** /quiz: the questions. */
export default function QuizPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizRunner />;
}

/** Served with the quiz (the "paused" page while an admin has the quiz switched off). */
export const serverRender = renderOnServer(prefetchQuiz);
