import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Award } from '@/contract/awards';
import { apiFetch } from '@/web/lib/api-client';

export interface AwardsFilter {
  search?: string;
  category_id?: string;
  limit?: number;
}

export const getAwards = (filter: AwardsFilter = {}) =>
  apiFetch<Award[]>('/api/awards', { query: { ...filter } });

export const awardsQueryOptions = (filter: AwardsFilter = {}) =>
  queryOptions({
    queryKey: ['awards', filter],
    queryFn: () => getAwards(filter),
  });

export function useAwards(filter: AwardsFilter = {}) {
  return useQuery({ ...awardsQueryOptions(filter), placeholderData: keepPreviousData });
}
