import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminOrderListSchema, OrderStatus } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export interface OrdersFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

/** GET /api/admin/orders — newest first; search by number, email or name; filter by status and date. */
export const getOrders = (filter: OrdersFilter) => apiFetch<AdminOrderList>('/api/admin/orders', { query: { ...filter } });

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({ queryKey: queryKeys.admin.orders.list({ ...filter }), queryFn: () => getOrders(filter), staleTime: 0 });

export function useOrders(filter: OrdersFilter) {
  return useQuery({ ...ordersQueryOptions(filter), placeholderData: keepPreviousData });
}
