import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { QuizGalleryPage } from '@/contract/quiz';
import { QUIZ_LIMITS } from '@/contract/quiz-constants';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface QuizGalleryFilter {
  award_id?: string | undefined;
}

export const QUIZ_GALLERY_PAGE_SIZE = QUIZ_LIMITS.galleryPage;

/** GET /api/quiz/gallery — opted-in results, newest first, one page per cursor. */
export const getQuizGallery = (filter: QuizGalleryFilter, cursor?: string) =>
  apiFetch<QuizGalleryPage>('/api/quiz/gallery', { query: { award_id: filter.award_id, cursor, limit: QUIZ_GALLERY_PAGE_SIZE } });

export const quizGalleryQueryOptions = (filter: QuizGalleryFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.quiz.gallery(filter),
    queryFn: ({ pageParam }) => getQuizGallery(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 30_000,
  });

export function useQuizGallery(filter: QuizGalleryFilter) {
  return useInfiniteQuery(quizGalleryQueryOptions(filter));
}
