import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizResult } from '@/contract/quiz';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/quiz/results/:result_id/leave-gallery — with the manage token this browser kept. */
export const leaveQuizGallery = ({ resultId, manageToken }: { resultId: string; manageToken: string }) =>
  apiFetch<QuizResult>(`/api/quiz/results/${encodeURIComponent(resultId)}/leave-gallery`, {
    method: 'POST',
    body: JSON.stringify({ manage_token: manageToken }),
  });

export function useLeaveQuizGallery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveQuizGallery,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.quiz.result(result.id), result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.quiz.galleries() });
    },
  });
}
