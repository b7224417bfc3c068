import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import {
  GROWTH_FUNNEL_STEPS,
  SALES_FUNNEL_LABELS,
  SALES_FUNNEL_STEPS,
  type AnalyticsCsvReport,
  type AnalyticsCurrencyRevenue,
  type AnalyticsReport,
  type AnalyticsRangeQuery,
} from '@/contract/analytics';
import type { Db } from '@/server/db/client';
import { escapeCell } from '@/server/lib/csv';
import type { PaymentStatus } from '@/contract/order-status';
import { addDays, eachDay, missingDays, rollUpDays, rollupRows, utcDay, type RollupDimension } from './analytics-rollup';

/**
 * The admin's analytics report (issue 12, docs/decisions/094): finished days from analytics_daily (rolled up here
 * first when a day has no roll-up yet: at most the range's 366 days, in one scan per 31), today live from
 * analytics_events, and revenue from the orders table.
 */

/**
 * Orders that count as sold: their payment is paid and not (wholly) refunded (the order_overview view, docs/decisions/
 * 108). Their amount is what was kept: everything charged − refunded, so a partial refund lowers the day's revenue
 * and a full refund removes the order. Counted on the UTC day of paid_at and per currency: the shop has no exchange
 * rates (docs/decisions/134), so an order in another currency is never added to the shop's own (soldRevenue).
 */
export const SOLD_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded'];

/** Sold orders of one UTC day in one currency: how many, and what was kept in that currency's minor units. */
export interface SoldRevenue {
  day: string;
  currency: string;
  orders: number;
  amount: number;
}

/** Rows per table in the report (top pages, referrers); the CSV export gives more. */
export const REPORT_TOP = 20;
export const EXPORT_TOP = 1000;

export interface ReportOptions {
  currency: string;
  now?: Date;
  /** Rows per table (pages, referrers, devices, events). */
  top?: number;
}

