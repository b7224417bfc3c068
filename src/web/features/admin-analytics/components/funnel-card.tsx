import type { AnalyticsCsvReport, AnalyticsRangeQuery, AnalyticsReport } from '@/contract/analytics';
import { formatCount, formatPercent } from '../lib/format';
import { CsvLink } from './csv-link';
import { Panel } from './panel';

type FunnelStep = AnalyticsReport['growth_funnel'][number];

/**
 * A funnel as a table (the accessible version and the drawing at once): each step's visitors, a bar as wide as its
 * share of the first step, and the conversion from the step before.
 */
export function FunnelCard({
  id,
  title,
  description,
  steps,
  range,
  report,
  emptyText,
}: {
  id: string;
  title: string;
  description: string;
  steps: FunnelStep[];
  range: AnalyticsRangeQuery;
  report: AnalyticsCsvReport;
  emptyText: string;
}) {
  const first = steps[0]?.visitors ?? 0;
  const last = steps.at(-1);
  const overall = first > 0 && last ? last.visitors / first : 0;
  return (
    <Panel id={id} title={title} description={description} actions={<CsvLink range={range} report={report} what={title.toLowerCase()} />}>
      {first === 0 ? (
        <p className="text-sm text-muted">{emptyText}</p>
      ) : (
        <>
          {/* Fixed layout: the step's name gives way (it truncates) so the numbers fit a phone. */}
          <table className="w-full table-fixed text-left text-sm" data-testid={`${id}-table`}>
            <caption className="sr-only">
              {title}: {formatPercent(overall)} of those at the first step reached the last
            </caption>
            <thead className="text-xs tracking-wide text-ink-soft uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Step
                </th>
                <th scope="col" className="w-20 py-2 pr-3 text-right font-semibold">
                  Visitors
                </th>
                <th scope="col" className="w-24 py-2 text-right font-semibold sm:w-28">
                  <abbr title="Visitors of this step out of the step before" className="no-underline">
                    Conversion
                  </abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((s, i) => (
                <tr key={s.step}>
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    <div className="relative overflow-hidden rounded-lg bg-paper">
                      <div
                        className="absolute inset-y-0 left-0 rounded-lg bg-brand-100"
                        style={{ width: `${Math.max(first > 0 ? (s.visitors / first) * 100 : 0, s.visitors > 0 ? 2 : 0)}%` }}
                        aria-hidden="true"
                      />
                      <span className="relative block truncate px-3 py-2">
                        <span className="mr-2 text-muted tabular-nums" aria-hidden="true">
                          {i + 1}.
                        </span>
                        {s.label}
                      </span>
                    </div>
                  </th>
                  <td className="py-1.5 pr-3 text-right font-semibold tabular-nums">{formatCount(s.visitors)}</td>
                  <td className="py-1.5 text-right tabular-nums text-ink-soft">{i === 0 ? '—' : formatPercent(s.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-ink-soft">
            <strong className="text-ink">{formatPercent(overall)}</strong> of those who {steps[0]?.label.toLowerCase()} went on to the last step (
            {last?.label.toLowerCase()}).
          </p>
        </>
      )}
    </Panel>
  );
}
