import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key/value site settings; values are JSON. Defaults live in modules/settings. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
