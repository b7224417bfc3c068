import { z } from 'zod';
import { calendarDate } from './fields';

/**
 * Product analytics (spec §3 "Analytics event", §7 track-analytics, §9; issue 12, docs/decisions/094). The
 * browser sends events only after the visitor allowed analytics; they are batched and sent with sendBeacon.
 */

/** Every event the product records; a feature adds its own name here when it starts sending one. */
export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'session_start',
  'user_activity',
  'nomination_created',
  'certificate_shared',
  'award_claimed',
  'quiz_started',
  'quiz_completed',
  'funnel_step',
  'add_to_cart',
  'checkout_started',
  'order_completed',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const ANALYTICS_LIMITS = {
  /** Events in one batch. */
  batchMax: 20,
  /** event_data as JSON, in bytes. */
  eventDataMaxBytes: 2048,
  urlMax: 2000,
  /** Spec §9: user_activity at most once per 30,000 ms. */
  userActivityIntervalMs: 30_000,
} as const;

/** The browser's anonymous id: random, base64url, a new one every day (never tied to a person without sign-in). */
export const analyticsSessionIdSchema = z
  .string({ message: 'session_id is required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'session_id must be 16 to 64 letters, digits, - or _' });

/**
 * The steps of the sales funnel (spec §1: checkout, thank-you, timer, one-time offer 1 and its downsell), sent as
 * `funnel_step` events with event_data.step (issue 13 sends them). The admin report shows them in this order.
 */
export const SALES_FUNNEL_STEPS = ['checkout', 'paid', 'oto1', 'oto1_accepted', 'downsell', 'downsell_accepted', 'thank_you'] as const;
export type SalesFunnelStep = (typeof SALES_FUNNEL_STEPS)[number];

export const SALES_FUNNEL_LABELS: Record<SalesFunnelStep, string> = {
  checkout: 'Checkout',
  paid: 'Paid',
  oto1: 'Saw the one-time offer',
  oto1_accepted: 'Took the one-time offer',
  downsell: 'Saw the downsell',
  downsell_accepted: 'Took the downsell',
  thank_you: 'Thank-you page',
};

/**
 * The growth funnel of the report: visitors who viewed the gallery (a page_view of /gallery), then those who
 * nominated, shared, claimed and ordered (events of these types).
 */
export const GROWTH_FUNNEL_STEPS = [
  { step: 'gallery', label: 'Viewed the gallery' },
  { step: 'nomination_created', label: 'Nominated' },
  { step: 'certificate_shared', label: 'Shared a certificate' },
  { step: 'award_claimed', label: 'Claimed an award' },
  { step: 'order_completed', label: 'Ordered' },
] as const;

/**
 * Pages whose path carries a secret or an item id: recorded as the route's pattern, so no token reaches the
 * analytics tables and the pages table lists pages, not items (docs/decisions/094). The static paths below win
 * (/order/success stays as it is).
 */
const MASKED_PATHS = [
  '/claim/:token',
  '/order/:orderId',
  '/pay/test/:sessionId',
  '/certificate/:shareId',
  '/quiz/results/:resultId',
  '/auth/reset-password/:token',
  '/admin/crm/contact/:id',
] as const;
const STATIC_PATHS = new Set(['/order/success', '/quiz/gallery', '/nominate/success', '/auth/reset-password']);
const PATH_MAX = 500;

/**
 * The path an event is recorded under, for a pathname of this site (the browser passes location.pathname; the
 * server applies it again to whatever it is sent): lower case, no query or fragment, no repeated or trailing slash,
 * and the secret segments of MASKED_PATHS replaced by their parameter names — /claim/abc → /claim/:token.
 */
export function analyticsPath(pathname: string): string {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  // The router matches paths case-insensitively: /Gallery is /gallery.
  const lower = path.toLowerCase();
  if (STATIC_PATHS.has(lower)) return lower;
  const segments = lower.split('/');
  for (const pattern of MASKED_PATHS) {
    const parts = pattern.split('/');
    // A longer path under a masked prefix is masked whole (whatever follows a token may be secret as well).
    if (segments.length >= parts.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))) {
      return pattern;
    }
  }
  return lower.slice(0, PATH_MAX);
}

