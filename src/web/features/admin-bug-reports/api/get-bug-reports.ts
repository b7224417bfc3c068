import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BugReportList, BugReportListQuery } from '@/contract/bug-reports';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/bug-reports — newest first, with the count per status for the tabs (other filters applied). */
export type BugReportsFilter = Omit<BugReportListQuery, 'page'> & { page?: number | undefined };

export const getBugReports = (filter: BugReportsFilter) => apiFetch<BugReportList>('/api/admin/bug-reports', { query: { ...filter } });

export const bugReportsQueryOptions = (filter: BugReportsFilter) =>
  queryOptions({ queryKey: queryKeys.admin.bugReports.list(filter), queryFn: () => getBugReports(filter), staleTime: 0 });

export function useBugReports(filter: BugReportsFilter) {
  return useQuery({ ...bugReportsQueryOptions(filter), placeholderData: keepPreviousData });
}
