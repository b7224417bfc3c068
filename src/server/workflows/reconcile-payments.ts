import type Stripe from 'stripe';
import { readStripeEvent } from '@/server/adapters/payments/stripe-events';
import { workflow } from '@/server/lib/workflow';
import { findOrder, ordersPastExpiry } from '@/server/modules/orders';
import { deferredEvents, findPayment, paymentsNeverOpened, stopWatching, touchPayment, unsettledPayments, type PaymentRow } from '@/server/modules/payments';
import { abandonOrder } from './abandon-order';
import { applyPaymentEvent } from './apply-payment-event';
import type { ShopDeps } from './deps';
import { paymentSucceeded } from './payment-succeeded';

/** How many payments and orders one pass looks at (the next pass takes the rest). */
const BATCH = 100;

export interface ReconcileReport {
  /** Payments the provider had taken whose event never reached us: now paid orders. */
  paid: number;
  /** Orders never paid, past their time: abandoned, their discounts given back. */
  abandoned: number;
  /** Payments asked about that are still open at the provider. */
  open: number;
  /** Stored events applied now that their order exists. */
  events: number;
  errors: number;
}

/**
 * reconcilePayments (payments; docs/order-pipeline.md): what makes money add up after any crash. Every minute and
 * at start, once across instances:
 *  1. stored webhook events that found no order are tried again;
 *  2. every payment left unsettled for a while (no event came) is looked up at the provider — Stripe: the Checkout
 *     Session with its PaymentIntent — and a payment the provider took is applied through paymentSucceeded, so
 *     the order is paid, mailed and printed exactly as if the event had come; the history says the reconciliation
 *     found it, and the admin dashboard lists it;
 *  3. pending orders past their time are closed: the provider is told to close the payment page (a payment that
 *     beat it is applied), then the order is abandoned and its discount given back; so is an order whose page never
 *     opened within ORDER_UNOPENED_MINUTES (its checkout failed, or its process died, and nobody tried again).
 * Each item is its own transaction: one provider that does not answer does not hold up the rest.
 */
export const reconcilePayments = workflow<object, Pick<ShopDeps, 'jobs' | 'printer' | 'payments' | 'orders'>>('reconcilePayments')
  .step('try again the stored events that found no order', async ({ deps, log }) => {
    let events = 0;
    for (const row of await deferredEvents(deps.db, BATCH)) {
      try {
        const event = readStripeEvent(row.payload as Stripe.Event);
        const outcome = await applyPaymentEvent.run(deps, { provider: row.provider, event, payload: row.payload, stored: true });
        if (outcome === 'applied' || outcome === 'no_change') events++;
      } catch (err) {
        log.error({ err, event: row.id }, 'applying a stored payment event failed');
      }
    }
    return { events };
  })
  .step('ask the provider about payments no event settled', async ({ deps, log }) => {
    const counts = { paid: 0, open: 0, abandoned: 0, errors: 0 };
    for (const payment of await unsettledPayments(deps.db, deps.orders.reconcileAfterSeconds, BATCH)) {
      try {
        const outcome = await settleFromProvider(deps, payment, 'lookup');
        counts[outcome]++;
      } catch (err) {
        counts.errors++;
        log.warn({ err, orderId: payment.orderId }, 'the reconciliation could not ask the provider about a payment');
      }
    }
    return counts;
  })
  .step('close the orders past their time, and those whose page never opened', async ({ deps, log, ...s }) => {
    let { paid, abandoned, errors } = s;
    for (const payment of await paymentsNeverOpened(deps.db, deps.orders.unopenedMinutes * 60, BATCH)) {
      try {
        if ((await abandon(deps, payment.orderId, 'The payment page could not be opened, and the checkout was not tried again.')) === 'abandoned') abandoned++;
        else await stopWatching(deps.db, payment.orderId);
      } catch (err) {
        errors++;
        log.warn({ err, orderId: payment.orderId }, 'the reconciliation could not close an order whose page never opened');
      }
    }
    for (const order of await ordersPastExpiry(deps.db, BATCH)) {
      try {
        const payment = await findPayment(deps.db, order.id);
        const outcome = payment?.providerSessionId ? await settleFromProvider(deps, payment, 'expire') : await abandon(deps, order.id);
        if (outcome === 'paid') paid++;
        else if (outcome === 'abandoned') abandoned++;
      } catch (err) {
        errors++;
        log.warn({ err, orderId: order.id }, 'the reconciliation could not close an order past its time');
      }
    }
    return { paid, abandoned, errors };
  })
  .returns(({ paid, abandoned, open, events, errors }): ReconcileReport => ({ paid, abandoned, open, events, errors }));

const abandon = async (deps: Parameters<typeof abandonOrder.run>[0], orderId: string, reason = 'Not paid in time: the payment page was closed.') => {
  const outcome = await abandonOrder.run(deps, { orderId, reason, actor: 'reconciliation' });
  return outcome === 'applied' ? ('abandoned' as const) : ('open' as const);
};

/**
 * One payment, as the provider has it. 'lookup': paid is applied, expired is abandoned, open is left (and goes to
 * the back of the queue). 'expire': the order is past its time, so an open page is closed first.
 */
async function settleFromProvider(
  deps: Parameters<typeof reconcilePayments.run>[0],
  payment: PaymentRow,
  mode: 'lookup' | 'expire',
): Promise<'paid' | 'open' | 'abandoned'> {
  const sessionId = payment.providerSessionId!;
  let state = await deps.payments.retrieveCheckoutSession(sessionId);
  if (mode === 'expire' && state.status === 'open') {
    const closed = await deps.payments.expireCheckoutSession(sessionId);
    state = closed === 'paid' ? await deps.payments.retrieveCheckoutSession(sessionId) : { status: 'expired' };
  }
  if (state.status === 'paid') {
    const outcome = await paymentSucceeded.run(deps, {
      orderId: payment.orderId,
      paymentId: state.paymentId,
      paymentMethodRef: state.paymentMethodRef,
      sessionId,
      amount: state.amount,
      currency: state.currency,
      actor: 'reconciliation',
      reason: 'Found paid at the payment provider by the reconciliation: its event never reached the shop.',
    });
    return outcome === 'applied' ? 'paid' : 'open';
  }
  if (state.status === 'expired') {
    // Its page is closed for good: nothing more to ask the provider.
    await stopWatching(deps.db, payment.orderId);
    const order = await findOrder(deps.db, payment.orderId);
    if (order?.status === 'pending') return abandon(deps, payment.orderId);
    return 'open';
  }
  await touchPayment(deps.db, payment.orderId);
  return 'open';
}
