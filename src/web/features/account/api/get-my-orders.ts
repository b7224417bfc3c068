import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrder } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/account/orders — the orders I placed while signed in, newest first. */
export const getMyOrders = () => apiFetch<{ orders: MyOrder[] }>('/api/account/orders');

// Under account: dropped when someone signs in or out (main.tsx).
export const myOrdersQueryOptions = () => queryOptions({ queryKey: queryKeys.account.orders(), queryFn: getMyOrders, staleTime: 0 });

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
