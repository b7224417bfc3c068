import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const SECURITY_EVENT_TYPES = [
  'failed_login',
  'failed_signup',
  'failed_signup_exception',
  'rate_limited_login',
  'rate_limited_signup',
  'rate_limited_mail',
  'failed_password_check',
  'rate_limited_password_check',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * Spec §3/§7 "Security event" (the security-logger function), written by the server itself.
 * Repeats are coalesced (docs/decisions/018): the same event (type, email, IP, details) within one
 * window is one row whose `count` goes up and `last_seen_at` moves, so a flood cannot fill the disk.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventType: text('event_type').$type<SecurityEventType>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    userAgent: text('user_agent'),
    email: text('email'),
    ip: text('ip'),
    /** When the first of these events in the window happened. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many times it happened in the window, and when the last one did. */
    count: integer('count').notNull().default(1),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hash of what makes events "the same" plus the window number; null for rows from before coalescing. */
    coalesceKey: text('coalesce_key'),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt),
    index('security_events_email_idx').on(t.email),
    uniqueIndex('security_events_coalesce_key_idx').on(t.coalesceKey),
  ],
);
