import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNomination } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { refreshAfterModeration } from '../lib/moderation-cache';

/** POST /api/admin/nominations/:id/unhide — back where it was (public ones return to the wall). */
export const unhideNomination = ({ id }: { id: string }) =>
  apiFetch<AdminNomination>(`/api/admin/nominations/${encodeURIComponent(id)}/unhide`, { method: 'POST' });

export function useUnhideNomination() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unhideNomination, onSettled: () => refreshAfterModeration(queryClient) });
}
