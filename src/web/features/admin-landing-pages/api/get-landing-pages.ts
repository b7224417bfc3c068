import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLandingPageList, LandingPageStatus, LandingSort } from '@/contract/landing-pages';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface LandingPagesFilter {
  q?: string | undefined;
  status?: LandingPageStatus | undefined;
  sort?: LandingSort | undefined;
  dir?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
}

/** GET /api/admin/landing-pages — 25 a page; search by title or address, filter by status, sort by a fixed key. */
export const getLandingPages = (filter: LandingPagesFilter) => apiFetch<AdminLandingPageList>('/api/admin/landing-pages', { query: { ...filter } });

export const landingPagesQueryOptions = (filter: LandingPagesFilter) =>
  queryOptions({ queryKey: queryKeys.admin.landingPages.list(filter), queryFn: () => getLandingPages(filter), staleTime: 0 });

export function useLandingPages(filter: LandingPagesFilter) {
  return useQuery({ ...landingPagesQueryOptions(filter), placeholderData: keepPreviousData });
}
