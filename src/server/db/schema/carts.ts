import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A signed-in shopper's cart, so it follows them to another device (merged on sign-in). */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** CartLine[] of src/contract/shop.ts, without prices (they are always looked up). */
  items: jsonb('items').$type<unknown[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The merge_id of the browsers' carts already added to this one (the latest few): a merge sent again — by a page
   * left before it heard the answer — adds nothing twice (docs/decisions/129).
   */
  mergedIds: jsonb('merged_ids').$type<string[]>().notNull().default([]),
});
