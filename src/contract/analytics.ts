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

export const analyticsEventSchema = z.object({
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
  page_url: z.string().max(ANALYTICS_LIMITS.urlMax, { message: `page_url must be at most ${ANALYTICS_LIMITS.urlMax} characters` }),
  referrer: z.string().max(ANALYTICS_LIMITS.urlMax, { message: `referrer must be at most ${ANALYTICS_LIMITS.urlMax} characters` }).optional(),
  user_agent: z.string().max(1000).optional(),
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/**
 * track-analytics: one event (spec §7's body) or a batch. sendBeacon cannot set headers, so a signed-in browser
 * puts its CSRF token in the body; only then is the event attributed to the account.
 */
export const trackAnalyticsBodySchema = z.union([
  z.object({
    session_id: analyticsSessionIdSchema,
    events: z.array(analyticsEventSchema).min(1, { message: 'events must hold at least one event' }).max(ANALYTICS_LIMITS.batchMax, {
      message: `events may hold at most ${ANALYTICS_LIMITS.batchMax} events`,
    }),
    csrf_token: z.string().max(200).optional(),
  }),
  analyticsEventSchema.extend({ session_id: analyticsSessionIdSchema, csrf_token: z.string().max(200).optional() }),
]);
export type TrackAnalyticsBody = z.input<typeof trackAnalyticsBodySchema>;
export const trackAnalyticsResponseSchema = z.object({ accepted: z.number().int() });

// ---- /api/admin/analytics ----

export const analyticsRangeQuerySchema = z.object({
  from: calendarDate('from'),
  to: calendarDate('to'),
});
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

const dayPoint = z.object({ day: z.string(), visitors: z.number().int(), page_views: z.number().int() });
const row = (key: string) => z.object({ [key]: z.string(), visitors: z.number().int(), events: z.number().int() });
const funnelStep = z.object({
  step: z.string(),
  label: z.string(),
  visitors: z.number().int(),
  /** visitors of this step / visitors of the step before (1 for the first step; 0 when the one before had none). */
  conversion: z.number(),
});

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ visitors: z.number().int(), page_views: z.number().int(), events: z.number().int(), orders: z.number().int(), revenue: z.number().int() }),
  daily: z.array(dayPoint),
  top_pages: z.array(row('page')),
  referrers: z.array(row('referrer')),
  devices: z.array(row('device')),
  events: z.array(row('event_type')),
  growth_funnel: z.array(funnelStep),
  sales_funnel: z.array(funnelStep),
  /** Paid orders per day, in minor units of `currency`. */
  revenue: z.array(z.object({ day: z.string(), orders: z.number().int(), amount: z.number().int() })),
  currency: z.string(),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

export const ANALYTICS_CSV_REPORTS = ['daily', 'pages', 'referrers', 'devices', 'events', 'growth_funnel', 'sales_funnel', 'revenue'] as const;
export const analyticsExportQuerySchema = analyticsRangeQuerySchema.extend({
  report: z.enum(ANALYTICS_CSV_REPORTS, { message: `report must be one of ${ANALYTICS_CSV_REPORTS.join(', ')}` }),
});
