import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, variants } from './products';
import { users } from './users';

export const ORDER_STATUSES = [
  'pending_payment',
  'payment_failed',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

export const FULFILMENT_STATUSES = ['none', 'pending', 'submitted', 'problem'] as const;

/** Where an order was placed: the shop's cart and checkout, or the sales funnel (docs/decisions/099). */
export const ORDER_CHANNELS = ['shop', 'funnel'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export type FulfilmentStatusValue = (typeof FULFILMENT_STATUSES)[number];

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
    status: text('status').$type<OrderStatusValue>().notNull().default('pending_payment'),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discountTotal: integer('discount_total').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull().default(0),
    taxTotal: integer('tax_total').notNull().default(0),
    /** Tax rate applied, in basis points (2000 = 20 %). */
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    total: integer('total').notNull(),
    refundedTotal: integer('refunded_total').notNull().default(0),
    discountCode: text('discount_code'),
    shippingMethod: text('shipping_method'),
    shippingLabel: text('shipping_label'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress | null>(),
    /** Idempotency-Key of the checkout request that made it: a retry answers with this order. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the checkout body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    /** The provider's checkout session / payment intent / charge ids, as they become known. */
    providerSessionId: text('provider_session_id'),
    /** Where the shopper pays while the order waits for payment: a path on this site (test processor) or the provider's URL. */
    paymentUrl: text('payment_url'),
    providerPaymentId: text('provider_payment_id'),
    paymentMethodRef: text('payment_method_ref'),
    paymentFailureMessage: text('payment_failure_message'),
    /** shop | funnel: a funnel order holds its confirmation and printing until its offers close (docs/decisions/099). */
    channel: text('channel').$type<OrderChannel>().notNull().default('shop'),
    /** Funnel orders: when their one-time offers end and the order goes to print (set when paid). */
    offersCloseAt: timestamp('offers_close_at', { withTimezone: true }),
    /** Funnel orders: when the offers were settled and the confirmation and printing released. */
    funnelClosedAt: timestamp('funnel_closed_at', { withTimezone: true }),
    /** Whether used_count of its discount code was raised (once, when paid). */
    discountCounted: boolean('discount_counted').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** Fulfilment (docs/decisions/083): none (nothing to print) → pending → submitted; problem = an admin must look. */
    fulfilmentStatus: text('fulfilment_status').$type<FulfilmentStatusValue>().notNull().default('none'),
    fulfilmentProvider: text('fulfilment_provider'),
    /** The print provider's order id. */
    fulfilmentId: text('fulfilment_id'),
    fulfilmentError: text('fulfilment_error'),
    fulfilmentSubmittedAt: timestamp('fulfilment_submitted_at', { withTimezone: true }),
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key_idx').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_session_idx').on(t.providerSessionId),
    index('orders_fulfilment_idx').on(t.fulfilmentId),
    // The CRM (docs/decisions/103): a contact's orders by address, and what changed since the last contact sync.
    index('orders_email_lower_idx').on(sql`lower(${t.email})`),
    index('orders_updated_at_idx').on(t.updatedAt),
    check('orders_fulfilment_status_check', sql`${t.fulfilmentStatus} in ('none', 'pending', 'submitted', 'problem')`),
    check('orders_channel_check', sql`${t.channel} in ('shop', 'funnel')`),
    index('orders_funnel_open_idx').on(t.offersCloseAt).where(sql`${t.channel} = 'funnel' and ${t.funnelClosedAt} is null`),
    check('orders_totals_check', sql`${t.total} >= 0 and ${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.total}`),
    check(
      'orders_status_check',
      sql`${t.status} in ('pending_payment', 'payment_failed', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'partially_refunded', 'refunded')`,
    ),
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

/** Every status change of an order: when, from what, to what, who and why. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId), check('refunds_amount_check', sql`${t.amount} > 0`)],
);

/**
 * Every charge taken for an order: the checkout's payment, and each one-time offer accepted in the funnel, charged
 * to the same card (docs/decisions/099). Refunds are spread over them (newest first), each through its own payment.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** checkout | offer */
    kind: text('kind').$type<'checkout' | 'offer'>().notNull(),
    /** The provider's payment id (Stripe: pi_…). */
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    amount: integer('amount').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
    check('order_payments_kind_check', sql`${t.kind} in ('checkout', 'offer')`),
    check('order_payments_amounts_check', sql`${t.amount} > 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/**
 * Every payment webhook event received, by the provider's event id: a duplicate is recognised and
 * ignored; an event for an order not (yet) known stays with processed_at null and is retried.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('payment_events_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);

/**
 * The built-in test card processor's own records (it plays the provider's part: checkout sessions with
 * their payment intent, and refunds). Not used when Stripe is configured.
 */
export const testPaymentSessions = pgTable('test_payment_sessions', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** client_reference_id: our order id */
  reference: text('reference').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** open | requires_action | complete | expired */
  status: text('status').notNull().default('open'),
  /** requires_payment_method | requires_action | succeeded | failed */
  paymentStatus: text('payment_status').notNull().default('requires_payment_method'),
  last4: text('last4'),
  paymentMethodId: text('payment_method_id'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /**
   * An off-session charge of a saved card (a one-time offer, docs/decisions/099) is a record of its own: the
   * session whose card it charged.
   */
  chargedFrom: text('charged_from'),
  /** Refund ids already made, so a retried refund is answered, not repeated. */
  refundIds: text('refund_ids').array().notNull().default(sql`'{}'::text[]`),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
