import type { AnalyticsEventType } from '@/contract/analytics';

const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 12,345 */
export const formatCount = (n: number) => count.format(n);
/** 0.4217 → "42.2%" */
export const formatPercent = (ratio: number) => percent.format(Number.isFinite(ratio) ? ratio : 0);

/** What each event is called on the dashboard. */
export const EVENT_LABELS: Record<AnalyticsEventType, string> = {
  page_view: 'Page views',
  session_start: 'Sign-ins',
  user_activity: 'Active signed-in visitors (per 30 s)',
  nomination_created: 'Nominations filed',
  certificate_shared: 'Certificates shared',
  award_claimed: 'Awards claimed',
  quiz_started: 'Quizzes started',
  quiz_completed: 'Quizzes completed',
  funnel_step: 'Sales funnel steps',
  add_to_cart: 'Added to cart',
  checkout_started: 'Checkouts started',
  order_completed: 'Orders completed',
};

export const eventLabel = (type: string) => EVENT_LABELS[type as AnalyticsEventType] ?? type;

/** A referrer row: the server stores another site's host (visits without one are not listed). */
export const referrerLabel = (host: string) => host || 'Unknown';

/** mobile, tablet, desktop (the server's device classes) as a heading reads them. */
export const deviceLabel = (device: string) => (device ? device.charAt(0).toUpperCase() + device.slice(1) : 'Unknown');

/** The chart colours: the brand's tokens of styles.css (SVG attributes cannot read Tailwind classes). */
export const CHART_COLORS = {
  brand: '#c8102e',
  brandSoft: '#fec5cb',
  gold: '#e0a526',
  ink: '#1f1a17',
  muted: '#6b5f57',
  line: '#e8dccb',
} as const;

export interface BreakdownRow {
  label: string;
  visitors: number;
  events: number;
}

/** A breakdown of the report (top_pages by `page`, referrers by `referrer`, …) as rows of the dashboard. */
export function breakdownRows<K extends string>(
  rows: readonly (Record<K, string> & { visitors: number; events: number })[],
  key: K,
  label: (value: string) => string = (v) => v,
): BreakdownRow[] {
  return rows.map((r) => ({ label: label(r[key]), visitors: r.visitors, events: r.events }));
}
