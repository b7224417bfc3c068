import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizResult } from '@/contract/quiz';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/quiz/results/:result_id — the same for anyone with the link. */
export const getQuizResult = (resultId: string) => apiFetch<QuizResult>(`/api/quiz/results/${encodeURIComponent(resultId)}`);

export const quizResultQueryOptions = (resultId: string) =>
  queryOptions({
    queryKey: queryKeys.quiz.result(resultId),
    queryFn: () => getQuizResult(resultId),
    staleTime: 60_000,
    // An unknown or malformed link will not change by asking again, nor by opening the page again (so a
    // server-rendered "not found" hydrates as it was rendered).
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
    retryOnMount: false,
  });

export function useQuizResult(resultId: string) {
  return useQuery(quizResultQueryOptions(resultId));
}
