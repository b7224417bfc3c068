import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, variants } from './products';
import { users } from './users';

/**
 * The order's own lifecycle (docs/decisions/108). Payment and fulfilment have machines of their own
 * (payments.ts, fulfilment.ts); what a person reads is derived from the three in one place
 * (src/contract/order-status.ts).
 *  pending:   placed, waiting for its payment;
 *  open:      paid (or nothing to pay): being made, printed and shipped;
 *  completed: everything delivered (or nothing to deliver);
 *  cancelled: an admin (or an erasure) cancelled it before it was paid;
 *  abandoned: never paid — its payment page expired, or the checkout failed after writing it. Not shown to the
 *             customer; admins see it as abandoned.
 */
export const ORDER_STATUSES = ['pending', 'open', 'completed', 'cancelled', 'abandoned'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** Where an order was placed: the shop's cart and checkout, or the sales funnel (docs/decisions/099). */
export const ORDER_CHANNELS = ['shop', 'funnel'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Order numbers shown to people: ORD-1001, ORD-1002, … */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

/** What a line prints, frozen at checkout (src/contract/shop.ts printDesignSchema). */
export interface FrozenDesign {
  awardId: string;
  awardTitle: string;
  templateId: string | null;
  recipientName: string;
  /** When the print is of an existing certificate (a nomination). */
  shareId: string | null;
  certificateNumber: string | null;
}

export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
}

/**
 * One checkout. Everything a receipt needs is frozen here and on its lines (prices, names, address),
 * so later catalogue edits never change an order. See docs/decisions/070–076.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The lifecycle (ORDER_STATUSES); the payment's and the fulfilment's live with their owners. */
    status: text('status').$type<OrderStatusValue>().notNull().default('pending'),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discountTotal: integer('discount_total').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull().default(0),
    taxTotal: integer('tax_total').notNull().default(0),
    /** Tax rate applied, in basis points (2000 = 20 %): all the taxes' rates together, rounded. */
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    /** Each tax charged, as sold (docs/decisions/133): name, rate (basis points, may have one decimal) and amount. */
    taxLines: jsonb('tax_lines').$type<{ name: string; rate_bps: number; amount: number }[]>().notNull().default([]),
    /** The prices held their taxes (the EU, UK, AU, NZ…): the total is the shelf price, tax_total is inside it. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    total: integer('total').notNull(),
    discountCode: text('discount_code'),
    shippingMethod: text('shipping_method'),
    shippingLabel: text('shipping_label'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress | null>(),
    /** Idempotency-Key of the checkout request that made it: a retry answers with this order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the checkout body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** shop | funnel: a funnel order holds its confirmation and printing until its offers close (docs/decisions/099). */
    channel: text('channel').$type<OrderChannel>().notNull().default('shop'),
    /** A pending order not paid by then is abandoned (its discount released, its payment page closed). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The CRM (docs/decisions/103): a contact's orders by address, and what changed since the last contact sync.
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_updated_at_idx').on(t.updatedAt),
    // The expiry sweep: pending orders past their time.
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check('orders_channel_check', sql`${t.channel} in ('shop', 'funnel')`),
    check('orders_totals_check', sql`${t.total} >= 0`),
    check('orders_status_check', sql`${t.status} in ('pending', 'open', 'completed', 'cancelled', 'abandoned')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    requiresShipping: boolean('requires_shipping').notNull(),
    design: jsonb('design').$type<FrozenDesign>().notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), check('order_lines_quantity_check', sql`${t.quantity} > 0`)],
);

/**
 * Every change of the order's lifecycle — and what happened to it that changes no status (a line added by a
 * one-time offer): when, from what, to what, who and why. Payment and fulfilment keep their own histories.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<OrderStatusValue>(),
    toStatus: text('to_status').$type<OrderStatusValue>().notNull(),
    /** 'customer' | 'admin' | 'provider' | 'system' */
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    /** 'status' (a change of lifecycle) | 'line_added' | 'declined_extra' | 'note' (notes: from = to). */
    kind: text('kind').$type<'status' | 'line_added' | 'declined_extra' | 'note'>().notNull().default('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);
