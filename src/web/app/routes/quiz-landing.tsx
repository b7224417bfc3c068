import { pageHead } from '@/contract/pages';
import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizLanding } from '@/web/features/quiz/components/quiz-landing';
import { prefetchQuiz, renderOnServer } from '../server-render';

export const head = pageHead({
  feature: 'quiz',
  title: 'Which Award Do You Deserve?',
  description:
    'Ten honest questions about mornings, meetings and the chair in your bedroom, and the Committee names the award you have secretly been earning. Free, two minutes, certificate included.',
  keywords: ['personality quiz', 'funny quiz', 'which award are you', 'award quiz'],
  indexable: true,
  priority: 0.7,
  changefreq: 'monthly',
});

/** /quiz-landing: what the quiz is and the way in. */
export default function QuizLandingPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizLanding />;
}

/** Served with the quiz (the "paused" page while an admin has the quiz switched off). */
export const serverRender = renderOnServer(prefetchQuiz);
