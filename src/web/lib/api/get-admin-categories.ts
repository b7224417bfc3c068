import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryListQuery } from '@/contract/admin-awards';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/categories — every category, active or not, with its award count (the categories screen and the award filters). */
export const getAdminCategories = (filter: AdminCategoryListQuery = {}) =>
  apiFetch<{ categories: AdminCategory[] }>('/api/admin/categories', { query: { ...filter } }).then((r) => r.categories);

export const adminCategoriesQueryOptions = (filter: AdminCategoryListQuery = {}) =>
  queryOptions({ queryKey: queryKeys.admin.categories.list(filter), queryFn: () => getAdminCategories(filter), staleTime: 0 });

export function useAdminCategories(filter: AdminCategoryListQuery = {}) {
  return useQuery({ ...adminCategoriesQueryOptions(filter), placeholderData: keepPreviousData });
}

/**
 * After any award or category change: the admin lists, and the public catalogue this browser has cached (gallery,
 * award picker, categories), are fetched again.
 */
export function refreshCatalogue(queryClient: QueryClient) {
  for (const queryKey of [queryKeys.admin.awards.all, queryKeys.admin.categories.all, queryKeys.awards.all, queryKeys.categories.all, queryKeys.quiz.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
