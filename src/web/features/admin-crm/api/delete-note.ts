import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrmContact } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** DELETE /api/admin/crm/contacts/:id/notes/:noteId (audited); answers the contact. */
export const deleteNote = (id: string, noteId: string) =>
  apiFetch<CrmContact>(`/api/admin/crm/contacts/${encodeURIComponent(id)}/notes/${encodeURIComponent(noteId)}`, { method: 'DELETE' });

export function useDeleteNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => deleteNote(id, noteId),
    onSuccess: (contact) => queryClient.setQueryData(queryKeys.admin.crm.detail(id), contact),
  });
}
