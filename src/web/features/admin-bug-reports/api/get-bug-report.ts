import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BugReportDetail } from '@/contract/bug-reports';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/bug-reports/:id — the report, its console lines, attachment URLs and triage notes (newest first). */
export const getBugReport = (id: string) => apiFetch<BugReportDetail>(`/api/admin/bug-reports/${encodeURIComponent(id)}`);

export const bugReportQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.bugReports.detail(id), queryFn: () => getBugReport(id), staleTime: 0 });

export function useBugReport(id: string | null) {
  return useQuery({ ...bugReportQueryOptions(id ?? ''), enabled: id !== null });
}