const analyticsEventFields = z.object({
  event_type: z.enum(ANALYTICS_EVENT_TYPES, { message: 'event_type is not an event this site records' }),
  event_category: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'event_category must be lower-case letters, digits and _' })
    .default('user_action'),
  event_data: z
    .record(z.string().max(64), z.unknown())
    .default({})
    .refine((d) => JSON.stringify(d).length <= ANALYTICS_LIMITS.eventDataMaxBytes, {
      message: `event_data must be at most ${ANALYTICS_LIMITS.eventDataMaxBytes} bytes of JSON`,
    }),
  /** A path of this site (`/gallery`; a full URL of this site is accepted too), stored as analyticsPath() of it. */
  page_url: z.string().max(ANALYTICS_LIMITS.urlMax, { message: `page_url must be at most ${ANALYTICS_LIMITS.urlMax} characters` }),
  /** document.referrer as it is: only another site's host is stored. */
  referrer: z.string().max(ANALYTICS_LIMITS.urlMax, { message: `referrer must be at most ${ANALYTICS_LIMITS.urlMax} characters` }).optional(),
  /** Not needed: the server takes the User-Agent header. */
  user_agent: z.string().max(1000).optional(),
});

/** A funnel_step event names its step, one of SALES_FUNNEL_STEPS, in event_data.step. */
function funnelStepNamed(event: { event_type: string; event_data: Record<string, unknown> }, ctx: z.RefinementCtx) {
  if (event.event_type === 'funnel_step' && !(SALES_FUNNEL_STEPS as readonly unknown[]).includes(event.event_data.step)) {
    ctx.addIssue({ code: 'custom', path: ['event_data', 'step'], message: `event_data.step must be one of ${SALES_FUNNEL_STEPS.join(', ')}` });
  }
}

export const analyticsEventSchema = analyticsEventFields.superRefine(funnelStepNamed);
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/** The batch form of track-analytics, which the web app sends (sendBeacon when the page is hidden). */
export const trackAnalyticsBatchSchema = z.object({
  session_id: analyticsSessionIdSchema,
  events: z.array(analyticsEventSchema).min(1, { message: 'events must hold at least one event' }).max(ANALYTICS_LIMITS.batchMax, {
    message: `events may hold at most ${ANALYTICS_LIMITS.batchMax} events`,
  }),
  csrf_token: z.string().max(200).optional(),
});
/** The single-event form: spec §7's body plus the anonymous id. */
export const trackAnalyticsSingleSchema = analyticsEventFields
  .extend({ session_id: analyticsSessionIdSchema, csrf_token: z.string().max(200).optional() })
  .superRefine(funnelStepNamed);

/**
 * track-analytics: one event (spec §7's body) or a batch; a body with `events` is a batch (isAnalyticsBatch).
 * sendBeacon cannot set headers, so a signed-in browser puts its CSRF token in the body; only then is the event
 * attributed to the account. The body may be sent as application/json or, as sendBeacon does with a string, as
 * text/plain holding JSON; at most MAX_TRACK_BODY_BYTES.
 */
export const trackAnalyticsBodySchema = z.union([trackAnalyticsBatchSchema, trackAnalyticsSingleSchema]);
export type TrackAnalyticsBody = z.input<typeof trackAnalyticsBodySchema>;
export const isAnalyticsBatch = (body: unknown): boolean => typeof body === 'object' && body !== null && 'events' in body;
export const MAX_TRACK_BODY_BYTES = 32 * 1024;
export const TRACK_ANALYTICS_PATH = '/api/analytics/events';
export const trackAnalyticsResponseSchema = z.object({ accepted: z.number().int() });

