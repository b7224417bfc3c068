import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AwardProductTemplate, AwardProductTemplateBody } from '@/contract/fulfilment';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/award-product-templates — every award → product mapping, newest first (spec §7). */
export const getAwardProductTemplates = () => apiFetch<{ mappings: AwardProductTemplate[] }>('/api/admin/award-product-templates');

export const awardProductTemplatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.awardProductTemplates.all, queryFn: getAwardProductTemplates, staleTime: 0 });

export function useAwardProductTemplates() {
  return useQuery(awardProductTemplatesQueryOptions());
}

/** POST, PATCH and DELETE /api/admin/award-product-templates…: each change is audited; the list is fetched again. */
export type MappingChange =
  | { kind: 'create'; body: AwardProductTemplateBody }
  | { kind: 'update'; id: string; body: Partial<AwardProductTemplateBody> }
  | { kind: 'delete'; id: string };

function send(change: MappingChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return apiFetch<AwardProductTemplate>('/api/admin/award-product-templates', { method: 'POST', body: JSON.stringify(change.body) });
    case 'update':
      return apiFetch<AwardProductTemplate>(`/api/admin/award-product-templates/${change.id}`, { method: 'PATCH', body: JSON.stringify(change.body) });
    case 'delete':
      return apiFetch(`/api/admin/award-product-templates/${change.id}`, { method: 'DELETE' });
  }
}

export function useMappingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The store's mockups follow the mappings.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.awardProductTemplates.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.store.allMockups() }),
      ]),
  });
}
