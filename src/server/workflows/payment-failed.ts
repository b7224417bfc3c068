import { stop, workflow } from '@/server/lib/workflow';
import { releaseDiscount } from '@/server/modules/discounts';
import { lockOrder, orderMailJob } from '@/server/modules/orders';
import { lockPayment, movePayment } from '@/server/modules/payments';
import type { ShopDeps } from './deps';
import type { PaymentOutcome } from './payment-succeeded';

/**
 * paymentFailed (payments; docs/order-pipeline.md): the card was declined. One transaction: the payment reads
 * failed with the card issuer's words, the discount's use goes back to the code, and the "try another card" mail is
 * enqueued — the first time; another declined card updates the words only. The payment page stays open: the
 * shopper may still pay, and paymentSucceeded then takes the use again.
 */
export const paymentFailed = workflow<{ orderId: string; message: string; paymentId: string | null }, Pick<ShopDeps, 'jobs'>>('paymentFailed', { transaction: true })
  .step('lock the order and its payment', async ({ tx, input }) => {
    await lockOrder(tx, input.orderId);
    const payment = await lockPayment(tx, input.orderId);
    // Paid already (a late decline of another attempt) or gone: nothing changes.
    if (!payment || (payment.status !== 'unpaid' && payment.status !== 'failed')) return stop<PaymentOutcome>('no_change');
    return { payment };
  })
  .step('mark the payment failed', async ({ tx, input, payment }) => {
    await movePayment(tx, {
      orderId: input.orderId,
      from: payment.status,
      to: 'failed',
      actor: 'provider',
      reason: input.message,
      set: { failureMessage: input.message, providerPaymentId: input.paymentId ?? payment.providerPaymentId },
    });
  })
  .step('give the discount’s use back', async ({ tx, input }) => {
    await releaseDiscount(tx, input.orderId);
  })
  .step('mail the shopper a link to try another card (the first decline)', async ({ tx, deps, input, payment }) => {
    if (payment.status === 'unpaid') await deps.jobs.send(orderMailJob, { orderId: input.orderId, kind: 'payment_failed' }, { tx, singletonKey: `${input.orderId}:payment_failed` });
  })
  .returns((): PaymentOutcome => 'applied');
