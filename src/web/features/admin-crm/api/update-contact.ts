import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrmContact, CrmContactPatch } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** PATCH /api/admin/crm/contacts/:id — tags or recorded marketing consent (audited); answers the contact. */
export const updateContact = (id: string, body: CrmContactPatch) =>
  apiFetch<CrmContact>(`/api/admin/crm/contacts/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify(body) });

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmContactPatch) => updateContact(id, body),
    onSuccess: (contact) => {
      queryClient.setQueryData(queryKeys.admin.crm.detail(id), contact);
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.crm.all });
    },
  });
}
