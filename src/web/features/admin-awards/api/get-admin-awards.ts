import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAward, AdminAwardList, AdminAwardListQuery } from '@/contract/admin-awards';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/awards — active or not, searched, filtered, sorted, a page at a time. */
export const getAdminAwards = (filter: AdminAwardListQuery) => apiFetch<AdminAwardList>('/api/admin/awards', { query: { ...filter } });

export const adminAwardsQueryOptions = (filter: AdminAwardListQuery) =>
  queryOptions({ queryKey: queryKeys.admin.awards.list(filter), queryFn: () => getAdminAwards(filter), staleTime: 0 });

export function useAdminAwards(filter: AdminAwardListQuery) {
  return useQuery({ ...adminAwardsQueryOptions(filter), placeholderData: keepPreviousData });
}

/** GET /api/admin/awards/:id — one award for its panel. */
export const getAdminAward = (id: string) => apiFetch<AdminAward>(`/api/admin/awards/${encodeURIComponent(id)}`);

export function useAdminAward(id: string | null) {
  return useQuery({ queryKey: queryKeys.admin.awards.detail(id ?? ''), queryFn: () => getAdminAward(id!), enabled: id !== null, staleTime: 0 });
}
