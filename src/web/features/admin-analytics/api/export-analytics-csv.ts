import type { AnalyticsCsvReport, AnalyticsRangeQuery } from '@/contract/analytics';
import { withQuery } from '@/web/lib/api-client';

/**
 * GET /api/admin/analytics/export.csv?from&to&report — a plain link: the browser downloads the file with the
 * admin's session cookie, and a spreadsheet opens it.
 */
export const analyticsCsvHref = (range: AnalyticsRangeQuery, report: AnalyticsCsvReport) =>
  withQuery('/api/admin/analytics/export.csv', { from: range.from, to: range.to, report });
