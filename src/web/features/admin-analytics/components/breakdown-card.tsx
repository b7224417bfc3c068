import type { AnalyticsCsvReport, AnalyticsRangeQuery } from '@/contract/analytics';
import { formatCount, type BreakdownRow } from '../lib/format';
import { BreakdownBars } from './charts';
import { CsvLink } from './csv-link';
import { Panel } from './panel';

/** How many rows the bars show; the table lists every row the report holds. */
const BARS = 8;

/** Top pages, referrers, devices or events: bars of the top rows and the table of all of them beside. */
export function BreakdownCard({
  id,
  title,
  description,
  column,
  eventsColumn = 'Events',
  rows,
  range,
  report,
  emptyText,
}: {
  id: string;
  title: string;
  description?: string;
  /** The table's first column: Page, Source, Device, Event. */
  column: string;
  eventsColumn?: string;
  rows: BreakdownRow[];
  range: AnalyticsRangeQuery;
  report: AnalyticsCsvReport;
  emptyText: string;
}) {
  const top = rows.slice(0, BARS);
  const leader = top[0];
  const summary = leader
    ? `${title}: ${leader.label} leads with ${formatCount(leader.visitors)} ${leader.visitors === 1 ? 'visitor' : 'visitors'} of ${rows.length} listed. The table beside has every number.`
    : `${title}: none in this range.`;
  return (
    <Panel id={id} title={title} description={description} actions={<CsvLink range={range} report={report} what={title.toLowerCase()} />}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{emptyText}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 md:gap-6">
          <BreakdownBars rows={top} summary={summary} />
          {/* A box that scrolls is reachable by keyboard (tab to it, then the arrow keys). */}
          <div className="max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: every number`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}, most visitors first</caption>
              <thead className="sticky top-0 bg-white text-xs tracking-wide text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    {column}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Visitors
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {eventsColumn}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row" className="max-w-0 truncate py-2 pr-3 font-normal" title={r.label}>
                      {r.label}
                    </th>
                    <td className="w-20 py-2 pr-3 text-right tabular-nums">{formatCount(r.visitors)}</td>
                    <td className="w-20 py-2 text-right tabular-nums">{formatCount(r.events)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Panel>
  );
}
