import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNomination } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** The query of GET /api/admin/nominations (adminNominationListQuerySchema), as the browser sends it. */
export interface AdminNominationFilter {
  search?: string | undefined;
  status?: 'pending' | 'claimed' | 'declined' | 'hidden' | undefined;
  award_id?: string | undefined;
  visibility?: 'public' | 'private' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  page_size?: number | undefined;
}

export interface AdminNominationList {
  nominations: AdminNomination[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/admin/nominations — search and filters; newest first. */
export const getAdminNominations = (filter: AdminNominationFilter) =>
  apiFetch<AdminNominationList>('/api/admin/nominations', { query: { ...filter } });

export const adminNominationsQueryOptions = (filter: AdminNominationFilter) =>
  queryOptions({ queryKey: queryKeys.admin.nominations.list(filter), queryFn: () => getAdminNominations(filter), staleTime: 0 });

export function useAdminNominations(filter: AdminNominationFilter) {
  return useQuery({ ...adminNominationsQueryOptions(filter), placeholderData: keepPreviousData });
}
