import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNomination } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { refreshAfterModeration } from '../lib/moderation-cache';

/** POST /api/admin/nominations/:id/hide — off the wall and its public page; the reason goes to the audit log. */
export const hideNomination = ({ id, reason }: { id: string; reason: string }) =>
  apiFetch<AdminNomination>(`/api/admin/nominations/${encodeURIComponent(id)}/hide`, {
    method: 'POST',
    body: JSON.stringify({ reason }),
  });

export function useHideNomination() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: hideNomination, onSettled: () => refreshAfterModeration(queryClient) });
}
