import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quiz } from '@/contract/quiz';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/quiz — the questions, their answers and the awards they can lead to (never the weights). */
export const getQuiz = () => apiFetch<Quiz>('/api/quiz');

// Catalogue-like: it changes only when an admin edits the quiz.
export const quizQueryOptions = () => queryOptions({ queryKey: queryKeys.quiz.questions(), queryFn: getQuiz, staleTime: 5 * 60_000 });

export function useQuiz() {
  return useQuery(quizQueryOptions());
}
