import type { PaymentEvent } from '@/server/adapters/payments/payment-provider';
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
      let outcome: EventOutcome;
      if (event.kind === 'payment_succeeded') {
        outcome = await paymentSucceeded.within(tx, deps, {
          orderId,
          paymentId: event.paymentId,
          paymentMethodRef: event.paymentMethodRef,
          sessionId: event.sessionId,
          amount: event.amount,
          currency: event.currency,
          actor: 'provider',
          reason: 'Payment received.',
        });
      } else if (event.kind === 'payment_failed') {
        outcome = await paymentFailed.within(tx, deps, { orderId, message: event.message, paymentId: event.paymentId });
      } else {
        outcome = await abandonOrder.within(tx, deps, { orderId, reason: 'The payment page expired before payment.', actor: 'provider' });
      }
      await markEventProcessed(tx, event.id, orderId);
      return outcome;
    }),
  }))
  .returns(({ outcome }) => outcome);

