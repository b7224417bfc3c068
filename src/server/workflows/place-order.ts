import { createHash, randomUUID } from 'node:crypto';
import { countryName, type ShippingAddressValue } from '@/contract/address';
import { hrefs } from '@/contract/paths';
import { shippingLabelOf } from '@/contract/shop-constants';
import type { CartLineInput, CheckoutResult, ShippingMethodId } from '@/contract/shop';
import { PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import type { OrderChannel } from '@/server/db/schema/orders';
import { badRequest, HttpError } from '@/server/lib/http-errors';
import { isUniqueViolation } from '@/server/lib/sql-text';
import { stop, workflow } from '@/server/lib/workflow';
import { releaseDiscount, reserveAgain, reserveDiscount } from '@/server/modules/discounts';
import { findOrderByKey, insertOrder, lockOrder, moveOrder, orderAccessToken, type OrderRow } from '@/server/modules/orders';
import { attachProviderSession, findPayment, newPayment, touchPayment, type PaymentRow } from '@/server/modules/payments';
import { formatMoney, quote } from '@/server/modules/store';
import type { ShopDeps } from './deps';
import { paymentSucceeded } from './payment-succeeded';

export interface CheckoutInput {
  email: string;
  lines: CartLineInput[];
  shipping_address?: ShippingAddressValue | null | undefined;
  shipping_method?: ShippingMethodId | null | undefined;
  /** Where the buyer lives, for an order with nothing to ship: decides its tax. */
  country?: string | undefined;
  /** The currency shown and paid in (docs/decisions/134); default: the shop's own. */
  currency?: string | undefined;
  discount_code?: string | undefined;
}

export interface PlaceOrderInput {
  checkout: CheckoutInput;
  idempotencyKey: string;
  userId: string | null;
  channel: OrderChannel;
}

/** sha256 of the request as the server understood it: the same Idempotency-Key with another body is refused. */
function requestHash(input: CheckoutInput, userId: string | null, channel: OrderChannel): string {
  // The shop's hash stays what it was, so a retry across the upgrade still finds its order.
  return createHash('sha256').update(JSON.stringify(channel === 'shop' ? { input, userId } : { input, userId, channel })).digest('hex');
}

/** A moment m minutes from now, in whole seconds (the provider's idempotency key carries it). */
const minutesFromNow = (m: number) => new Date(Math.floor((Date.now() + m * 60_000) / 1000) * 1000);

/**
 * placeOrder (orders; docs/decisions/076, 108, docs/order-pipeline.md): a cart becomes an order waiting for its
 * payment, and the payment page opens. Every amount comes from the database through the one pricing path; the
 * browser's numbers are never read. The Idempotency-Key makes a double click or a retried request answer with the
 * same order — and a checkout abandoned after a failure comes back to life when tried again.
 *
 * A checkout that fails after writing its order leaves nothing the customer sees: the undo abandons the order at
 * once and gives its discount back; if the process dies first, the reconciliation abandons it when its page has not
 * opened within ORDER_UNOPENED_MINUTES. An order is given ORDER_PAYMENT_MINUTES to be paid: its page closes then.
 * A zero total (a 100 % discount) is paid by its discount in the same transaction: no provider, no page.
 */
export const placeOrder = workflow<PlaceOrderInput, ShopDeps>('placeOrder')
  // A retried checkout (the same Idempotency-Key) is answered with its order. The order is not looked up first
  // (issue 25: a statement every checkout paid for a rare retry): the order's insert meets its key, or pricing
  // refuses the cart — then the order of that key, if there is one, answers instead.
  .step('know the request', async ({ input }) => ({ hash: requestHash(input.checkout, input.userId, input.channel) }))
  .step('price the cart', async ({ deps, input, hash }) => {
    try {
      return await priceCart(deps, input);
    } catch (err) {
      const existing = err instanceof HttpError ? await findOrderByKey(deps.db, input.idempotencyKey) : null;
      if (existing) return stop(await resume(deps, existing, hash));
      throw err;
    }
  })
  .step(
    'write the order, its payment and its discount’s use',
    async ({ deps, input, hash, priced, address }) => {
      const q = priced.quote;
      const method = q.shipping_method;
      const chosen = q.shipping_methods.find((m) => m.id === method);
      const orderId = randomUUID();
      const payment = newPayment({ orderId, provider: q.total === 0 ? 'none' : deps.payments.name, amount: q.total, currency: q.currency });
      // The order, its lines, its first event and its payment are one statement; a discount's use or a zero total
      // needs more, in one transaction with it.
      const write = async (tx: ShopDeps['db']) => {
        const row = await insertOrder(
          tx,
          {
            id: orderId,
            userId: input.userId,
            email: input.checkout.email,
            currency: q.currency,
            subtotal: q.subtotal,
            discountTotal: q.discount?.amount ?? 0,
            shippingTotal: q.shipping_total,
            taxTotal: q.tax_total,
            taxRateBps: q.tax_rate_bps,
            taxLines: q.tax_lines,
            pricesIncludeTax: q.prices_include_tax,
            total: q.total,
            discountCode: q.discount?.code ?? null,
            shippingMethod: method,
            // The promise quoted for this address: its zone's (docs/decisions/131), else the shop's own.
            shippingLabel: chosen ? shippingLabelOf(chosen.label, chosen.min_days, chosen.max_days) : null,
            shippingAddress:
              q.requires_shipping && address
                ? { name: address.name, line1: address.line1, line2: address.line2, city: address.city, state: address.state, postalCode: address.postal_code, country: address.country, phone: address.phone }
                : null,
            idempotencyKey: input.idempotencyKey,
            requestHash: hash,
            channel: input.channel,
            // When its payment page closes (and the order, unpaid, is abandoned).
            expiresAt: minutesFromNow(deps.orders.paymentMinutes),
            lines: priced.lines.map((l) => ({
              productId: l.product_id,
              variantId: l.variant_id,
              sku: l.sku,
              productName: l.product_name,
              variantName: l.variant_name,
              unitPrice: l.unit_price,
              quantity: l.quantity,
              lineTotal: l.line_total,
              requiresShipping: l.requires_shipping,
              design: {
                awardId: l.resolved!.award_id,
                awardTitle: l.resolved!.award_title,
                templateId: l.resolved!.template_id,
                recipientName: l.resolved!.recipient_name,
                shareId: l.resolved!.share_id,
                certificateNumber: l.resolved!.certificate_number,
              },
            })),
          },
          'customer',
          [payment],
        );
        // The use is taken here, in one statement that respects the limit: the last one taken, a 409 on the field.
        if (q.discount) await reserveDiscount(tx, row.id, q.discount.code);
        if (q.total === 0) {
          await paymentSucceeded.within(tx, deps, {
            orderId: row.id,
            paymentId: null,
            paymentMethodRef: null,
            sessionId: null,
            amount: 0,
            currency: q.currency,
            actor: 'customer',
            reason: `Paid in full by discount code ${q.discount?.code ?? ''}: nothing to charge.`,
          });
          return (await lockOrder(tx, row.id))!;
        }
        return row;
      };
      try {
        const order = q.discount || q.total === 0 ? await deps.db.transaction((tx) => write(tx as unknown as ShopDeps['db'])) : await write(deps.db);
        // What the payment is, without reading it back: the page opens for exactly this.
        return { order, payment: { status: 'unpaid' as const, paymentUrl: null, amount: q.total, currency: q.currency } };
      } catch (err) {
        // The same key sent twice at once: the other request made the order; answer with it.
        if (isUniqueViolation(err)) {
          const other = await findOrderByKey(deps.db, input.idempotencyKey);
          if (other) return stop(await resume(deps, other, hash));
        }
        throw err;
      }
    },
    // Undo: the payment page could not be opened. Nothing the customer sees is left: the order is abandoned and
    // its discount given back at once (the same checkout tried again brings it back).
    async ({ deps, order }) => {
      await deps.db.transaction(async (tx) => {
        if (await moveOrder(tx, { orderId: order.id, from: 'pending', to: 'abandoned', actor: 'system', reason: 'The payment page could not be opened.' })) {
          await releaseDiscount(tx, order.id);
        }
      });
    },
  )
  .step('open the payment page', async ({ deps, order, payment }) => ({ result: await openPayment(deps, order, payment) }))
  .returns(({ result }) => result);

/** Prices the cart through the one pricing path and refuses what cannot be bought, naming the field. */
async function priceCart(deps: ShopDeps, input: PlaceOrderInput) {
  const shop = await deps.settings.getShop();
  const address = input.checkout.shipping_address ?? null;
  const priced = await quote(
    deps.db,
    shop,
    {
      lines: input.checkout.lines,
      shippingMethod: input.checkout.shipping_method,
      // Taxed where it goes; a PDF-only order where its buyer lives (docs/decisions/133).
      country: address?.country ?? input.checkout.country ?? null,
      currency: input.checkout.currency ?? null,
      state: address?.state ?? null,
      postalCode: address?.postal_code ?? null,
      city: address?.city ?? null,
      line1: address?.line1 ?? null,
      discountCode: input.checkout.discount_code,
    },
    deps.payments.testMode,
    { shippingRates: deps.shippingRates, pricing: deps.pricing, salesTax: deps.salesTax },
  );
  const gone = priced.lines.findIndex((l) => !l.available);
  if (gone >= 0) {
    const line = priced.lines[gone]!;
    throw new HttpError(
      409,
      'LINE_UNAVAILABLE',
      `${line.product_name}${line.variant_name ? ` (${line.variant_name})` : ''}: ${line.unavailable_reason ?? 'no longer available.'} Remove it from your cart to check out.`,
      `lines.${gone}`,
    );
  }
  if (priced.discount.error) {
    const usedUp = priced.discount.error === 'This code has been used up.';
    throw new HttpError(usedUp ? 409 : 400, usedUp ? 'DISCOUNT_USED_UP' : 'DISCOUNT_NOT_APPLICABLE', priced.discount.error, 'discount_code');
  }
  const q = priced.quote;
  if (q.requires_shipping && !address) throw badRequest('Please enter a shipping address.', 'shipping_address');
  if (q.requires_shipping && !q.ships_to_country) throw notShippedTo(address!.country);
  if (q.requires_shipping && !input.checkout.shipping_method) throw badRequest('Please choose standard or express shipping.', 'shipping_method');
  if (q.requires_shipping && !q.shipping_method) {
    throw badRequest(`${input.checkout.shipping_method === 'express' ? 'Express' : 'Standard'} shipping is not available to this address. Please choose another method.`, 'shipping_method');
  }
  if (q.total > 0 && q.total < 50) throw badRequest(`The order total must be at least ${formatMoney(50, q.currency)} for a card payment.`, 'lines', 'TOTAL_TOO_SMALL');
  return { priced, address };
}

/** A country the shop sends no prints to (docs/decisions/131): said on the country field; a PDF still goes anywhere. */
function notShippedTo(country: string) {
  return badRequest(
    `We don’t ship prints to ${countryName(country)} yet. Choose another address, or take the PDF edition — it arrives anywhere.`,
    'shipping_address.country',
    'COUNTRY_NOT_SHIPPED',
  );
}

/** The answer for an order: where its buyer goes next. */
function resultFor(deps: Pick<ShopDeps, 'secret'>, order: OrderRow, paymentUrl: string | null): CheckoutResult {
  const token = orderAccessToken(deps.secret, order.id);
  const successPath = order.channel === 'funnel' ? hrefs.funnelTimer(order.id, token) : hrefs.orderSuccess(order.id, token);
  return { order_id: order.id, order_number: order.number, payment_url: paymentUrl ?? successPath, access_token: token };
}

/**
 * The payment page of an order: opened once at the provider (idempotently), then remembered. A paid order (or a
 * zero total) goes straight to its success page. The provider not answering is a 502 the shopper may retry.
 */
async function openPayment(
  deps: ShopDeps,
  order: OrderRow,
  known?: Pick<PaymentRow, 'status' | 'paymentUrl' | 'amount' | 'currency'>,
): Promise<CheckoutResult> {
  const payment = known ?? (await findPayment(deps.db, order.id));
  if (!payment || (payment.status !== 'unpaid' && payment.status !== 'failed') || order.status !== 'pending') return resultFor(deps, order, null);
  if (payment.paymentUrl) return resultFor(deps, order, payment.paymentUrl);
  const token = orderAccessToken(deps.secret, order.id);
  const funnel = order.channel === 'funnel';
  // A funnel order goes on to its timer screen and offers (docs/decisions/099).
  const successPath = funnel ? hrefs.funnelTimer(order.id, token) : hrefs.orderSuccess(order.id, token);
  // The page closes with the order (its expires_at, set when it was placed or tried again): fixed per attempt, so a
  // retry sends the same request under the same idempotency key; a revived order is a new attempt with a new time.
  const closesAt = order.expiresAt ?? minutesFromNow(deps.orders.paymentMinutes);
  let session;
  try {
    session = await deps.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.number,
      amount: payment.amount,
      currency: payment.currency,
      email: order.email,
      description: `Certifiable order ${order.number}`,
      successUrl: `${deps.publicUrl}${successPath}`,
      cancelUrl: `${deps.publicUrl}${funnel ? hrefs.funnelCheckoutCancelled(order.id) : `/checkout?cancelled=${encodeURIComponent(order.id)}`}`,
      idempotencyKey: `checkout-session-${order.id}-${closesAt.getTime() / 1000}`,
      saveCard: funnel,
      expiresAt: closesAt,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      deps.log.error({ err, orderId: order.id }, 'opening the payment failed');
      throw new HttpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach the payment provider. Nothing was charged; please try again in a moment.');
    }
    throw err;
  }
  // Our own pages as paths (docs/decisions/037); a provider's page stays absolute.
  const paymentUrl = session.url.startsWith(`${deps.publicUrl}/`) ? session.url.slice(deps.publicUrl.length) : session.url;
  await attachProviderSession(deps.db, order.id, { id: session.id, url: paymentUrl });
  return resultFor(deps, order, paymentUrl);
}

