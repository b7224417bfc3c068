import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQuizResultBody, CreateQuizResultResponse } from '@/contract/quiz';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/quiz/results: the verdict. The manage token in the answer is shown once. */
export const createQuizResult = (body: CreateQuizResultBody) =>
  apiFetch<CreateQuizResultResponse>('/api/quiz/results', { method: 'POST', body: JSON.stringify(body) });

export function useCreateQuizResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuizResult,
    onSuccess: ({ result }) => {
      queryClient.setQueryData(queryKeys.quiz.result(result.id), result);
      if (result.in_gallery) void queryClient.invalidateQueries({ queryKey: queryKeys.quiz.galleries() });
    },
  });
}
