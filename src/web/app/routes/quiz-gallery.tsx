import { pageHead } from '@/contract/pages';
import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { QuizHallOfFame } from '@/web/features/quiz/components/quiz-hall-of-fame';
import type { QuizGalleryPage } from '@/contract/quiz';
import { QUIZ_GALLERY_PAGE_SIZE, quizGalleryQueryOptions } from '@/web/features/quiz/api/get-quiz-gallery';
import { galleryAwardFrom } from '@/web/features/quiz/lib/gallery-filter';
import { withQuery } from '@/web/lib/api-client';
import { getSiteSettings } from '@/web/lib/site-settings';
import { prefetchQuiz, renderOnServer } from '../server-render';

export const head = pageHead({
  feature: 'quiz',
  title: 'Quiz Hall of Fame',
  description: 'Verdicts of the award quiz that their recipients chose to make public, newest first. Filter by award, then take the quiz yourself.',
  keywords: ['quiz results', 'award quiz'],
  indexable: true,
  priority: 0.5,
  changefreq: 'daily',
});

/** /quiz/gallery: the Hall of Fame of results their takers made public. */
export default function QuizGalleryPage() {
  if (!featureOn('quiz')) return <FeaturePaused feature="quiz" />;
  return <QuizHallOfFame />;
}

/** Served with the quiz and the Hall of Fame's first page, filtered by award as the address asks. */
export const serverRender = renderOnServer(async (p) => {
  if (!getSiteSettings().features.quiz) return;
  const filter = { award_id: galleryAwardFrom(p.search) };
  await Promise.all([
    prefetchQuiz(p),
    p.queryClient.prefetchInfiniteQuery({
      ...quizGalleryQueryOptions(filter),
      queryFn: ({ pageParam }) =>
        p.fetchJson<QuizGalleryPage>(withQuery('/api/quiz/gallery', { award_id: filter.award_id, cursor: pageParam, limit: QUIZ_GALLERY_PAGE_SIZE })),
    }),
  ]);
});