// ---- /api/admin/analytics ----

/** The longest range a report covers, in days (both ends included). */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

/** Days from `from` to `to`, both included (calendar dates, YYYY-MM-DD). */
export const daysInRange = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const rangeFields = { from: calendarDate('from'), to: calendarDate('to') };
function rangeChecked(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
  else if (daysInRange(q.from, q.to) > ANALYTICS_MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be at most ${ANALYTICS_MAX_RANGE_DAYS} days after from (both included)` });
  }
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: UTC calendar days, both included, at most ANALYTICS_MAX_RANGE_DAYS. */
export const analyticsRangeQuerySchema = z.object(rangeFields).superRefine(rangeChecked);
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

const dayPoint = z.object({ day: z.string(), visitors: z.number().int(), page_views: z.number().int() });
/** A breakdown row keyed by `key` (page, referrer, …), typed with that key. */
const row = <K extends string>(key: K) =>
  z.object({ visitors: z.number().int(), events: z.number().int() }).extend({ [key]: z.string() } as Record<K, z.ZodString>);
const funnelStep = z.object({
  step: z.string(),
  label: z.string(),
  visitors: z.number().int(),
  /** visitors of this step / visitors of the step before (1 for the first step; 0 when the one before had none). */
  conversion: z.number(),
});

/**
 * One currency's sold orders over the range (docs/decisions/134): the shop sells in several and has no exchange rates,
 * so each currency is counted apart and never added to another. The same shape as the dashboard's revenue_by_currency.
 */
export const analyticsCurrencyRevenueSchema = z.object({
  currency: z.string(),
  /** Paid minus refunded, in minor units of `currency` (the report's one revenue rule). */
  revenue: z.number().int(),
  /** Orders paid in `currency` in the range and not wholly refunded. */
  orders: z.number().int(),
});
export type AnalyticsCurrencyRevenue = z.infer<typeof analyticsCurrencyRevenueSchema>;

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** totals.orders and totals.revenue count orders in the shop's own `currency` only (revenue_by_currency has the rest). */
  totals: z.object({ visitors: z.number().int(), page_views: z.number().int(), events: z.number().int(), orders: z.number().int(), revenue: z.number().int() }),
  daily: z.array(dayPoint),
  top_pages: z.array(row('page')),
  referrers: z.array(row('referrer')),
  devices: z.array(row('device')),
  events: z.array(row('event_type')),
  growth_funnel: z.array(funnelStep),
  sales_funnel: z.array(funnelStep),
  /** Paid orders per day in the shop's own `currency` only, in its minor units. */
  revenue: z.array(z.object({ day: z.string(), orders: z.number().int(), amount: z.number().int() })),
  /** The shop's own currency: totals.orders, totals.revenue and `revenue` count only orders in it. */
  currency: z.string(),
  /**
   * The range's revenue and orders in each currency: the shop's own first (always, even at 0: the same figures as
   * totals.revenue and totals.orders), then every other currency that sold in the range, by code.
   */
  revenue_by_currency: z.array(analyticsCurrencyRevenueSchema),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/**
 * The CSV tables. `revenue` has a row per day in the shop's own currency (zeros included) and, after it, a row for each
 * other currency that sold that day: `currency` names each row's, so nothing sold is left out and no sum mixes two.
 */
export const ANALYTICS_CSV_REPORTS = ['daily', 'pages', 'referrers', 'devices', 'events', 'growth_funnel', 'sales_funnel', 'revenue'] as const;
export type AnalyticsCsvReport = (typeof ANALYTICS_CSV_REPORTS)[number];
export const analyticsExportQuerySchema = z
  .object({
    ...rangeFields,
    report: z.enum(ANALYTICS_CSV_REPORTS, { message: `report must be one of ${ANALYTICS_CSV_REPORTS.join(', ')}` }),
  })
  .superRefine(rangeChecked);
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;
