import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FunnelOrder } from '@/contract/funnel';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/funnel/orders/:orderId?token=: where its buyer belongs, the offers, the countdown and the order. */
export const getFunnelOrder = (orderId: string, token: string) =>
  apiFetch<FunnelOrder>(`/api/funnel/orders/${encodeURIComponent(orderId)}`, { query: { token } });

export const funnelOrderQueryOptions = (orderId: string, token: string) =>
  queryOptions({
    queryKey: queryKeys.funnel.order(orderId),
    queryFn: () => getFunnelOrder(orderId, token),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2,
    // Until the provider confirms the payment, look again every couple of seconds; then again as the offers end.
    refetchInterval: (query) => {
      const d = query.state.data;
      if (!d) return false;
      if (d.status === 'pending_payment') return 2000;
      return d.closed ? false : 30_000;
    },
  });

export function useFunnelOrder(orderId: string | null, token: string | null) {
  return useQuery({ ...funnelOrderQueryOptions(orderId ?? '', token ?? ''), enabled: !!orderId && !!token });
}