/**
 * A checkout sent again with the same Idempotency-Key: the same body answers with the same order (its payment page,
 * or its success page once paid). An order abandoned after a failure is brought back first — its discount's use
 * taken again (a 409 when the code was used up meanwhile) and its time renewed.
 */
async function resume(deps: ShopDeps, order: OrderRow, hash: string): Promise<CheckoutResult> {
  if (order.requestHash !== hash) {
    throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This checkout attempt was already used for a different cart. Please reload the page and try again.', 'Idempotency-Key');
  }
  let current = order;
  if (order.status === 'abandoned') {
    const payment = await findPayment(deps.db, order.id);
    if (payment && (payment.status === 'unpaid' || payment.status === 'failed') && !payment.paymentUrl) {
      current = await deps.db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (locked?.status === 'abandoned') {
          if (order.discountCode) await reserveAgain(tx, order.id);
          await moveOrder(tx, { orderId: order.id, from: 'abandoned', to: 'pending', actor: 'customer', reason: 'The same checkout was tried again.', set: { expiresAt: minutesFromNow(deps.orders.paymentMinutes) } });
          // Its page gets ORDER_UNOPENED_MINUTES again to open.
          await touchPayment(tx, order.id);
        }
        return (await lockOrder(tx, order.id))!;
      });
    }
  }
  if (current.status === 'abandoned' || current.status === 'cancelled') {
    throw new HttpError(409, 'CHECKOUT_EXPIRED', 'This checkout has expired. Your cart is still there: please check out again.');
  }
  return openPayment(deps, current);
}
