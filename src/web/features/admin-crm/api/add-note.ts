import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrmContact, CrmNoteBody } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/admin/crm/contacts/:id/notes (audited); answers the contact. */
export const addNote = (id: string, body: CrmNoteBody) =>
  apiFetch<CrmContact>(`/api/admin/crm/contacts/${encodeURIComponent(id)}/notes`, { method: 'POST', body: JSON.stringify(body) });

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmNoteBody) => addNote(id, body),
    onSuccess: (contact) => queryClient.setQueryData(queryKeys.admin.crm.detail(id), contact),
  });
}
