import { conflict, notFound } from '@/server/lib/http-errors';
import { workflow } from '@/server/lib/workflow';
import { audited, type Actor } from '@/server/modules/audit';
import { releaseDiscount } from '@/server/modules/discounts';
import { lockOrder, moveOrder } from '@/server/modules/orders';
import { findPayment } from '@/server/modules/payments';
import type { ShopDeps } from './deps';
import { paymentSucceeded } from './payment-succeeded';

/**
 * cancelOrder (orders; docs/decisions/075, 108): an admin cancels an order that was never paid.
 *  1. in one transaction with its audit row: the order reads cancelled, its discount's use goes back;
 *  2. the provider closes its payment page, so it can no longer be paid. A payment that beat the cancellation is
 *     recorded (money received: the order opens for the admin to refund, and is never printed).
 */
export const cancelOrder = workflow<{ orderId: string; actor: Actor; reason: string }, ShopDeps>('cancelOrder')
  .step('cancel the order and give its discount back', async ({ deps, input }) => {
    await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
      if (order.status !== 'pending') {
        throw conflict(
          order.status === 'cancelled' ? 'This order is already cancelled.' : order.status === 'abandoned' ? 'This order was abandoned: it can no longer be paid.' : 'A paid order is not cancelled but refunded: use Refund.',
          'status',
          'ILLEGAL_TRANSITION',
        );
      }
      await audited(
        tx,
        input.actor,
        { action: 'order.cancelled', entityType: 'order', entityId: order.id, before: { status: order.status }, after: { status: 'cancelled', reason: input.reason } },
        () => moveOrder(tx, { orderId: order.id, from: 'pending', to: 'cancelled', actor: 'admin', actorUserId: input.actor.userId, reason: input.reason || 'Cancelled by an admin' }),
      );
      await releaseDiscount(tx, order.id);
    });
  })
  .step('close the payment page at the provider', async ({ deps, input }) => {
    const payment = await findPayment(deps.db, input.orderId);
    if (!payment?.providerSessionId || (payment.status !== 'unpaid' && payment.status !== 'failed')) return;
    if ((await deps.payments.expireCheckoutSession(payment.providerSessionId)) === 'paid') {
      const state = await deps.payments.retrieveCheckoutSession(payment.providerSessionId);
      if (state.status !== 'paid') return;
      await paymentSucceeded.run(deps, {
        orderId: input.orderId,
        paymentId: state.paymentId,
        paymentMethodRef: state.paymentMethodRef,
        sessionId: payment.providerSessionId,
        amount: state.amount,
        currency: state.currency,
        actor: 'provider',
        reason: 'Payment received just as the order was cancelled.',
      });
    }
  })
  .returns(() => undefined);
