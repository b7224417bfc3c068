import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeBody, DiscountCodeList } from '@/contract/admin-products';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/discount-codes — newest first, with how often each was used, and the currencies the shop sells in. */
export const getDiscountCodes = () => apiFetch<DiscountCodeList>('/api/admin/discount-codes');

export const discountCodesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.discountCodes.all, queryFn: getDiscountCodes, staleTime: 0 });

export function useDiscountCodes() {
  return useQuery(discountCodesQueryOptions());
}

export type DiscountCodeChange =
  | { kind: 'create'; body: DiscountCodeBody }
  | { kind: 'update'; id: string; body: Partial<DiscountCodeBody> }
  | { kind: 'delete'; id: string };

/** POST /api/admin/discount-codes, PATCH and DELETE /api/admin/discount-codes/:id. */
export function useDiscountCodeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DiscountCodeChange) =>
      change.kind === 'create'
        ? apiFetch('/api/admin/discount-codes', { method: 'POST', body: JSON.stringify(change.body) })
        : change.kind === 'update'
          ? apiFetch(`/api/admin/discount-codes/${change.id}`, { method: 'PATCH', body: JSON.stringify(change.body) })
          : apiFetch(`/api/admin/discount-codes/${change.id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.discountCodes.all }),
  });
}
