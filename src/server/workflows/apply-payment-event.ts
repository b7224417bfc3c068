import type { PaymentEvent } from '@/server/adapters/payments/payment-provider';
import type { Db } from '@/server/db/client';
import { workflow } from '@/server/lib/workflow';
import { claimEvent, markEventDeferred, markEventProcessed, orderIdForEvent, storeEvent } from '@/server/modules/payments';
import { abandonOrder } from './abandon-order';
import type { ShopDeps } from './deps';
import { paymentFailed } from './payment-failed';
import { paymentSucceeded } from './payment-succeeded';

export type EventOutcome = 'applied' | 'no_change' | 'duplicate' | 'deferred' | 'ignored';

/**
 * applyPaymentEvent (payments; docs/decisions/074, 108): one verified webhook event, from Stripe or the test
 * processor.
 *  - stored first, by the provider's event id, so it is never dropped; a duplicate is recognised;
 *  - then applied in one transaction with the change it causes (paymentSucceeded, paymentFailed, abandonOrder);
 *  - an event whose order is not known yet stays stored, and the deferred-events job tries it again.
 * It only ever moves a payment forward: a late "failed" after "paid" changes nothing.
 */
export const applyPaymentEvent = workflow<{ provider: string; event: PaymentEvent; payload: unknown; stored?: boolean }, Pick<ShopDeps, 'jobs' | 'printer'>>(
  'applyPaymentEvent',
)
  .step('store the event', async ({ deps, input }) => {
    if (!input.stored) await storeEvent(deps.db, input.provider, input.event, input.payload);
  })
  .step('apply it with what it changes, in one transaction', async ({ deps, input }) => ({
    outcome: await deps.db.transaction(async (tx): Promise<EventOutcome> => {
      const event = input.event;
      // Duplicates delivered at the same moment queue on this row lock, then see it processed.
      if (!(await claimEvent(tx, event.id))) return 'duplicate';
      if (event.kind === 'ignored') {
        await markEventProcessed(tx, event.id, null);
        return 'ignored';
      }
      const orderId = await orderIdForEvent(tx, event);
      if (!orderId) {
        await markEventDeferred(tx, event.id, 'order not found (yet)');
        return 'deferred';
      }
      const outcome = await applyToOrder(tx, deps, orderId, event);
      await markEventProcessed(tx, event.id, orderId);
      return outcome;
    }),
  }))
  .returns(({ outcome }) => outcome);


type Deps = Pick<ShopDeps, 'db' | 'log' | 'jobs' | 'printer'>;

/** What an event changes, in the caller's transaction: the payment succeeded, failed, or its page expired. */
async function applyToOrder(tx: Db, deps: Deps, orderId: string, event: Exclude<PaymentEvent, { kind: 'ignored' }>): Promise<EventOutcome> {
  if (event.kind === 'payment_succeeded') {
    return paymentSucceeded.within(tx, deps, {
      orderId,
      paymentId: event.paymentId,
      paymentMethodRef: event.paymentMethodRef,
      sessionId: event.sessionId,
      amount: event.amount,
      currency: event.currency,
      actor: 'provider',
      reason: 'Payment received.',
    });
  }
  if (event.kind === 'payment_failed') return paymentFailed.within(tx, deps, { orderId, message: event.message, paymentId: event.paymentId });
  return abandonOrder.within(tx, deps, { orderId, reason: 'The payment page expired before payment.', actor: 'provider' });
}

/**
 * A decision of the built-in test processor, applied in the processor's own transaction (docs/decisions/117, issue
 * 25): what an event would change, without the inbox — there is no event to store or to recognise twice, because the
 * processor's session leaves "open" once, in this same transaction. Its order is the session's reference (the
 * processor is ours and its sessions are made by the checkout), so no lookup either. A failure rolls back the
 * processor's change too: the card is not taken and the shopper may press "Pay" again.
 */
export async function applyLocalPaymentEvent(tx: Db, deps: Deps, event: PaymentEvent): Promise<EventOutcome> {
  if (event.kind === 'ignored') return 'ignored';
  if (!event.orderId) throw new Error(`applyLocalPaymentEvent: ${event.type} ${event.id} names no order`);
  return applyToOrder(tx, deps, event.orderId, event);
}
