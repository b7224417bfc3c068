import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardPeriod } from '@/contract/admin-dashboard';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/dashboard?period= — KPIs, per-day series and what needs attention. */
export const getDashboard = (period: DashboardPeriod) => apiFetch<Dashboard>('/api/admin/dashboard', { query: { period } });

export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({ queryKey: queryKeys.admin.dashboard.period(period), queryFn: () => getDashboard(period), staleTime: 30_000 });

export function useDashboard(period: DashboardPeriod) {
  return useQuery({ ...dashboardQueryOptions(period), placeholderData: keepPreviousData });
}
