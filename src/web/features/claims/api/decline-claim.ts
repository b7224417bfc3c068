import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/claims/:token/decline — final: the certificate leaves public view at once. */
export const declineClaim = (token: string) =>
  apiFetch<{ status: 'declined' }>(`/api/claims/${encodeURIComponent(token)}/decline`, { method: 'POST' });

export function useDeclineClaim(token: string, shareId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => declineClaim(token),
    onSuccess: () => {
      if (shareId) queryClient.removeQueries({ queryKey: queryKeys.certificates.detail(shareId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.nominations() });
    },
  });
}
