import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@/contract/categories';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/categories — in their sort order. */
export const getCategories = () => apiFetch<Category[]>('/api/categories');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories.all, queryFn: getCategories, staleTime: 5 * 60_000 });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
