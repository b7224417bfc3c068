import { workflow } from '@/server/lib/workflow';
import { releaseDiscount } from '@/server/modules/discounts';
import { anonymiseOrdersOf } from '@/server/modules/orders';
import { findPayment, forgetPaymentPages } from '@/server/modules/payments';
import type { ShopDeps } from './deps';

/**
 * eraseOrdersOf (orders; docs/decisions/103, 108): a privacy request, inside the erasure's own transaction. Refused
 * while an order still has to be delivered; otherwise every order under the address is anonymised for bookkeeping,
 * the unpaid ones are cancelled and give their discounts back, and the payment provider forgets the address where
 * it keeps records in the shop's database (the test processor). Returns how many orders were anonymised, and the
 * ones cancelled (whose pages closeErasedPages closes at the provider once the erasure has committed).
 */
export const eraseOrdersOf = workflow<{ email: string; actorUserId: string | null }, Pick<ShopDeps, 'payments'>>('eraseOrdersOf', { transaction: true })
  .step('anonymise the orders, cancelling the unpaid ones', async ({ tx, input }) => ({ changed: await anonymiseOrdersOf(tx, input.email, input.actorUserId) }))
  .step('give the cancelled orders’ discounts back', async ({ tx, changed }) => {
    for (const id of changed.cancelled) await releaseDiscount(tx, id);
  })
  .step('forget the payment pages and tell the provider', async ({ tx, deps, changed }) => {
    await forgetPaymentPages(tx, changed.anonymised);
    await deps.payments.forgetCustomer(tx, changed.anonymised);
  })
  .returns(({ changed }) => ({ anonymised: changed.anonymised.length, cancelled: changed.cancelled }));

/**
 * After the erasure has committed: the cancelled orders' payment pages are closed at the provider too (Stripe's
 * hosted pages live there), so they can no longer be paid. A payment that beat it is recorded like any late payment
 * (the order opens for a refund, never printed). A provider that does not answer is left to the reconciliation, which
 * closes pages of orders past their time.
 */
export async function closeErasedPages(deps: Pick<ShopDeps, 'db' | 'payments' | 'log'>, orderIds: string[]): Promise<void> {
  for (const orderId of orderIds) {
    const payment = await findPayment(deps.db, orderId);
    if (!payment?.providerSessionId) continue;
    try {
      await deps.payments.expireCheckoutSession(payment.providerSessionId);
    } catch (err) {
      deps.log.warn({ err, orderId }, 'closing an erased order’s payment page failed; the reconciliation will close it');
    }
  }
}
