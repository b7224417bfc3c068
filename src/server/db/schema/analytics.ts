import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Spec §3 "Analytics event", sent by track-analytics only after the visitor allowed analytics (issue 12).
 * page_url is a path on this site (no query, no fragment, secret tokens masked); referrer is another site's
 * host; session_id is the browser's anonymous id, a new random one each day (docs/decisions/094).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventType: text('event_type').notNull(),
    eventCategory: text('event_category').notNull().default('user_action'),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull().default({}),
    pageUrl: text('page_url'),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    /** mobile, tablet or desktop, from the user agent. */
    device: text('device'),
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_created_at_idx').on(t.createdAt),
    index('analytics_events_type_idx').on(t.eventType, t.createdAt),
    index('analytics_events_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Daily roll-ups of analytics_events for the admin's charts: one row per UTC day, dimension ('total', 'page',
 * 'referrer', 'device', 'event') and key, with the events and distinct anonymous ids of that day. Written for
 * finished days by a job; today is read from analytics_events itself.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    events: integer('events').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] }), index('analytics_daily_dimension_idx').on(t.dimension, t.day)],
);
