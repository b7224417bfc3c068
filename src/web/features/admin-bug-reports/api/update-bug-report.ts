import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BugReportDetail, BugReportUpdate } from '@/contract/bug-reports';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** PATCH /api/admin/bug-reports/:id — answers with the report as it is now. */
export const updateBugReport = (id: string, body: BugReportUpdate) =>
  apiFetch<BugReportDetail>(`/api/admin/bug-reports/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify(body) });

export function useUpdateBugReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BugReportUpdate) => updateBugReport(id, body),
    onSuccess: (report) => {
      queryClient.setQueryData(queryKeys.admin.bugReports.detail(id), report);
      // The row's status and the tab counts changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.bugReports.all });
    },
  });
}
