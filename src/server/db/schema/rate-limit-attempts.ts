import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * A fixed-window counter per identifier and rule (issue 25): the order path's limit (checkouts per address) is
 * taken in ONE statement — an upsert that returns the count. The row lock of the
 * upsert orders concurrent attempts, so no burst slips past the limit, on one instance or many. The window starts
 * at the first attempt and lasts the rule's minutes. The table is UNLOGGED (migration 0020, docs/decisions/141): a
 * counter's commit waits for no flush of the write-ahead log, and a crash of the database server empties it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    identifier: text('identifier').notNull(),
    attemptType: text('attempt_type').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.attemptType] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);
