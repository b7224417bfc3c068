import { sql } from 'drizzle-orm';
import { ATTENTION_LIMIT, FULFILMENT_LATE_HOURS, type Dashboard, type DashboardPeriod } from '@/contract/admin-dashboard';
import type { Db } from '@/server/db/client';
import { analyticsReport, revenueByCurrency, soldRevenue } from '../analytics';
import { addDays, eachDay, utcDay } from '@/server/lib/utc-days';

/**
 * The admin dashboard (issue 14, docs/decisions/104). Revenue, paid orders and visitors come from the analytics
 * report (decision 094: one revenue rule, one visitor rule); the rest are counts of their own tables over the same
 * UTC days. "Needs attention" lists states, not periods: what is wrong now. Revenue is in the shop's currency, with
 * the period's revenue in every other currency it sold in beside it, each apart (docs/decisions/134).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (v: string | Date) => new Date(v).toISOString();
const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
/** Orders whose card was refused stay worth a look this long: after that the shopper has gone. */
export const PAYMENT_FAILURE_DAYS = 7;
/** Bug reports that still need someone: the dashboard's open count. */
export const OPEN_BUG_STATUSES = ['new', 'triaged', 'in_progress'] as const;

export interface DashboardOptions {
  currency: string;
  now?: Date;
}

interface OrderRow {
  id: string;
  number: string;
  email: string;
  total: number | string;
  currency: string;
  since: string | Date;
  detail: string | null;
  n: number | string;
}

