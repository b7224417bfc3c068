import { formatMoney } from '@/server/modules/store';
import { redeemDiscount } from '@/server/modules/discounts';
import { closeFunnelJob, openOffers } from '@/server/modules/funnel';
import { lockOrderToRelease, moveOrder, noteOrder, type OrderActor } from '@/server/modules/orders';
import { findPayment, payUnpaid, type PaymentActor } from '@/server/modules/payments';
import { stop, workflow } from '@/server/lib/workflow';
import type { ShopDeps } from './deps';
import { releaseOrder } from './release-order';

/**
 * paymentSucceeded (payments; docs/order-pipeline.md): the one "order paid" path — for Stripe's webhook, the test
 * processor's, the reconciliation, and a zero total paid by its discount. One transaction: the charge and the
 * payment's new status, the discount's use kept, the order confirmed, and then either the funnel's one-time offers
 * opened or the receipt and the hand-off to the printer enqueued. All of it commits together, or none of it; a
 * replayed event finds the payment paid and changes nothing.
 */
export interface PaymentSucceededInput {
  orderId: string;
  /** The provider's charge (Stripe: pi_…); null for a zero total. */
  paymentId: string | null;
  paymentMethodRef: string | null;
  sessionId: string | null;
  /** What the provider says it charged, minor units (null: the order's total). */
  amount: number | null;
  currency: string | null;
  actor: PaymentActor & OrderActor;
  /** Why, in the payment's history ("Payment received", "Found paid by the reconciliation …"). */
  reason: string;
}

export type PaymentOutcome = 'applied' | 'no_change';

export const paymentSucceeded = workflow<PaymentSucceededInput, Pick<ShopDeps, 'jobs' | 'printer'>>('paymentSucceeded', { transaction: true })
  .step('lock the order', async ({ tx, input }) => {
    // Always the order first, then its payment (every workflow locks in this order: no deadlocks).
    const order = await lockOrderToRelease(tx, input.orderId);
    if (!order) throw new Error(`paymentSucceeded: no order ${input.orderId}`);
    return { order };
  })
  .step('record the charge and mark the payment paid', async ({ tx, input, order, log }) => {
    // The payment was made for the order's total (its amount is the total the order was placed with).
    const mismatch =
      input.amount !== null && (input.amount !== order.total || (input.currency !== null && input.currency !== order.currency))
        ? ` (the provider reports ${formatMoney(input.amount, input.currency ?? order.currency)}, the order asked ${formatMoney(order.total, order.currency)}: check it)`
        : '';
    // One statement: the payment locked, moved to paid, its charge and its history (decision 117).
    const paid = await payUnpaid(tx, {
      orderId: order.id,
      actor: input.actor,
      reason: `${input.reason}${mismatch}`,
      paymentId: input.paymentId,
      sessionId: input.sessionId,
      paymentMethodRef: input.paymentMethodRef,
      amount: input.amount,
    });
    if (!paid) {
      if (!(await findPayment(tx, order.id))) throw new Error(`paymentSucceeded: order ${order.id} has no payment to record`);
      // Paid already (a replayed event, the reconciliation after the webhook): nothing to do.
      return stop<PaymentOutcome>('no_change');
    }
    if (mismatch) log.warn({ orderId: order.id }, 'payment amount differs from the order total');
    return { chargedWith: paid.providerPaymentId };
  })
  .step('keep the discount’s use', async ({ tx, order }) => {
    if (!order.discountCode) return;
    const use = await redeemDiscount(tx, order.id);
    if (use?.overLimit) {
      await noteOrder(tx, { orderId: order.id, status: order.status, kind: 'note', actor: 'system', reason: `Discount code ${use.code} was counted past its limit: it was released when a card was declined, then this payment arrived.` });
    }
  })
  .step('confirm the order', async ({ tx, input, order }) => {
    const reason =
      order.status === 'pending'
        ? 'Paid: the order is confirmed.'
        : order.status === 'abandoned'
          ? 'Paid after its payment page had closed: the order is confirmed.'
          : 'Payment received after an admin cancelled the order: refund it.';
    if (order.status === 'pending' || order.status === 'abandoned' || order.status === 'cancelled') {
      await moveOrder(tx, { orderId: order.id, from: order.status, to: 'open', actor: input.actor, reason });
    }
    return { wasCancelled: order.status === 'cancelled' };
  })
  .step('open the one-time offers, or send the receipt and hand it to the printer', async ({ tx, deps, order, chargedWith, wasCancelled }) => {
    // Cancelled by an admin before the money came: kept for the admin to refund, never printed.
    if (wasCancelled) return;
    if (order.channel === 'funnel') {
      // Offers are charged to the card of this payment: none without one (a zero total).
      const canChargeAgain = chargedWith !== null;
      const window = await openOffers(tx, order, canChargeAgain);
      if (window.opened && window.offered) {
        const seconds = Math.max(1, Math.ceil((window.closesAt.getTime() - Date.now()) / 1000) + 2);
        await deps.jobs.send(closeFunnelJob, { orderId: order.id }, { tx, singletonKey: `funnel-close:${order.id}`, startAfterSeconds: seconds });
        return;
      }
      if (!window.opened) return; // a replay: the window decides
    }
    await releaseOrder(tx, deps, { id: order.id, status: 'open', shippableLines: order.shippableLines });
  })
  .returns((): PaymentOutcome => 'applied');
