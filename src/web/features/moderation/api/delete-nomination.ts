import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';
import { refreshAfterModeration } from '../lib/moderation-cache';

/** DELETE /api/admin/nominations/:id — gone for good. */
export const deleteNomination = ({ id }: { id: string }) =>
  apiFetch<{ ok: true }>(`/api/admin/nominations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteNomination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNomination,
    onSuccess: (_r, { id }) => queryClient.removeQueries({ queryKey: queryKeys.admin.nominations.detail(id) }),
    onSettled: () => refreshAfterModeration(queryClient),
  });
}
