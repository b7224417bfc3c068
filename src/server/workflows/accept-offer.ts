import type { FunnelOfferKind } from '@/contract/funnel';
import { PaymentDeclinedError, PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import type { Db } from '@/server/db/client';
import { conflict, HttpError, notFound } from '@/server/lib/http-errors';
import { workflow } from '@/server/lib/workflow';
import { acceptedOffer, claimOffer, closeOffers, failOffer, lockClaimedOffer, offerAmount, reopenOffer, type OfferRow } from '@/server/modules/funnel';
import { addOrderLine, findOrder, linesOf, lockOrder, noteOrder, type OrderRow } from '@/server/modules/orders';
import { findPayment, lockPayment, recordCharge } from '@/server/modules/payments';
import { addedTaxes, formatMoney, mergeTaxLines } from '@/server/modules/store';
import type { ShopDeps } from './deps';
import { releaseOrder } from './release-order';

/**
 * acceptOffer (funnel; docs/decisions/099, docs/order-pipeline.md): "Yes, add it" on a one-time offer.
 *  1. claim the offer while its window is open (undo: it is on offer again);
 *  2. charge the first payment's card for its price plus tax — once, whatever happens, by the offer's idempotency
 *     key; a declined card is an answer, not an error;
 *  3. record it in one transaction: the new line on the order, the charge, the offer taken (or refused: the order's
 *     history says the card was declined for the extra and the order is unchanged, and the receipt says so), the
 *     window closed and the order released to its receipt and the printer.
 * A crash between 2 and 3 is finished by the funnel's close job, which charges again with the same key (the provider
 * answers with the first charge) and records it.
 */
export const acceptOffer = workflow<{ order: OrderRow; kind: FunnelOfferKind }, ShopDeps>('acceptOffer')
  .step(
    'claim the offer',
    async ({ deps, input }) => ({
      offer: await deps.db.transaction(async (tx) => {
        const current = await lockOrder(tx, input.order.id);
        if (!current) throw notFound('No such order in the funnel.', 'FUNNEL_ORDER_NOT_FOUND');
        const payment = await lockPayment(tx, input.order.id);
        if (!payment || (payment.status !== 'paid' && payment.status !== 'partially_refunded')) {
          throw conflict('Offers can be added only to a paid order.', 'status', 'ORDER_NOT_PAID');
        }
        return claimOffer(tx, input.order.id, input.kind);
      }),
    }),
    // The provider could not be reached: nothing was charged, and the offer is on screen again.
    async ({ deps, offer }) => reopenOffer(deps.db, offer.id),
  )
  .step('charge the saved card', async ({ deps, input, offer }) => ({ charge: await chargeOffer(deps, input.order, offer) }))
  .step('record the extra on the order, or that the card declined it', async ({ deps, input, offer, charge }) => {
    await recordOffer(deps, input.order.id, offer, charge);
  })
  .returns(() => undefined);

export type OfferCharge = { declined: false; id: string; amount: number } | { declined: true; message: string };

/** Charges an offer once (its idempotency key): a declined card is an answer; an unreachable provider a 502. */
export async function chargeOffer(deps: Pick<ShopDeps, 'db' | 'payments' | 'log'>, order: OrderRow, offer: OfferRow): Promise<OfferCharge> {
  const payment = await findPayment(deps.db, order.id);
  try {
    if (!payment?.providerPaymentId) throw new PaymentProviderError('The order has no payment to charge again.');
    const charge = await deps.payments.chargeSavedCard({
      orderId: order.id,
      orderNumber: order.number,
      originalPaymentId: payment.providerPaymentId,
      amount: offerAmount(offer),
      currency: order.currency,
      description: `${order.number}: ${offer.productName} (${offer.variantName}), one-time offer`,
      idempotencyKey: `funnel-offer-${offer.id}`,
    });
    return { declined: false, id: charge.id, amount: charge.amount };
  } catch (err) {
    if (err instanceof PaymentDeclinedError) return { declined: true, message: err.message };
    if (err instanceof PaymentProviderError) {
      deps.log.error({ err, orderId: order.id, offer: offer.id }, 'charging a funnel offer failed');
      throw new HttpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach the payment provider. Nothing was charged; please try again in a moment.');
    }
    throw err;
  }
}

/** Records a charged (or declined) offer and closes the window, in one transaction. Idempotent. */
export async function recordOffer(deps: Pick<ShopDeps, 'db' | 'jobs' | 'printer'>, orderId: string, offer: OfferRow, charge: OfferCharge): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const claimed = await lockClaimedOffer(tx, offer.id);
    if (!order || !claimed) return; // recorded already
    const what = `${claimed.productName} (${claimed.variantName})`;
    if (charge.declined) {
      await failOffer(tx, claimed.id, charge.message);
      await noteOrder(tx, { orderId, status: order.status, kind: 'declined_extra', actor: 'customer', reason: `Your card was declined for the extra (${what}); your order is unchanged.` });
    } else {
      const [hero] = await linesOf(tx, orderId);
      // The offer's taxes at the order's rates, added to the order's own (docs/decisions/133).
      const taxes = addedTaxes(claimed.unitPrice, order);
      const line = await addOrderLine(tx, orderId, {
        productId: claimed.productId,
        variantId: claimed.variantId,
        sku: claimed.sku,
        productName: claimed.productName,
        variantName: claimed.variantName,
        unitPrice: claimed.unitPrice,
        quantity: 1,
        requiresShipping: claimed.requiresShipping,
        // The same certificate as the order's first line, in another form.
        design: hero!.design,
      }, { amount: claimed.tax, included: claimed.taxIncluded, orderLines: mergeTaxLines(order.taxLines, taxes) });
      await recordCharge(tx, { orderId, kind: 'offer', providerPaymentId: charge.id, amount: charge.amount });
      await acceptedOffer(tx, claimed, { lineId: line.id, providerPaymentId: charge.id });
      await noteOrder(tx, {
        orderId,
        status: order.status,
        kind: 'line_added',
        actor: 'customer',
        reason: `Added ${what} from a one-time offer: ${formatMoney(charge.amount, order.currency)} charged to the same card.`,
      });
    }
    // Nothing more is offered either way: the order goes on to its receipt and the printer.
    await closeWindow(tx, deps, order);
  });
}

/** Closes the order's window (not while another charge is under way) and releases the order. */
export async function closeWindow(tx: Db, deps: Pick<ShopDeps, 'jobs' | 'printer'>, order: Pick<OrderRow, 'id' | 'status'>): Promise<boolean> {
  if (!(await closeOffers(tx, order.id))) return false;
  const payment = await findPayment(tx, order.id);
  if (payment && (payment.status === 'paid' || payment.status === 'partially_refunded') && order.status === 'open') await releaseOrder(tx, deps, order);
  return true;
}

/** The order behind a funnel request, fresh. */
export async function freshOrder(deps: Pick<ShopDeps, 'db'>, orderId: string): Promise<OrderRow> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound('No such order in the funnel.', 'FUNNEL_ORDER_NOT_FOUND');
  return order;
}
