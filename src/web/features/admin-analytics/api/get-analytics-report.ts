import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsReportSchema, type AnalyticsRangeQuery, type AnalyticsReport } from '@/contract/analytics';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/analytics?from&to — visits, pages, referrers, devices, events, both funnels and revenue. */
export async function getAnalyticsReport(range: AnalyticsRangeQuery): Promise<AnalyticsReport> {
  const body = await apiFetch<unknown>('/api/admin/analytics', { query: { from: range.from, to: range.to } });
  const parsed = analyticsReportSchema.safeParse(body);
  // Checked, so a server and page out of step say so instead of drawing nonsense.
  if (!parsed.success) throw new Error('The report arrived in a shape this page does not know. Reload the page; if that does not help, the site is mid-update.');
  return parsed.data;
}

export const analyticsReportQueryOptions = (range: AnalyticsRangeQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.analytics.report({ from: range.from, to: range.to }),
    queryFn: () => getAnalyticsReport(range),
    staleTime: 60_000,
  });

/** The report of a range; the previous range stays on screen (dimmed) while the next one loads. */
export function useAnalyticsReport(range: AnalyticsRangeQuery) {
  return useQuery({ ...analyticsReportQueryOptions(range), placeholderData: keepPreviousData });
}