export async function dashboard(db: Db, period: DashboardPeriod, opts: DashboardOptions): Promise<Dashboard> {
  const now = opts.now ?? new Date();
  const to = utcDay(now);
  const from = addDays(to, 1 - PERIOD_DAYS[period]);
  // The charts need more than one bar: "today" draws the last 7 days.
  const chartFrom = addDays(to, 1 - Math.max(7, PERIOD_DAYS[period]));
  const start = (day: string) => `${day}T00:00:00Z`;
  const end = start(addDays(to, 1));

  const report = await analyticsReport(db, { from: chartFrom, to }, { currency: opts.currency, now });
  const perDay = rowsOf<{ day: string; nominations: number | string; claims: number | string }>(
    await db.execute(sql`
      with n as (
        select (created_at at time zone 'UTC')::date as day, count(*) as nominations, 0 as claims from nominations
        where created_at >= ${start(chartFrom)}::timestamptz and created_at < ${end}::timestamptz group by 1
        union all
        select (claimed_at at time zone 'UTC')::date, 0, count(*) from nominations
        where status = 'claimed' and claimed_at >= ${start(chartFrom)}::timestamptz and claimed_at < ${end}::timestamptz group by 1
      )
      select day::text as day, sum(nominations) as nominations, sum(claims) as claims from n group by 1`),
  );
  const byDay = new Map(perDay.map((r) => [String(r.day).slice(0, 10), { nominations: Number(r.nominations), claims: Number(r.claims) }]));
  const revenueByDay = new Map(report.revenue.map((r) => [r.day, r]));
  const daily = eachDay(chartFrom, to).map((day) => ({
    day,
    revenue: revenueByDay.get(day)?.amount ?? 0,
    orders: revenueByDay.get(day)?.orders ?? 0,
    nominations: byDay.get(day)?.nominations ?? 0,
    claims: byDay.get(day)?.claims ?? 0,
  }));
  const inPeriod = daily.filter((d) => d.day >= from);
  const visitors = report.daily.filter((d) => d.day >= from).reduce((a, d) => a + d.visitors, 0);
  const sum = (k: 'revenue' | 'orders' | 'nominations' | 'claims') => inPeriod.reduce((a, d) => a + d[k], 0);

  const [counts] = rowsOf<{ users: number | string; bugs: number | string }>(
    await db.execute(sql`
      select (select count(*) from users where created_at >= ${start(from)}::timestamptz and created_at < ${end}::timestamptz) as users,
             (select count(*) from bug_reports where status = any(${sql.param([...OPEN_BUG_STATUSES])}::text[])) as bugs`),
  );
  const orders = sum('orders');
  // The own currency's figures are the KPIs' (the report, same rule): the list and the card cannot disagree.
  const byCurrency = revenueByCurrency(opts.currency, await soldRevenue(db, { from, to }));

  const orderList = async (where: ReturnType<typeof sql>, since: ReturnType<typeof sql>, detail: ReturnType<typeof sql>) => {
    const rows = rowsOf<OrderRow>(
      await db.execute(sql`
        select id, number, email, total, currency, ${since} as since, ${detail} as detail, count(*) over () as n
        from order_overview where ${where}
        order by ${since} desc limit ${ATTENTION_LIMIT}`),
    );
    return {
      count: Number(rows[0]?.n ?? 0),
      items: rows.map((r) => ({ id: r.id, number: r.number, email: r.email, total: Number(r.total), currency: r.currency, since: iso(r.since), detail: r.detail })),
    };
  };

  const [problems, late, failures, reconciled] = [
    await orderList(sql`fulfilment_status = 'problem'`, sql`fulfilment_updated_at`, sql`fulfilment_error`),
    await orderList(
      // Waiting for the printer well after it was handed over (a paid order, its funnel offers settled).
      sql`fulfilment_status = 'pending' and fulfilment_updated_at < ${new Date(now.getTime() - FULFILMENT_LATE_HOURS * 3_600_000).toISOString()}::timestamptz`,
      sql`fulfilment_updated_at`,
      sql`fulfilment_error`,
    ),
    await orderList(
      sql`status = 'pending' and payment_status = 'failed' and payment_updated_at >= ${new Date(now.getTime() - PAYMENT_FAILURE_DAYS * 86_400_000).toISOString()}::timestamptz`,
      sql`payment_updated_at`,
      sql`payment_failure_message`,
    ),
    // What the reconciliation fixed: the provider had the money, our webhook never got the event (docs/decisions/108).
    await orderList(
      sql`id in (select order_id from payment_transitions where actor = 'reconciliation'
          and created_at >= ${new Date(now.getTime() - PAYMENT_FAILURE_DAYS * 86_400_000).toISOString()}::timestamptz)`,
      sql`paid_at`,
      sql`'Found paid at the provider by the reconciliation'::text`,
    ),
  ];

  const bugRows = rowsOf<{ id: string; title: string; severity: string; status: string; created_at: string | Date; n: number | string }>(
    await db.execute(sql`
      select id, title, severity, status, created_at, count(*) over () as n from bug_reports
      where status = 'new' or (severity = 'critical' and status = any(${sql.param([...OPEN_BUG_STATUSES])}::text[]))
      order by (severity = 'critical') desc, created_at desc limit ${ATTENTION_LIMIT}`),
  );
  // Nothing is reported or queued for moderation (certificates are public at once, decisions 034/036): the newest
  // public ones of the period are what a moderator skims.
  const nominationRows = rowsOf<{ id: string; nominee_name: string; award_title: string; created_at: string | Date; share_id: string; n: number | string }>(
    await db.execute(sql`
      select n.id, n.nominee_name, a.title as award_title, n.created_at, n.share_id, count(*) over () as n
      from nominations n join awards a on a.id = n.award_id
      where n.is_public and not n.hidden and n.status <> 'declined'
        and n.created_at >= ${start(from)}::timestamptz and n.created_at < ${end}::timestamptz
      order by n.created_at desc limit ${ATTENTION_LIMIT}`),
  );

  return {
    period,
    from,
    to,
    currency: opts.currency,
    kpis: {
      revenue: sum('revenue'),
      orders,
      nominations: sum('nominations'),
      claims: sum('claims'),
      new_users: Number(counts?.users ?? 0),
      open_bug_reports: Number(counts?.bugs ?? 0),
      visitors,
      conversion: visitors > 0 ? Math.round((orders / visitors) * 10_000) / 10_000 : null,
    },
    revenue_by_currency: byCurrency,
    daily,
    attention: {
      fulfilment_problems: problems,
      fulfilment_late: late,
      payment_failures: failures,
      payments_reconciled: reconciled,
      bug_reports: {
        count: Number(bugRows[0]?.n ?? 0),
        items: bugRows.map((r) => ({ id: r.id, title: r.title, severity: r.severity, status: r.status, created_at: iso(r.created_at) })),
      },
      nominations: {
        count: Number(nominationRows[0]?.n ?? 0),
        items: nominationRows.map((r) => ({ id: r.id, nominee_name: r.nominee_name, award_title: r.award_title, created_at: iso(r.created_at), share_id: r.share_id })),
      },
    },
  };
}
