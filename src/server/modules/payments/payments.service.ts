import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentEvent } from '@/server/adapters/payments/payment-provider';
import { readStripeEvent } from '@/server/adapters/payments/stripe-events';
import type { Db } from '@/server/db/client';
import { discountCodes, orderPayments, orders, paymentEvents } from '@/server/db/schema/index';
import { lockOrder, transition } from '../orders/order-status';
import type Stripe from 'stripe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What processing an event did, for the log and the webhook's answer. */
export type EventOutcome = 'applied' | 'no_change' | 'duplicate' | 'deferred' | 'ignored';

/**
 * What follows a payment change, written in its transaction (jobs: the mail, the hand-off to the printer), so it
 * happens exactly when the change commits — never lost to a crash, never done for a change that rolled back.
 */
export interface PaymentSideEffects {
  onPaid(tx: Db, orderId: string): Promise<void>;
  onPaymentFailed(tx: Db, orderId: string): Promise<void>;
}

/**
 * Stores and applies one verified webhook event (docs/decisions/074):
 *  - idempotent: the provider's event id is the key; an event already applied is a duplicate;
 *  - order-independent: it only ever moves an order forward (a late "failed" after "paid" changes nothing);
 *  - never dropped: an event whose order is not known yet stays stored, unprocessed, and is retried.
 */
export async function handlePaymentEvent(
  db: Db,
  provider: string,
  event: PaymentEvent,
  payload: unknown,
  effects: PaymentSideEffects,
  log: FastifyBaseLogger,
): Promise<EventOutcome> {
  await db
    .insert(paymentEvents)
    .values({ id: event.id, provider, type: event.type, orderId: event.orderId && UUID.test(event.orderId) ? event.orderId : null, payload })
    .onConflictDoNothing({ target: paymentEvents.id });
  return applyStoredEvent(db, event, effects, log);
}

async function applyStoredEvent(db: Db, event: PaymentEvent, effects: PaymentSideEffects, log: FastifyBaseLogger): Promise<EventOutcome> {
  return db.transaction(async (tx): Promise<EventOutcome> => {
    // Duplicates delivered at the same moment queue on this row lock, then see it processed.
    const [stored] = await tx.select().from(paymentEvents).where(eq(paymentEvents.id, event.id)).for('update');
    if (!stored || stored.processedAt) return 'duplicate';
    const done = (o: EventOutcome) =>
      tx
        .update(paymentEvents)
        .set({ processedAt: sql`now()`, attempts: sql`${paymentEvents.attempts} + 1`, lastError: null })
        .where(eq(paymentEvents.id, event.id))
        .then(() => o);

    if (event.kind === 'ignored') return done('ignored');
    const orderId = await findOrderId(tx, event);
    if (!orderId) {
      await tx
        .update(paymentEvents)
        .set({ attempts: sql`${paymentEvents.attempts} + 1`, lastError: 'order not found (yet)' })
        .where(eq(paymentEvents.id, event.id));
      return 'deferred';
    }
    await tx.update(paymentEvents).set({ orderId }).where(eq(paymentEvents.id, event.id));
    const order = await lockOrder(tx, orderId);
    if (!order) return 'deferred';

    if (event.kind === 'payment_succeeded') {
      if (order.status !== 'pending_payment' && order.status !== 'payment_failed' && order.status !== 'cancelled') return done('no_change');
      const amountNote =
        event.amount !== null && (event.amount !== order.total || (event.currency && event.currency !== order.currency))
          ? ` (the provider reports ${event.amount} ${event.currency ?? ''}, the order says ${order.total} ${order.currency}: check it)`
          : '';
      if (amountNote) log.warn({ orderId, event: event.id }, 'payment amount differs from the order total');
      await transition(tx, {
        orderId,
        from: order.status,
        to: 'paid',
        actor: 'provider',
        reason: order.status === 'cancelled' ? `Payment received after the order was cancelled: refund it${amountNote}` : `Payment received${amountNote}`,
        set: {
          paidAt: new Date(),
          providerPaymentId: event.paymentId ?? order.providerPaymentId,
          providerSessionId: event.sessionId ?? order.providerSessionId,
          paymentMethodRef: event.paymentMethodRef ?? order.paymentMethodRef,
          paymentFailureMessage: null,
        },
      });
      // The charge itself, which refunds draw on (an order may gain more: the funnel's offers, docs/decisions/099).
      const paymentId = event.paymentId ?? order.providerPaymentId;
      const charged = event.amount ?? order.total;
      if (paymentId && charged > 0) {
        await tx
          .insert(orderPayments)
          .values({ orderId, kind: 'checkout', providerPaymentId: paymentId, amount: charged })
          .onConflictDoNothing({ target: orderPayments.providerPaymentId });
      }
      if (order.discountCode && !order.discountCounted) {
        await tx.update(discountCodes).set({ usedCount: sql`${discountCodes.usedCount} + 1` }).where(eq(discountCodes.code, order.discountCode));
        await tx.update(orders).set({ discountCounted: true }).where(eq(orders.id, orderId));
      }
      await effects.onPaid(tx as unknown as Db, orderId);
      return done('applied');
    }

    if (event.kind === 'payment_failed') {
      if (order.status === 'pending_payment') {
        await transition(tx, {
          orderId,
          from: 'pending_payment',
          to: 'payment_failed',
          actor: 'provider',
          reason: event.message,
          set: { paymentFailureMessage: event.message, providerPaymentId: event.paymentId ?? order.providerPaymentId },
        });
        await effects.onPaymentFailed(tx as unknown as Db, orderId);
        return done('applied');
      }
      if (order.status === 'payment_failed') {
        // Another card declined: the order says why, without a new status event.
        await tx.update(orders).set({ paymentFailureMessage: event.message, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
        return done('applied');
      }
      return done('no_change');
    }

    // session_expired: the payment page is gone; an unpaid order is cancelled.
    if (order.status === 'pending_payment' || order.status === 'payment_failed') {
      await transition(tx, { orderId, from: order.status, to: 'cancelled', actor: 'provider', reason: 'The payment page expired before payment.' });
      return done('applied');
    }
    return done('no_change');
  });
}

async function findOrderId(tx: Pick<Db, 'select'>, event: Exclude<PaymentEvent, { kind: 'ignored' }>): Promise<string | null> {
  // Most specific first: our own id (client_reference_id / metadata), then the provider's ids.
  const candidates = [
    event.orderId && UUID.test(event.orderId) ? eq(orders.id, event.orderId) : null,
    event.sessionId ? eq(orders.providerSessionId, event.sessionId) : null,
    'paymentId' in event && event.paymentId ? eq(orders.providerPaymentId, event.paymentId) : null,
  ];
  for (const cond of candidates) {
    if (!cond) continue;
    const [row] = await tx.select({ id: orders.id }).from(orders).where(cond).limit(1);
    if (row) return row.id;
  }
  return null;
}

/**
 * Applies stored events that found no order when they arrived (their order may exist now). Runs on a timer
 * and after each checkout; an event is tried at most 50 times.
 */
export async function retryDeferredEvents(db: Db, effects: PaymentSideEffects, log: FastifyBaseLogger, limit = 50): Promise<number> {
  const pending = await db
    .select()
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.processedAt), lt(paymentEvents.attempts, 50)))
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(limit);
  let applied = 0;
  for (const row of pending) {
    const event = readStripeEvent(row.payload as Stripe.Event);
    const outcome = await applyStoredEvent(db, event, effects, log);
    if (outcome === 'applied' || outcome === 'no_change') applied++;
  }
  return applied;
}
