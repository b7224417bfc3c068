import { Download } from 'lucide-react';
import type { AnalyticsCsvReport, AnalyticsRangeQuery } from '@/contract/analytics';
import { analyticsCsvHref } from '../api/export-analytics-csv';

/** "CSV": downloads one table of the report for the range on screen. */
export function CsvLink({ range, report, what }: { range: AnalyticsRangeQuery; report: AnalyticsCsvReport; what: string }) {
  return (
    <a
      href={analyticsCsvHref(range, report)}
      download
      aria-label={`Download ${what} as CSV`}
      data-testid={`csv-${report}`}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-line bg-white px-3 text-xs font-semibold text-ink hover:border-ink focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
    >
      <Download className="size-3.5" aria-hidden="true" />
      CSV
    </a>
  );
}
