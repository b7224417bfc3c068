import { integer, jsonb, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaymentProviderName, PaymentStatusValue } from './payments';
import type { OrderFulfilmentStatus } from './fulfilment';
import type { OrderChannel, OrderStatusValue, ShippingAddress } from './orders';

/**
 * The read model of an order (migration 0012): the order's own columns with its payment's status and amounts and its
 * fulfilment's status (the least advanced hand-off, 'none' when there is nothing to print). Lists and reports read
 * it; nothing writes it. Owned by the orders module, which answers for what an order looks like from outside.
 */
export const orderOverview = pgView('order_overview', {
  id: uuid('id').notNull(),
  number: text('number').notNull(),
  userId: uuid('user_id'),
  email: text('email').notNull(),
  status: text('status').$type<OrderStatusValue>().notNull(),
  currency: text('currency').notNull(),
  subtotal: integer('subtotal').notNull(),
  discountTotal: integer('discount_total').notNull(),
  shippingTotal: integer('shipping_total').notNull(),
  taxTotal: integer('tax_total').notNull(),
  total: integer('total').notNull(),
  discountCode: text('discount_code'),
  shippingAddress: jsonb('shipping_address').$type<ShippingAddress | null>(),
  channel: text('channel').$type<OrderChannel>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  paymentStatus: text('payment_status').$type<PaymentStatusValue>().notNull(),
  paymentProvider: text('payment_provider').$type<PaymentProviderName | null>(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  capturedTotal: integer('captured_total').notNull(),
  refundedTotal: integer('refunded_total').notNull(),
  paymentFailureMessage: text('payment_failure_message'),
  paymentUpdatedAt: timestamp('payment_updated_at', { withTimezone: true }),
  fulfilmentStatus: text('fulfilment_status').$type<OrderFulfilmentStatus>().notNull(),
  fulfilmentError: text('fulfilment_error'),
  fulfilmentUpdatedAt: timestamp('fulfilment_updated_at', { withTimezone: true }),
}).existing();
