import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * Discount codes (one per order). `value` is whole percent for 'percent', minor units for 'fixed'.
 * used_count counts the uses taken: reserved by a checkout (in its transaction, never past usage_limit) and kept when
 * the order is paid; given back when the order is abandoned, cancelled or its payment fails (docs/decisions/072, 108).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored upper-case; shoppers may type it in any case. */
    code: text('code').notNull().unique(),
    kind: text('kind').$type<DiscountKind>().notNull(),
    value: integer('value').notNull(),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    /**
     * The currency of `value` (fixed) and `min_subtotal` (docs/decisions/134): such a code applies to orders in it only.
     * Null: the shop's own currency. A percentage without a minimum applies in every currency.
     */
    currency: text('currency'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('discount_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

/** reserved: a checkout holds a use; redeemed: its order is paid; released: the use went back to the code. */
export const DISCOUNT_REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const;
export type DiscountRedemptionStatus = (typeof DISCOUNT_REDEMPTION_STATUSES)[number];

/** The use an order makes of its discount code (one code per order). */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    status: text('status').$type<DiscountRedemptionStatus>().notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_redemptions_code_idx').on(t.codeId),
    check('discount_redemptions_status_check', sql`${t.status} in ('reserved', 'redeemed', 'released')`),
  ],
);
