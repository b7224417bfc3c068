import { workflow } from '@/server/lib/workflow';
import { releaseDiscount } from '@/server/modules/discounts';
import { anonymiseOrdersOf } from '@/server/modules/orders';
import { forgetPaymentPages } from '@/server/modules/payments';
import type { ShopDeps } from './deps';

/**
 * eraseOrdersOf (orders; docs/decisions/103, 108): a privacy request, inside the erasure's own transaction. Refused
 * while an order still has to be delivered; otherwise every order under the address is anonymised for bookkeeping,
 * the unpaid ones are cancelled and give their discounts back, and the payment provider forgets the address where
 * it keeps records in the shop's database (the test processor). Returns how many orders were anonymised.
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
  .returns(({ changed }) => changed.anonymised.length);
