import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * The payments module's tables (docs/decisions/108): only src/server/modules/payments writes them.
 *
 * An order's payment has a machine of its own:
 *  unpaid → paid | failed;  failed → paid | failed (another card declined);  paid → partially_refunded | refunded;
 *  partially_refunded → partially_refunded | refunded.
 * A late payment after the order was abandoned or cancelled is still money received: it is recorded as paid.
 */
export const PAYMENT_STATUSES = ['unpaid', 'failed', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];

/** 'test' (the built-in card processor), 'stripe', or 'none' (a zero total, paid by its discount). */
export type PaymentProviderName = 'test' | 'stripe' | 'none';

/** One per order: what is to be collected, where the shopper pays, and where the payment stands. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    status: text('status').$type<PaymentStatusValue>().notNull().default('unpaid'),
    /** What the checkout asked for, minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The provider's checkout session (Stripe: cs_…), once opened. */
    providerSessionId: text('provider_session_id'),
    /** Where the shopper pays while the order waits: a path on this site (test processor) or the provider's URL. */
    paymentUrl: text('payment_url'),
    /** The first charge's id (Stripe: pi_…): its card pays the funnel's one-click offers. */
    providerPaymentId: text('provider_payment_id'),
    paymentMethodRef: text('payment_method_ref'),
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Everything charged: the checkout's payment and every offer accepted since. */
    capturedTotal: integer('captured_total').notNull().default(0),
    refundedTotal: integer('refunded_total').notNull().default(0),
    /**
     * Until when the reconciliation asks the provider about this payment while it is unsettled: set when the payment
     * is made (a checkout session cannot be paid after 24 hours), ended when the provider says its page expired.
     */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_sessions_session_idx').on(t.providerSessionId),
    index('payment_sessions_payment_idx').on(t.providerPaymentId),
    // The reconciliation: payments not (yet) known to be paid.
    index('payment_sessions_unsettled_idx').on(t.updatedAt).where(sql`${t.status} in ('unpaid', 'failed')`),
    index('payment_sessions_paid_at_idx').on(t.paidAt),
    // The CRM's quick sync: payments changed since its last run.
    index('payment_sessions_updated_idx').on(t.updatedAt),
    check('payment_sessions_status_check', sql`${t.status} in ('unpaid', 'failed', 'paid', 'partially_refunded', 'refunded')`),
    check('payment_sessions_provider_check', sql`${t.provider} in ('test', 'stripe', 'none')`),
    check('payment_sessions_amounts_check', sql`${t.amount} >= 0 and ${t.refundedTotal} >= 0 and ${t.refundedTotal} <= ${t.capturedTotal}`),
  ],
);

/** Every change of a payment's status — and every declined card, which changes none: when, what, who, why. */
export const paymentTransitions = pgTable(
  'payment_transitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<PaymentStatusValue>(),
    toStatus: text('to_status').$type<PaymentStatusValue>().notNull(),
    /** 'customer' | 'admin' | 'provider' | 'system' | 'reconciliation' */
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('payment_transitions_order_idx').on(t.orderId, t.createdAt), index('payment_transitions_actor_idx').on(t.actor, t.createdAt)],
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
 * Refunds, written before the provider is asked (status pending, with the idempotency key the provider call
 * carries) so a crash between the provider's answer and our record is finished by a job, never lost or doubled.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The charge it returns money from. */
    orderPaymentId: uuid('order_payment_id').references(() => orderPayments.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    /** pending: asked of the provider (or about to be); succeeded; failed: the provider refused it. */
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('succeeded'),
    /** The provider's refund id (Stripe: re_…), once it answered. */
    providerRefundId: text('provider_refund_id').unique(),
    idempotencyKey: text('idempotency_key'),
    /** The admin's one refund request this piece belongs to (one request may span several charges): one mail each. */
    requestKey: text('request_key'),
    failureMessage: text('failure_message'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_idempotency_key_idx').on(t.idempotencyKey),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
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
 * their payment intent, and refunds). Not used when Stripe is configured. Owned by its adapter.
 */
export const testPaymentSessions = pgTable('test_payment_sessions', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** client_reference_id: our order id */
  reference: text('reference').notNull(),
  /** The shop's order number, shown on the card page. */
  orderNumber: text('order_number'),
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
  /** Why the last card was declined (the page says so while the shopper tries another). */
  failureMessage: text('failure_message'),
  paymentMethodId: text('payment_method_id'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /**
   * An off-session charge of a saved card (a one-time offer, docs/decisions/099) is a record of its own: the
   * session whose card it charged.
   */
  chargedFrom: text('charged_from'),
  /** Refund ids already made, so a retried refund is answered, not repeated. */
  refundIds: text('refund_ids').array().notNull().default(sql`'{}'::text[]`),
  /** Cards tried on this page (a card-testing bot tries thousands; the page takes 20): counted with each decision. */
  cardAttempts: integer('card_attempts').notNull().default(0),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test processor's outgoing events, like Stripe's: written in the transaction that takes the card, then
 * delivered to the shop's webhook by a job, retried until the shop acknowledges it (delivered_at).
 */
export const testPaymentEvents = pgTable(
  'test_payment_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    sessionId: text('session_id').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('test_payment_events_session_idx').on(t.sessionId)],
);
