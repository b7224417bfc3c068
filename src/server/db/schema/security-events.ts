import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const SECURITY_EVENT_TYPES = [
  'failed_login',
  'failed_signup',
  'failed_signup_exception',
  'rate_limited_login',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** Spec §3/§7 "Security event" (the security-logger function), written by the server itself. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventType: text('event_type').$type<SecurityEventType>().notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    userAgent: text('user_agent'),
    email: text('email'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt),
    index('security_events_email_idx').on(t.email),
  ],
);
