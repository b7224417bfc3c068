import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

/**
 * POST /api/account/nominations/:share_id/claim-link — a fresh claim link; the old one stops working.
 * When the nominee has an email, the new link is mailed to them too.
 */
export const createClaimLink = (shareId: string) =>
  apiFetch<{ claim_url: string; claim_mail_sent: boolean }>(`/api/account/nominations/${encodeURIComponent(shareId)}/claim-link`, {
    method: 'POST',
  });

export function useCreateClaimLink() {
  return useMutation({ mutationFn: createClaimLink });
}
