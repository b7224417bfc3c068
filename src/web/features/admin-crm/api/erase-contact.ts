import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrmErasureResult, CrmEraseBody } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/admin/crm/contacts/:id/erase — erase the address everywhere (audited, final). */
export const eraseContact = (id: string, body: CrmEraseBody) =>
  apiFetch<CrmErasureResult>(`/api/admin/crm/contacts/${encodeURIComponent(id)}/erase`, { method: 'POST', body: JSON.stringify(body) });

export function useEraseContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CrmEraseBody) => eraseContact(id, body),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.admin.crm.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.crm.all });
    },
  });
}
