import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Award } from '@/contract/awards';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface AwardsFilter {
  search?: string;
  category_id?: string;
  limit?: number;
}

/** GET /api/awards — active awards, optionally searched or limited (the picker searches all of them in the browser). */
export const getAwards = (filter: AwardsFilter = {}) => apiFetch<Award[]>('/api/awards', { query: { ...filter } });

// The unfiltered list is one cache entry for every feature, so moving between them costs no request.
export const awardsQueryOptions = (filter: AwardsFilter = {}) =>
  queryOptions({ queryKey: queryKeys.awards.list(filter), queryFn: () => getAwards(filter), staleTime: 5 * 60_000 });

/** While a new search loads, the previous results stay on screen. */
export function useAwards(filter: AwardsFilter = {}) {
  return useQuery({ ...awardsQueryOptions(filter), placeholderData: keepPreviousData });
}
