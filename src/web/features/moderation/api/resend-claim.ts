import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNomination } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { refreshAfterModeration } from '../lib/moderation-cache';

/** POST /api/admin/nominations/:id/resend-claim — mails the nominee a fresh claim link (the old one stops working). */
export const resendClaim = ({ id }: { id: string }) =>
  apiFetch<{ nomination: AdminNomination; claim_mail_sent: boolean }>(`/api/admin/nominations/${encodeURIComponent(id)}/resend-claim`, { method: 'POST' });

export function useResendClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendClaim, onSettled: () => refreshAfterModeration(queryClient) });
}
