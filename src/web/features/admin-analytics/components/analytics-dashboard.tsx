import { BarChart3, Eye, Receipt, Users } from 'lucide-react';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { AnalyticsRangeQuery, AnalyticsReport } from '@/contract/analytics';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { formatMoney } from '@/web/lib/money';
import { cn } from '@/web/lib/utils';
import { useAnalyticsReport } from '../api/get-analytics-report';
import { DEFAULT_PERIOD, longDay, rangeFromParams, rangeLabel } from '../lib/date-range';
import { breakdownRows, deviceLabel, eventLabel, formatCount, referrerLabel } from '../lib/format';
import { plural } from '@/contract/format';
import { BreakdownCard } from './breakdown-card';
import { RevenueChart, TrafficChart } from './charts';
import { CsvLink } from './csv-link';
import { FunnelCard } from './funnel-card';
import { Panel } from './panel';
import { RangePicker } from './range-picker';
import { RevenueByCurrency } from '@/web/components/admin/revenue-by-currency';

/**
 * /admin/analytics, laid out as Plausible's dashboard: the range (in the URL), four numbers, visitors per day, where
 * they came from and what they did, the two funnels and the money. Only visitors who allowed Analytics in the cookie
 * banner are counted (docs/decisions/097); orders and revenue come from the orders themselves. The Orders and Revenue
 * figures, the revenue chart and its table are in the shop's own currency; when other currencies sold too, they say so
 * and "Revenue by currency" lists each apart (docs/decisions/134).
 */
