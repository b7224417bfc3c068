import { z } from 'zod';
import { analyticsCurrencyRevenueSchema } from './analytics';

/**
 * The admin dashboard, /admin (issue 14, docs/decisions/104): the shop's numbers for today, 7 or 30 UTC days,
 * two charts and what needs someone's attention, with a link into each section.
 */

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };
/** Items shown per "needs attention" list; the count says how many there are. */
export const ATTENTION_LIMIT = 5;
/** A paid order still waiting for the printer this long after it could go is late. */
export const FULFILMENT_LATE_HOURS = 2;

export const dashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { message: "period must be 'today', '7d' or '30d'" }).default('7d'),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const orderItem = z.object({
  id: z.uuid(),
  number: z.string(),
  email: z.string(),
  total: z.number().int(),
  currency: z.string(),
  /** When it got into this state (paid, failed, or the problem was last updated). */
  since: z.string(),
  /** The print provider's error or the card's refusal, when there is one. */
  detail: z.string().nullable(),
});
const attention = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

/** One currency's revenue over the period (docs/decisions/134): the analytics report's own shape and rule. */
export const currencyRevenueSchema = analyticsCurrencyRevenueSchema;
export type CurrencyRevenue = z.infer<typeof currencyRevenueSchema>;

export const dashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** UTC days, both included. */
  from: z.string(),
  to: z.string(),
  /** The shop's own currency: kpis.revenue, kpis.orders, the conversion and `daily` count only orders in it. */
  currency: z.string(),
  kpis: z.object({
    /** Paid minus refunded, in the shop's currency, by the day of payment (the analytics rule, decision 094). */
    revenue: z.number().int(),
    /** Orders paid in the shop's currency in the period and not wholly refunded. */
    orders: z.number().int(),
    nominations: z.number().int(),
    /** Nominations accepted by their nominee in the period. */
    claims: z.number().int(),
    new_users: z.number().int(),
    /** Now, whatever the period: new, triaged or in progress. */
    open_bug_reports: z.number().int(),
    /** Daily distinct visitors who allowed analytics, added up (decision 094). */
    visitors: z.number().int(),
    /** orders / visitors; null without visitors. */
    conversion: z.number().nullable(),
  }),
  /**
   * The period's revenue in each currency: the shop's own first (always, even at 0: the same figures as kpis.revenue
   * and kpis.orders), then every other currency that sold in the period, by code.
   */
  revenue_by_currency: z.array(currencyRevenueSchema),
  /** Per UTC day, in the shop's currency; "today" shows the last 7 days so the charts have a shape. */
  daily: z.array(z.object({ day: z.string(), revenue: z.number().int(), orders: z.number().int(), nominations: z.number().int(), claims: z.number().int() })),
  attention: z.object({
    fulfilment_problems: attention(orderItem),
    fulfilment_late: attention(orderItem),
    payment_failures: attention(orderItem),
    /** Payments the provider took whose event never reached us, found and applied by the reconciliation (last 7 days). */
    payments_reconciled: attention(orderItem),
    bug_reports: attention(
      z.object({ id: z.uuid(), title: z.string(), severity: z.string(), status: z.string(), created_at: z.string() }),
    ),
    nominations: attention(
      z.object({ id: z.uuid(), nominee_name: z.string(), award_title: z.string(), created_at: z.string(), share_id: z.string() }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
