import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Certificate } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface AcceptClaimResult {
  certificate: Certificate;
  linked_to_account: boolean;
}

/** POST /api/claims/:token/accept — signed in, the certificate joins the account's "received" list. */
export const acceptClaim = (token: string) =>
  apiFetch<AcceptClaimResult>(`/api/claims/${encodeURIComponent(token)}/accept`, { method: 'POST' });

export function useAcceptClaim(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptClaim(token),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.certificates.detail(result.certificate.share_id), result.certificate);
      void queryClient.invalidateQueries({ queryKey: queryKeys.community.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.nominations() });
    },
  });
}