export function AnalyticsDashboard() {
  const [params, setParams] = useUrlParams();
  const { range, problem } = useMemo(() => rangeFromParams(params), [params]);
  const report = useAnalyticsReport(range);
  const data = report.data;

  return (
    <section>
      <h1 className="text-3xl font-semibold sm:text-4xl">Analytics</h1>
      <p className="mt-2 text-ink-soft">
        Visits, funnels and which awards people actually send, from visitors who allowed analytics. Days are UTC.
      </p>

      <div className="mt-6">
        <RangePicker
          range={range}
          onPreset={(period) => setParams({ period: period === DEFAULT_PERIOD ? undefined : period, from: undefined, to: undefined }, { push: true })}
          onCustom={(from, to) => setParams({ period: 'custom', from, to }, { push: true })}
        />
      </div>

      <p className="mt-4 text-sm font-semibold text-ink-soft" role="status" aria-live="polite">
        {report.isFetching ? `Loading ${rangeLabel(range)}…` : rangeLabel(range)}
      </p>

      {problem ? (
        <Notice tone="error" title="Those dates do not work" className="mt-4">
          {problem}
        </Notice>
      ) : null}

      {report.isError ? (
        <Notice tone="error" title="The analytics report did not load" className="mt-4">
          <p>{report.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : null}

      {!data && report.isPending ? <DashboardSkeleton /> : null}

      {data ? (
        <div className={cn('mt-4 grid gap-4 transition-opacity sm:gap-6', report.isPlaceholderData && 'opacity-60')} aria-busy={report.isFetching}>
          <Report data={data} range={range} />
        </div>
      ) : null}
    </section>
  );
}

/** Sold in another currency than the shop's: the totals, the chart and the table count the shop's currency only. */
const soldInOtherCurrencies = (data: AnalyticsReport) => data.revenue_by_currency.some((r) => r.currency !== data.currency);

function Report({ data, range }: { data: AnalyticsReport; range: AnalyticsRangeQuery }) {
  const noVisits = data.totals.visitors === 0 && data.totals.page_views === 0 && data.totals.events === 0;
  const others = soldInOtherCurrencies(data);
  return (
    <>
      <KpiCards data={data} />
      {others ? <RevenueByCurrency rows={data.revenue_by_currency} own={data.currency} testId="revenue-by-currency" note="The revenue CSV has every currency, day by day." /> : null}
      {noVisits ? (
        <Notice title="No visits yet in this range" className="bg-white">
          Analytics only counts visitors who allowed it in the cookie banner, so a quiet day is possible. Try a longer range
          above, or open the shop in another browser, choose Accept All in the banner and look around: your visit shows up
          here within a minute.
        </Notice>
      ) : (
        <>
          <TrafficPanel data={data} range={range} />
          <div className="grid gap-4 sm:gap-6">
            <BreakdownCard
              id="pages"
              title="Top pages"
              description="Pages with secrets in their address (claim links, orders) are counted under one name."
              column="Page"
              eventsColumn="Views"
              rows={breakdownRows(data.top_pages, 'page')}
              range={range}
              report="pages"
              emptyText="No page views in this range."
            />
            <BreakdownCard
              id="referrers"
              title="Referrers"
              description="Other sites that sent visitors. Typed addresses, bookmarks and apps that hide where a visit came from are not listed."
              column="Source"
              eventsColumn="Visits"
              rows={breakdownRows(data.referrers, 'referrer', referrerLabel)}
              range={range}
              report="referrers"
              emptyText="No referrers in this range."
            />
            <BreakdownCard
              id="devices"
              title="Devices"
              column="Device"
              rows={breakdownRows(data.devices, 'device', deviceLabel)}
              range={range}
              report="devices"
              emptyText="No devices in this range."
            />
            <BreakdownCard
              id="events"
              title="Events"
              description="Everything the site records, page views included."
              column="Event"
              rows={breakdownRows(data.events, 'event_type', eventLabel)}
              range={range}
              report="events"
              emptyText="No events in this range."
            />
          </div>
          <div className="grid gap-4 sm:gap-6 xl:grid-cols-2">
            <FunnelCard
              id="growth-funnel"
              title="Growth funnel"
              description="From browsing the gallery to nominating, sharing, claiming and ordering: visitors at each step (counted per day), and how many of the step before went on."
              steps={data.growth_funnel}
              range={range}
              report="growth_funnel"
              emptyText="Nobody viewed the gallery in this range, so the funnel has no start."
            />
            <FunnelCard
              id="sales-funnel"
              title="Sales funnel"
              description="Checkout, payment, the one-time offers and the thank-you page."
              steps={data.sales_funnel}
              range={range}
              report="sales_funnel"
              emptyText="Nobody reached the funnel's checkout in this range."
            />
          </div>
        </>
      )}
      <RevenuePanel data={data} range={range} />
    </>
  );
}

const KPIS: { key: 'visitors' | 'page_views' | 'orders' | 'revenue'; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { key: 'visitors', label: 'Visitors', icon: Users },
  { key: 'page_views', label: 'Page views', icon: Eye },
  { key: 'orders', label: 'Orders', icon: Receipt },
  { key: 'revenue', label: 'Revenue', icon: BarChart3 },
];

function KpiCards({ data }: { data: AnalyticsReport }) {
  // Orders and revenue count the shop's currency only: named when other currencies sold too.
  const inOwn = soldInOtherCurrencies(data) ? ` in ${data.currency}` : '';
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {KPIS.map(({ key, label, icon: Icon }) => (
        <div key={key} className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5" data-testid={`kpi-${key}`}>
          <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-ink-soft uppercase">
            <Icon className="size-4 text-brand-600" aria-hidden="true" />
            {key === 'orders' || key === 'revenue' ? `${label}${inOwn}` : label}
          </dt>
          <dd className="mt-2 truncate text-2xl font-semibold tabular-nums sm:text-3xl">
            {key === 'revenue' ? formatMoney(data.totals.revenue, data.currency) : formatCount(data.totals[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function TrafficPanel({ data, range }: { data: AnalyticsReport; range: AnalyticsRangeQuery }) {
  const busiest = data.daily.reduce<AnalyticsReport['daily'][number] | undefined>((best, d) => (!best || d.visitors > best.visitors ? d : best), undefined);
  const summary = `Visitors and page views per day, ${rangeLabel(range)}: ${formatCount(data.totals.visitors)} ${plural(data.totals.visitors, 'visitor', 'visitors')} and ${formatCount(
    data.totals.page_views,
  )} ${plural(data.totals.page_views, 'page view', 'page views')}${busiest && busiest.visitors > 0 ? `; the busiest day was ${longDay(busiest.day)} with ${formatCount(busiest.visitors)} ${plural(busiest.visitors, 'visitor', 'visitors')}` : ''}.`;
  return (
    <Panel
      id="traffic"
      title="Visitors and page views"
      description={<Legend items={[['Visitors', 'bg-brand-600'], ['Page views', 'bg-gold']]} />}
      actions={<CsvLink range={range} report="daily" what="visitors and page views per day" />}
    >
      <TrafficChart daily={data.daily} summary={summary} />
      <NumbersTable caption="Visitors and page views per day" headers={['Day', 'Visitors', 'Page views']}>
        {data.daily.map((d) => (
          <tr key={d.day}>
            <th scope="row" className="py-1.5 pr-3 font-normal">
              {longDay(d.day)}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(d.visitors)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatCount(d.page_views)}</td>
          </tr>
        ))}
      </NumbersTable>
    </Panel>
  );
}

function RevenuePanel({ data, range }: { data: AnalyticsReport; range: AnalyticsRangeQuery }) {
  const paidDays = data.revenue.filter((d) => d.amount > 0);
  // Other currencies sold too: everything here is the shop's currency only, and says so.
  const inOwn = soldInOtherCurrencies(data) ? ` in ${data.currency}` : '';
  const summary = `Revenue per day${inOwn}, ${rangeLabel(range)}: ${formatMoney(data.totals.revenue, data.currency)} from ${formatCount(data.totals.orders)} ${
    data.totals.orders === 1 ? 'order' : 'orders'
  } on ${paidDays.length} ${paidDays.length === 1 ? 'day' : 'days'}.`;
  return (
    <Panel
      id="revenue"
      title={`Revenue per day${inOwn}`}
      description={
        inOwn
          ? `Orders paid in ${data.currency} by the day they were paid, less refunds. Orders in other currencies are under "Revenue by currency" above and in the CSV, never added to these.`
          : 'Paid orders by the day they were paid, less refunds; from the orders themselves, so every order counts.'
      }
      actions={<CsvLink range={range} report="revenue" what={inOwn ? 'revenue per day in every currency' : 'revenue per day'} />}
    >
      {data.totals.orders === 0 ? (
        <p className="text-sm text-muted">{inOwn ? `No orders paid in ${data.currency} in this range.` : 'No paid orders in this range.'}</p>
      ) : (
        <>
          <RevenueChart revenue={data.revenue} currency={data.currency} summary={summary} />
          <NumbersTable caption={`Orders and revenue per day${inOwn}`} headers={['Day', 'Orders', 'Revenue']}>
            {paidDays.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {longDay(d.day)}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(d.orders)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatMoney(d.amount, data.currency)}</td>
              </tr>
            ))}
          </NumbersTable>
        </>
      )}
    </Panel>
  );
}

function Legend({ items }: { items: [string, string][] }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
      {items.map(([label, swatch]) => (
        <span key={label} className="inline-flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-full', swatch)} />
          {label}
        </span>
      ))}
    </span>
  );
}

/** The numbers behind a chart, folded away under the drawing. */
function NumbersTable({ caption, headers, children }: { caption: string; headers: [string, string, string]; children: ReactNode }) {
  return (
    <details className="group mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700 underline-offset-4 hover:underline">Show the numbers</summary>
      <div className="mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-white text-xs tracking-wide text-ink-soft uppercase">
            <tr>
              {headers.map((h, i) => (
                <th key={h} scope="col" className={cn('py-2 font-semibold', i > 0 && 'text-right', i < 2 && 'pr-3')}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">{children}</tbody>
        </table>
      </div>
    </details>
  );
}

function DashboardSkeleton() {
  return (
    <div className="mt-4 grid gap-4 sm:gap-6" aria-busy="true" aria-label="Loading the analytics report">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
