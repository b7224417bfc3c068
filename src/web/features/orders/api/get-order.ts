import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@/contract/shop';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/orders/:orderId[?token=] — its owner or an admin when signed in, anyone with the link's token. */
export const getOrder = (orderId: string, token: string | null) =>
  apiFetch<Order>(`/api/orders/${encodeURIComponent(orderId)}`, { query: { token } });

const WAITING = new Set(['pending_payment']);

export const orderQueryOptions = (orderId: string, token: string | null) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId, token),
    queryFn: () => getOrder(orderId, token),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
    // While the provider has not confirmed the payment yet, look again every few seconds.
    refetchInterval: (query) => (query.state.data && WAITING.has(query.state.data.status) ? 3000 : false),
  });

export function useOrder(orderId: string, token: string | null) {
  return useQuery(orderQueryOptions(orderId, token));
}