interface RowOut {
  kind: 'day' | 'sum';
  day: string | null;
  dimension: RollupDimension;
  key: string;
  events: number | string;
  visitors: number | string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** visitors of a step / visitors of the step before; 1 for the first; 0 when the one before had none. */
function funnel(steps: { step: string; label: string; visitors: number }[]) {
  return steps.map((s, i) => {
    const before = i === 0 ? null : steps[i - 1]!.visitors;
    const conversion = before === null ? 1 : before === 0 ? 0 : Math.round((s.visitors / before) * 10_000) / 10_000;
    return { ...s, conversion };
  });
}

/**
 * The revenue rule (SOLD_PAYMENT_STATUSES above) in one query: sold orders per UTC day of payment and per currency,
 * from `range.from` to `range.to` (both included), by day then currency code. The report's days and totals keep its
 * shop's currency, its revenue_by_currency and the dashboard's read every currency apart (docs/decisions/134). A row
 * never mixes two currencies, and a caller that adds rows up must add them per currency.
 */
export async function soldRevenue(db: Db, range: AnalyticsRangeQuery, opts: { currency?: string } = {}): Promise<SoldRevenue[]> {
  const rows = rowsOf<{ day: string; currency: string; orders: number | string; amount: number | string }>(
    await db.execute(sql`
      select (paid_at at time zone 'UTC')::date::text as day, currency, count(*) as orders, sum(captured_total - refunded_total) as amount
      from order_overview
      where paid_at >= ${`${range.from}T00:00:00Z`}::timestamptz and paid_at < ${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz
        and payment_status = any(${sql.param([...SOLD_PAYMENT_STATUSES])}::text[])
        ${opts.currency === undefined ? sql`` : sql`and currency = ${opts.currency}`}
      group by 1, 2 order by 1, 2`),
  );
  return rows.map((r) => ({ day: String(r.day).slice(0, 10), currency: r.currency, orders: Number(r.orders), amount: Number(r.amount) }));
}

/**
 * The range's revenue per currency from soldRevenue's rows: `own` first, always (at 0 when it sold nothing), then each
 * other currency that sold, by code. Amounts are added up day by day within one currency only: without exchange rates,
 * a dollar and a euro never make one sum.
 */
export function revenueByCurrency(own: string, sold: readonly SoldRevenue[]): AnalyticsCurrencyRevenue[] {
  const byCurrency = new Map<string, AnalyticsCurrencyRevenue>([[own, { currency: own, revenue: 0, orders: 0 }]]);
  for (const r of sold) {
    const c = byCurrency.get(r.currency) ?? { currency: r.currency, revenue: 0, orders: 0 };
    byCurrency.set(r.currency, { currency: r.currency, revenue: c.revenue + r.amount, orders: c.orders + r.orders });
  }
  const others = [...byCurrency.values()].filter((c) => c.currency !== own).sort((a, b) => (a.currency < b.currency ? -1 : 1));
  return [byCurrency.get(own)!, ...others];
}

export async function analyticsReport(db: Db, range: AnalyticsRangeQuery, opts: ReportOptions): Promise<AnalyticsReport> {
  return (await reportAndSales(db, range, opts)).report;
}

/** The report, and the sold rows of every currency it was built from (the CSV export lists them all). */
async function reportAndSales(db: Db, range: AnalyticsRangeQuery, opts: ReportOptions): Promise<{ report: AnalyticsReport; sold: SoldRevenue[] }> {
  const { from, to } = range;
  const today = utcDay(opts.now ?? new Date());
  const top = opts.top ?? REPORT_TOP;
  const lastFinished = to < today ? to : addDays(today, -1);

  // Finished days without a roll-up (never rolled up, or before the job first ran): roll them up now.
  const missing = await missingDays(db, from, lastFinished);
  if (missing.length) await rollUpDays(db, missing);

  const live = from <= today && today <= to;
  const rolled = from <= lastFinished ? sql`select day, dimension, key, events, visitors from analytics_daily where day between ${from}::date and ${lastFinished}::date` : null;
  const today_ = live ? sql`select * from (${rollupRows([today])}) as t` : null;
  const parts = [rolled, today_].filter((p) => p !== null);

  const rows = parts.length
    ? rowsOf<RowOut>(
        await db.execute(sql`
          with r as (${sql.join(parts, sql` union all `)})
          select 'day' as kind, day::text as day, dimension, key, events, visitors from r
            where dimension = 'total' or (dimension = 'event' and key = 'page_view')
          union all
          select 'sum', null, dimension, key, events, visitors from (
            select dimension, key, sum(events) as events, sum(visitors) as visitors,
                   row_number() over (partition by dimension order by sum(events) desc, sum(visitors) desc, key) as rank
            from r where dimension <> 'total' group by dimension, key
          ) as s
          where rank <= ${top} or dimension = 'funnel_step' or (dimension = 'page' and key = '/gallery')`),
      )
    : [];

  // Every currency in one query: the days and totals take the shop's own, revenue_by_currency all of them.
  const sold = await soldRevenue(db, range);

  const days = eachDay(from, to);
  const visitorsByDay = new Map<string, number>();
  const viewsByDay = new Map<string, number>();
  let events = 0;
  const sums = new Map<RollupDimension, { key: string; events: number; visitors: number }[]>();
  for (const r of rows) {
    const n = { events: Number(r.events), visitors: Number(r.visitors) };
    if (r.kind === 'day') {
      const day = String(r.day).slice(0, 10);
      if (r.dimension === 'total') {
        visitorsByDay.set(day, n.visitors);
        events += n.events;
      } else viewsByDay.set(day, n.events);
    } else {
      const list = sums.get(r.dimension) ?? [];
      list.push({ key: r.key, ...n });
      sums.set(r.dimension, list);
    }
  }
  for (const list of sums.values()) list.sort((a, b) => b.events - a.events || b.visitors - a.visitors || (a.key < b.key ? -1 : 1));
  const sum = (dimension: RollupDimension) => sums.get(dimension) ?? [];
  const topOf = (dimension: RollupDimension) => sum(dimension).slice(0, top);
  const visitorsOf = (dimension: RollupDimension, key: string) => sum(dimension).find((r) => r.key === key)?.visitors ?? 0;

  const daily = days.map((day) => ({ day, visitors: visitorsByDay.get(day) ?? 0, page_views: viewsByDay.get(day) ?? 0 }));
  const revenueByDay = new Map(sold.filter((r) => r.currency === opts.currency).map((r) => [r.day, { orders: r.orders, amount: r.amount }]));
  const revenue = days.map((day) => ({ day, ...(revenueByDay.get(day) ?? { orders: 0, amount: 0 }) }));

  const report: AnalyticsReport = {
    from,
    to,
    totals: {
      visitors: daily.reduce((a, d) => a + d.visitors, 0),
      page_views: daily.reduce((a, d) => a + d.page_views, 0),
      events,
      orders: revenue.reduce((a, d) => a + d.orders, 0),
      revenue: revenue.reduce((a, d) => a + d.amount, 0),
    },
    daily,
    top_pages: topOf('page').map((r) => ({ page: r.key, visitors: r.visitors, events: r.events })),
    referrers: topOf('referrer').map((r) => ({ referrer: r.key, visitors: r.visitors, events: r.events })),
    devices: topOf('device').map((r) => ({ device: r.key, visitors: r.visitors, events: r.events })),
    events: topOf('event').map((r) => ({ event_type: r.key, visitors: r.visitors, events: r.events })),
    growth_funnel: funnel(
      GROWTH_FUNNEL_STEPS.map(({ step, label }) => ({ step, label, visitors: step === 'gallery' ? visitorsOf('page', '/gallery') : visitorsOf('event', step) })),
    ),
    sales_funnel: funnel(SALES_FUNNEL_STEPS.map((step) => ({ step, label: SALES_FUNNEL_LABELS[step], visitors: visitorsOf('funnel_step', step) }))),
    revenue,
    currency: opts.currency,
    revenue_by_currency: revenueByCurrency(opts.currency, sold),
  };
  return { report, sold };
}

/** One table of the report for the range as CSV (at most EXPORT_TOP rows per breakdown). */
export async function analyticsCsv(db: Db, range: AnalyticsRangeQuery, which: AnalyticsCsvReport, opts: Omit<ReportOptions, 'top'>): Promise<string> {
  const { report, sold } = await reportAndSales(db, range, { ...opts, top: EXPORT_TOP });
  return reportCsv(report, which, sold);
}

/**
 * Revenue rows for the CSV: each day of the report in its own currency (zeros included, as `report.revenue`), then a
 * row for each other currency that sold that day, by code. Each row is in the currency it names.
 */
function revenueRows(report: AnalyticsReport, sold: readonly SoldRevenue[]) {
  const othersByDay = new Map<string, SoldRevenue[]>();
  for (const r of sold) {
    if (r.currency === report.currency) continue;
    othersByDay.set(r.day, [...(othersByDay.get(r.day) ?? []), r]);
  }
  return report.revenue.flatMap((d) => [
    [d.day, d.orders, d.amount, report.currency],
    ...(othersByDay.get(d.day) ?? []).sort((a, b) => (a.currency < b.currency ? -1 : 1)).map((r) => [r.day, r.orders, r.amount, r.currency]),
  ]);
}

/**
 * One table of the report as CSV (csv-stringify quotes; text that a spreadsheet would run as a formula is escaped).
 * `sold` is soldRevenue's rows of the report's range, every currency: the revenue table lists them all.
 */
export function reportCsv(report: AnalyticsReport, which: AnalyticsCsvReport, sold: readonly SoldRevenue[]): string {
  const table = (columns: string[], records: unknown[][]) => stringify(records, { header: true, columns, cast: { string: escapeCell } });
  switch (which) {
    case 'daily':
      return table(['day', 'visitors', 'page_views'], report.daily.map((d) => [d.day, d.visitors, d.page_views]));
    case 'pages':
      return table(['page', 'page_views', 'visitors'], report.top_pages.map((r) => [r.page, r.events, r.visitors]));
    case 'referrers':
      return table(['referrer', 'events', 'visitors'], report.referrers.map((r) => [r.referrer, r.events, r.visitors]));
    case 'devices':
      return table(['device', 'events', 'visitors'], report.devices.map((r) => [r.device, r.events, r.visitors]));
    case 'events':
      return table(['event_type', 'events', 'visitors'], report.events.map((r) => [r.event_type, r.events, r.visitors]));
    case 'growth_funnel':
      return table(['step', 'label', 'visitors', 'conversion'], report.growth_funnel.map((s) => [s.step, s.label, s.visitors, s.conversion]));
    case 'sales_funnel':
      return table(['step', 'label', 'visitors', 'conversion'], report.sales_funnel.map((s) => [s.step, s.label, s.visitors, s.conversion]));
    case 'revenue':
      return table(['day', 'orders', 'amount_minor_units', 'currency'], revenueRows(report, sold));
  }
}

/** certifiable-analytics-pages-2026-01-01-to-2026-01-31.csv */
export const csvFileName = (which: AnalyticsCsvReport, range: AnalyticsRangeQuery) =>
  `certifiable-analytics-${which.replace(/_/g, '-')}-${range.from}-to-${range.to}.csv`;
