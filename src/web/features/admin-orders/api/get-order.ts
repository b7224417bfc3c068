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
    // Work a job finishes — a refund the provider has not answered, the print shop's files — is looked at again until done.
    refetchInterval: (query) => {
      const o = query.state.data;
      if (!o) return false;
      if (o.refunds_pending > 0) return 10_000;
      return drawingFiles(o) ? 5_000 : false;
    },
  });

/**
 * The built-in print shop has the order but is still drawing its print files: "Next step" comes once they are ready
 * (the server's can_advance), while an admin could already mark it shipped by hand.
 */
export const drawingFiles = ({ fulfilment: f }: AdminOrder) => f.provider === 'local' && f.status === 'submitted' && f.id !== null && f.can_mark_shipped && !f.can_advance;

export function useAdminOrder(id: string | null) {
  return useQuery({ ...adminOrderQueryOptions(id ?? ''), enabled: id !== null });
}
