import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Spec §3 "Rate-limit attempt": one row per password sign-in attempt (and other limited
 * actions), keyed by the lower-cased email; the login counts them per email and client address
 * (`ip`, docs/decisions/110). Counted in SQL, so the limit holds across restarts and across
 * server instances.
 */
export const rateLimitAttempts = pgTable(
  'rate_limit_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    attemptType: text('attempt_type').notNull(),
    successful: boolean('successful').notNull().default(false),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_attempts_lookup_idx').on(t.identifier, t.attemptType, t.createdAt)],
);
