import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/orders/:id — the order with its timeline, payment ids, refunds and what may be done to it. */
export const getAdminOrder = (id: string) => apiFetch<AdminOrder>(`/api/admin/orders/${encodeURIComponent(id)}`);

export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.orders.detail(id),
    queryFn: () => getAdminOrder(id),
    staleTime: 0,
    // A refund the provider has not answered yet is finished by a job: look again until it is.
    refetchInterval: (query) => ((query.state.data?.refunds_pending ?? 0) > 0 ? 10_000 : false),
  });

export function useAdminOrder(id: string | null) {
  return useQuery({ ...adminOrderQueryOptions(id ?? ''), enabled: id !== null });
}
