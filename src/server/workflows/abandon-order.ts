import { stop, workflow } from '@/server/lib/workflow';
import { releaseDiscount } from '@/server/modules/discounts';
import { lockOrder, moveOrder } from '@/server/modules/orders';
import { findPayment } from '@/server/modules/payments';
import type { PaymentOutcome } from './payment-succeeded';

/**
 * abandonOrder (orders; docs/order-pipeline.md): an order that was never paid is given up — its payment page
 * expired, or its checkout failed after writing it and was not tried again. One transaction: the order reads
 * abandoned (customers no longer see it; admins do) and its discount's use goes back to the code. A payment that
 * still arrives later opens it again (paymentSucceeded).
 */
export const abandonOrder = workflow<{ orderId: string; reason: string; actor?: 'provider' | 'system' | 'reconciliation' }, object>('abandonOrder', { transaction: true })
  .step('lock the order', async ({ tx, input }) => {
    const order = await lockOrder(tx, input.orderId);
    const payment = await findPayment(tx, input.orderId);
    const unpaid = !payment || payment.status === 'unpaid' || payment.status === 'failed';
    if (!order || order.status !== 'pending' || !unpaid) return stop<PaymentOutcome>('no_change');
    return { order };
  })
  .step('mark it abandoned', async ({ tx, input }) => {
    await moveOrder(tx, { orderId: input.orderId, from: 'pending', to: 'abandoned', actor: input.actor ?? 'system', reason: input.reason });
  })
  .step('give the discount’s use back', async ({ tx, input }) => {
    await releaseDiscount(tx, input.orderId);
  })
  .returns((): PaymentOutcome => 'applied');
