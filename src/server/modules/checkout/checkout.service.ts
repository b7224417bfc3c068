import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hrefs } from '@/contract/pages';
import type { CheckoutResult } from '@/contract/shop';
import type { ShippingAddressValue } from '@/contract/address';
import { PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import { orderEvents, orderLines, orders, type OrderChannel } from '@/server/db/schema/index';
import { badRequest, HttpError } from '@/server/lib/http-errors';
import { isUniqueViolation } from '@/server/lib/sql-text';
import { orderAccessToken, type OrderRow, type ShopContext } from '../orders/orders.service';
import { quote } from '../store/store.service';
import type { CartLineInput, ShippingMethodId } from '@/contract/shop';

export interface CheckoutInput {
  email: string;
  lines: CartLineInput[];
  shipping_address?: ShippingAddressValue | null | undefined;
  shipping_method?: ShippingMethodId | null | undefined;
  discount_code?: string | undefined;
}

/** sha256 of the request as the server understood it: the same Idempotency-Key with another body is refused. */
function requestHash(input: CheckoutInput, userId: string | null, channel: OrderChannel): string {
  // The shop's hash stays what it was, so a retry across the upgrade still finds its order.
  return createHash('sha256').update(JSON.stringify(channel === 'shop' ? { input, userId } : { input, userId, channel })).digest('hex');
}

/**
 * Turns a cart into an order waiting for payment, and opens the payment (docs/decisions/076). Every
 * amount comes from the database through the one pricing path; the browser's numbers are never read.
 * The Idempotency-Key makes a double click or a retried request return the same order.
 */
export async function checkout(
  ctx: ShopContext,
  input: CheckoutInput,
  opts: { idempotencyKey: string; userId: string | null; channel?: OrderChannel },
): Promise<CheckoutResult> {
  const channel = opts.channel ?? 'shop';
  const hash = requestHash(input, opts.userId, channel);
  const existing = await findByKey(ctx, opts.idempotencyKey);
  if (existing) return resume(ctx, existing, hash);

  const shop = await ctx.settings.getShop();
  const address = input.shipping_address ?? null;
  const priced = await quote(
    ctx.db,
    shop,
    {
      lines: input.lines,
      shippingMethod: input.shipping_method,
      country: address?.country ?? null,
      state: address?.state ?? null,
      postalCode: address?.postal_code ?? null,
      discountCode: input.discount_code,
    },
    ctx.payments.testMode,
    { shippingRates: ctx.shippingRates },
  );
  const gone = priced.lines.findIndex((l) => !l.available);
  if (gone >= 0) {
    const line = priced.lines[gone]!;
    throw new HttpError(409, 'LINE_UNAVAILABLE', `${line.product_name}${line.variant_name ? ` (${line.variant_name})` : ''}: ${line.unavailable_reason ?? 'no longer available.'} Remove it from your cart to check out.`, `lines.${gone}`);
  }
  if (priced.discount.error) throw badRequest(priced.discount.error, 'discount_code', 'DISCOUNT_NOT_APPLICABLE');
  const q = priced.quote;
  if (q.requires_shipping && !address) throw badRequest('Please enter a shipping address.', 'shipping_address');
  if (q.requires_shipping && !input.shipping_method) throw badRequest('Please choose standard or express shipping.', 'shipping_method');
  if (q.requires_shipping && !q.shipping_method) {
    throw badRequest(`${input.shipping_method === 'express' ? 'Express' : 'Standard'} shipping is not available to this address. Please choose another method.`, 'shipping_method');
  }
  if (q.total > 0 && q.total < 50) throw badRequest('The order total must be at least $0.50 for a card payment.', 'lines', 'TOTAL_TOO_SMALL');

  let order: OrderRow;
  try {
    order = await ctx.db.transaction(async (tx) => {
      const seq = (await tx.execute(sql`select nextval('order_number_seq')::text as n`)) as unknown as { rows: { n: string }[] };
      const n = seq.rows[0]!.n;
      const method = q.shipping_method;
      const [row] = await tx
        .insert(orders)
        .values({
          number: `ORD-${n}`,
          userId: opts.userId,
          email: input.email,
          status: 'pending_payment',
          currency: q.currency,
          subtotal: q.subtotal,
          discountTotal: q.discount?.amount ?? 0,
          shippingTotal: q.shipping_total,
          taxTotal: q.tax_total,
          taxRateBps: q.tax_rate_bps,
          total: q.total,
          discountCode: q.discount?.code ?? null,
          shippingMethod: method,
          shippingLabel: method ? `${shop.shipping[method].label} (${shop.shipping[method].min_days}–${shop.shipping[method].max_days} business days)` : null,
          shippingAddress: q.requires_shipping && address
            ? { name: address.name, line1: address.line1, line2: address.line2, city: address.city, state: address.state, postalCode: address.postal_code, country: address.country, phone: address.phone }
            : null,
          idempotencyKey: opts.idempotencyKey,
          requestHash: hash,
          paymentProvider: ctx.payments.name,
          channel,
        })
        .returning();
      await tx.insert(orderLines).values(
        priced.lines.map((l, i) => ({
          orderId: row!.id,
          position: i,
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
      );
      await tx.insert(orderEvents).values({ orderId: row!.id, fromStatus: null, toStatus: 'pending_payment', actor: 'customer', actorUserId: opts.userId, reason: 'Order placed' });
      return row!;
    });
  } catch (err) {
    // The same key sent twice at once: the other request made the order; answer with it.
    if (isUniqueViolation(err)) {
      const other = await findByKey(ctx, opts.idempotencyKey);
      if (other) return resume(ctx, other, hash);
    }
    throw err;
  }
  return openPayment(ctx, order);
}

async function findByKey(ctx: ShopContext, key: string): Promise<OrderRow | null> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

async function resume(ctx: ShopContext, order: OrderRow, hash: string): Promise<CheckoutResult> {
  if (order.requestHash !== hash) {
    throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', 'This checkout attempt was already used for a different cart. Please reload the page and try again.', 'Idempotency-Key');
  }
  return openPayment(ctx, order);
}

/** The payment page of an order: opened once at the provider (idempotently), then remembered. */
async function openPayment(ctx: ShopContext, order: OrderRow): Promise<CheckoutResult> {
  const token = orderAccessToken(ctx.secret, order.id);
  const result = (paymentUrl: string): CheckoutResult => ({ order_id: order.id, order_number: order.number, payment_url: paymentUrl, access_token: token });
  const funnel = order.channel === 'funnel';
  // A funnel order goes on to its timer screen and offers (docs/decisions/099).
  const successPath = funnel ? hrefs.funnelTimer(order.id, token) : hrefs.orderSuccess(order.id, token);
  if (order.status !== 'pending_payment' && order.status !== 'payment_failed') return result(successPath);
  if (order.paymentUrl) return result(order.paymentUrl);
  let session;
  try {
    session = await ctx.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.number,
      amount: order.total,
      currency: order.currency,
      email: order.email,
      description: `Certifiable order ${order.number}`,
      successUrl: `${ctx.publicUrl}${successPath}`,
      cancelUrl: `${ctx.publicUrl}${funnel ? hrefs.funnelCheckoutCancelled(order.id) : `/checkout?cancelled=${encodeURIComponent(order.id)}`}`,
      idempotencyKey: `checkout-session-${order.id}`,
      saveCard: funnel,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      ctx.log.error({ err, orderId: order.id }, 'opening the payment failed');
      // The order is kept: trying again with the same Idempotency-Key opens the payment for it.
      throw new HttpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach the payment provider. Nothing was charged; please try again in a moment.');
    }
    throw err;
  }
  const paymentUrl = sameOrigin(ctx, session.url);
  await ctx.db.update(orders).set({ providerSessionId: session.id, paymentUrl, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  return result(paymentUrl);
}

/** Our own pages as paths (docs/decisions/037); a provider's page stays absolute. */
function sameOrigin(ctx: Pick<ShopContext, 'publicUrl'>, url: string): string {
  return url.startsWith(`${ctx.publicUrl}/`) ? url.slice(ctx.publicUrl.length) : url;
}

