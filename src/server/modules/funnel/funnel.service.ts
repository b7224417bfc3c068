import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Funnel, FunnelCheckoutInput, FunnelOffer, FunnelOfferKind, FunnelOfferPreview, FunnelOrder, FunnelStep } from '@/contract/funnel';
import type { CheckoutResult } from '@/contract/shop';
import { PaymentDeclinedError, PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import type { Db } from '@/server/db/client';
import { awards, funnelOffers, orderEvents, orderLines, orderPayments, orders, products, templates, variants } from '@/server/db/schema/index';
import type { FunnelOfferStatus } from '@/server/db/schema/index';
import { badRequest, conflict, HttpError, notFound } from '@/server/lib/http-errors';
import { checkout } from '../checkout/checkout.service';
import { queueFulfilment } from '../fulfilment/fulfilment.service';
import type { JobQueue } from '../jobs/job-queue';
import { lockOrder } from '../orders/order-status';
import { findOrder, ORDER_MAIL_JOB, orderView, PAID_STATUSES, verifyOrderToken, type OrderRow, type ShopContext } from '../orders/orders.service';
import { shippingMethods } from '../store/store.service';
import { formatMoney, taxAmount } from '../store/pricing';
import { readFunnelSettings, type FunnelOfferSettings, type FunnelSettings } from './funnel-settings';

/**
 * The sales funnel (issue 13, docs/decisions/099). A funnel order is an ordinary order (channel 'funnel') bought on
 * a focused checkout; when its payment arrives its one-time offers are made, priced from the catalogue, and its
 * confirmation mail and printing wait until they are settled — accepted, declined, refused by the card, or ended
 * when the order goes to print `offer_minutes` after the payment. An accepted offer is a new line on the same order,
 * charged to the first payment's card through the payment adapter. Everything is decided here, on the server: the
 * browser only says yes or no, with the order's access token.
 */

/** Closes a funnel order's offers when their time is up (and resumes a charge a crash interrupted). */
export const FUNNEL_CLOSE_JOB = 'funnel.close';

export interface FunnelContext extends ShopContext {
  jobs: JobQueue;
}

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;
type OfferRow = typeof funnelOffers.$inferSelect;

/** The order (its print, its confirmation) waits for the offers; they must be worth a card charge. */
const MIN_CHARGE = 50;

/** An offer's price: the catalogue price less the offer's discount, rounded to the minor unit. */
export function offerPrice(listPrice: number, discountPercent: number): number {
  return Math.round((listPrice * (100 - discountPercent)) / 100);
}

interface CatalogueVariant {
  variant: typeof variants.$inferSelect;
  product: typeof products.$inferSelect;
}

/** Active variants of active products in the shop's currency, by SKU. */
async function variantsBySku(db: Pick<Db, 'select'>, skus: string[], currency: string): Promise<Map<string, CatalogueVariant>> {
  const rows = await db
    .select({ variant: variants, product: products })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(inArray(variants.sku, skus), eq(variants.isActive, true), eq(products.isActive, true), eq(variants.currency, currency)));
  return new Map(rows.map((r) => [r.variant.sku, r]));
}

function preview(kind: FunnelOfferKind, s: FunnelOfferSettings, v: CatalogueVariant | undefined): FunnelOfferPreview | null {
  if (!v) return null;
  const price = offerPrice(v.variant.price, s.discount_percent);
  if (price < MIN_CHARGE) return null;
  return {
    kind,
    headline: s.headline,
    pitch: s.pitch,
    product_name: v.product.name,
    variant_name: v.variant.name,
    image_url: v.variant.imageUrl ?? v.product.thumbnailUrl,
    list_price: v.variant.price,
    price,
    discount_percent: s.discount_percent,
    requires_shipping: v.variant.requiresShipping,
  };
}

/** The award the funnel prints: the one asked for, else the settings', else the gallery's first; active only. */
async function funnelAward(db: Pick<Db, 'select'>, settings: FunnelSettings, asked: string | undefined) {
  const fields = { id: awards.id, title: awards.title, tagline: awards.tagline, imageUrl: awards.imageUrl };
  if (asked) {
    const [row] = await db.select(fields).from(awards).where(and(eq(awards.id, asked), eq(awards.isActive, true)));
    if (!row) throw badRequest('That award is not available. Choose another or start from the funnel page.', 'award_id');
    return row;
  }
  if (settings.hero.award_id) {
    const [row] = await db.select(fields).from(awards).where(and(eq(awards.id, settings.hero.award_id), eq(awards.isActive, true)));
    if (row) return row;
  }
  const [first] = await db.select(fields).from(awards).where(eq(awards.isActive, true)).orderBy(asc(awards.sortOrder), asc(awards.title)).limit(1);
  return first ?? null;
}

/** GET /api/funnel: the hero product, its award and what the offers will be — the same for every visitor. */
export async function getFunnel(ctx: Pick<ShopContext, 'db' | 'settings' | 'payments'>, awardId?: string): Promise<Funnel> {
  const [settings, shop] = await Promise.all([ctx.settings.getFunnel(), ctx.settings.getShop()]);
  const [catalogue, award, templateRows] = await Promise.all([
    variantsBySku(ctx.db, [settings.hero.variant_sku, settings.oto1.variant_sku, settings.downsell.variant_sku], shop.currency),
    funnelAward(ctx.db, settings, awardId),
    settings.hero.template_slug
      ? ctx.db.select({ id: templates.id }).from(templates).where(and(eq(templates.slug, settings.hero.template_slug), eq(templates.isActive, true)))
      : [],
  ]);
  const hero = catalogue.get(settings.hero.variant_sku);
  const offers = [preview('oto1', settings.oto1, catalogue.get(settings.oto1.variant_sku)), preview('downsell', settings.downsell, catalogue.get(settings.downsell.variant_sku))];
  const available = settings.enabled && !!hero && !!award;
  return {
    available,
    currency: shop.currency,
    test_mode: ctx.payments.testMode,
    hero:
      available && hero && award
        ? {
            product_id: hero.product.id,
            variant_id: hero.variant.id,
            product_name: hero.product.name,
            variant_name: hero.variant.name,
            description: hero.product.description,
            size: hero.variant.size,
            finish: hero.variant.finish,
            image_url: hero.variant.imageUrl ?? hero.product.thumbnailUrl,
            price: hero.variant.price,
            requires_shipping: hero.variant.requiresShipping,
            headline: settings.hero.headline,
            pitch: settings.hero.pitch,
            award: { id: award.id, title: award.title, tagline: award.tagline, image_url: award.imageUrl },
            template_id: templateRows[0]?.id ?? null,
          }
        : null,
    offer_minutes: settings.offer_minutes,
    shipping_methods: shippingMethods(shop),
    offers: available ? offers.filter((o): o is FunnelOfferPreview => o !== null) : [],
  };
}

/**
 * POST /api/funnel/checkout: the hero product with the name to print, through the shop's own checkout (the one
 * pricing path, the Idempotency-Key, the payment adapter). The order is a funnel order: its payment returns to the
 * timer screen and keeps the card for the offers.
 */
export async function funnelCheckout(
  ctx: ShopContext,
  body: FunnelCheckoutInput,
  opts: { idempotencyKey: string; userId: string | null },
): Promise<CheckoutResult> {
  const funnel = await getFunnel(ctx, body.award_id);
  if (!funnel.available || !funnel.hero) {
    throw new HttpError(409, 'FUNNEL_UNAVAILABLE', 'This offer is not available right now. The store has everything else.');
  }
  const { hero } = funnel;
  return checkout(
    ctx,
    {
      email: body.email,
      lines: [{ variant_id: hero.variant_id, quantity: 1, design: { award_id: hero.award.id, template_id: hero.template_id, recipient_name: body.recipient_name } }],
      shipping_address: body.shipping_address ?? null,
      shipping_method: body.shipping_method ?? null,
    },
    { ...opts, channel: 'funnel' },
  );
}

// ---------- when the payment arrives ----------

/**
 * In the payment's transaction, for a funnel order: makes its offers (offer 1 on screen, the downsell waiting) at
 * today's catalogue prices less the offers' discounts, taxed at the order's rate, and sets when the order goes to
 * print. The confirmation and printing wait for closeFunnel — at once when there is nothing to offer.
 * Returns false for any other order (the caller releases it as usual).
 */
export async function openFunnelOffers(tx: Tx, ctx: Pick<FunnelContext, 'jobs'>, orderId: string): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.channel !== 'funnel') return false;
  if (order.funnelClosedAt || order.offersCloseAt) return true; // already opened (a replayed event)
  // Through the transaction: on the embedded database a read beside it would wait for it to end.
  const settings = await readFunnelSettings(tx);
  const [heroLine] = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)).limit(1);
  const catalogue = await variantsBySku(tx, [settings.oto1.variant_sku, settings.downsell.variant_sku], order.currency);
  const made: { kind: FunnelOfferKind; s: FunnelOfferSettings; v: CatalogueVariant; price: number }[] = [];
  if (heroLine && settings.enabled) {
    for (const [kind, s] of [['oto1', settings.oto1], ['downsell', settings.downsell]] as const) {
      const v = catalogue.get(s.variant_sku);
      if (!v) continue;
      const price = offerPrice(v.variant.price, s.discount_percent);
      if (price < MIN_CHARGE) continue;
      made.push({ kind, s, v, price });
    }
  }
  const [{ closeAt }] = (
    (await tx.execute(sql`select (now() + make_interval(mins => ${settings.offer_minutes}::int)) as "closeAt"`)) as unknown as { rows: { closeAt: string | Date }[] }
  ).rows as [{ closeAt: string | Date }];
  await tx.update(orders).set({ offersCloseAt: new Date(closeAt), updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  if (!made.length) {
    await closeFunnel(tx, ctx.jobs, orderId);
    return true;
  }
  await tx
    .insert(funnelOffers)
    .values(
      made.map((m, i) => ({
        orderId,
        kind: m.kind,
        // The first offer is on screen; the second waits for a "no thanks".
        status: (i === 0 ? 'offered' : 'waiting') as FunnelOfferStatus,
        variantId: m.v.variant.id,
        productId: m.v.product.id,
        sku: m.v.variant.sku,
        productName: m.v.product.name,
        variantName: m.v.variant.name,
        requiresShipping: m.v.variant.requiresShipping,
        headline: m.s.headline,
        pitch: m.s.pitch,
        listPrice: m.v.variant.price,
        unitPrice: m.price,
        tax: taxAmount(m.price, order.taxRateBps),
      })),
    )
    .onConflictDoNothing();
  await ctx.jobs.send(FUNNEL_CLOSE_JOB, { orderId }, { tx, singletonKey: `funnel-close:${orderId}`, startAfterSeconds: settings.offer_minutes * 60 + 2 });
  return true;
}

/**
 * Settles a funnel order: offers still on screen have expired, waiting ones are skipped, and the confirmation mail
 * and the hand-off to the printer — held since the payment — go out, in this transaction. Not while a charge is under
 * way (the accept that started it closes the funnel when it finishes). Returns whether it closed it now.
 */
export async function closeFunnel(tx: Tx, jobs: JobQueue, orderId: string): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.channel !== 'funnel' || order.funnelClosedAt) return false;
  const offers = await tx.select().from(funnelOffers).where(eq(funnelOffers.orderId, orderId));
  if (offers.some((o) => o.status === 'accepting')) return false;
  await tx
    .update(funnelOffers)
    .set({ status: sql`case when ${funnelOffers.status} = 'offered' then 'expired' else 'skipped' end`, updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.orderId, orderId), inArray(funnelOffers.status, ['offered', 'waiting'])));
  await tx.update(orders).set({ funnelClosedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  if (order.paidAt) {
    await jobs.send(ORDER_MAIL_JOB, { orderId, kind: 'confirmation' }, { tx, singletonKey: `${orderId}:confirmation` });
    await queueFulfilment(tx, jobs, orderId);
  }
  return true;
}

/** The close job: finishes any charge a crash left half-way (same idempotency key: never a second charge), then closes. */
export async function runFunnelClose(ctx: FunnelContext, orderId: string): Promise<void> {
  const stuck = await ctx.db.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, orderId), eq(funnelOffers.status, 'accepting')));
  for (const offer of stuck) {
    const order = await findOrder(ctx.db, orderId);
    if (order) await chargeAndRecord(ctx, order, offer).catch((err: unknown) => ctx.log.warn({ err, orderId }, 'resuming a funnel offer charge failed'));
  }
  const closed = await ctx.db.transaction(async (tx) => {
    if (await closeFunnel(tx, ctx.jobs, orderId)) return true;
    const [row] = await tx.select({ closedAt: orders.funnelClosedAt, channel: orders.channel }).from(orders).where(eq(orders.id, orderId));
    return !row || row.channel !== 'funnel' || row.closedAt !== null;
  });
  // A charge still under way keeps the order from printing: fail, so the queue tries again shortly.
  if (!closed) throw new Error(`funnel order ${orderId}: an offer charge is still under way; closing again later`);
}

// ---------- the visitor's side: the order, yes, no thanks ----------

const OPEN: readonly FunnelOfferStatus[] = ['offered', 'accepting'];

function nextStep(order: OrderRow, offers: OfferRow[], now: Date): FunnelStep {
  if (order.status === 'pending_payment' || order.status === 'payment_failed') return 'timer';
  if (!order.paidAt) return 'checkout'; // cancelled unpaid: start again
  // Closed, or its time is up (the close job follows within seconds): nothing more is offered.
  if (order.funnelClosedAt || (order.offersCloseAt && order.offersCloseAt <= now)) return 'thank_you';
  const oto1 = offers.find((o) => o.kind === 'oto1');
  const downsell = offers.find((o) => o.kind === 'downsell');
  if (oto1 && OPEN.includes(oto1.status)) return 'oto1';
  if (downsell && OPEN.includes(downsell.status)) return 'downsell';
  return 'thank_you';
}

function offerOut(o: OfferRow, imageOf: Map<string, string | null>): FunnelOffer {
  return {
    kind: o.kind,
    status: o.status,
    headline: o.headline,
    pitch: o.pitch,
    product_name: o.productName,
    variant_name: o.variantName,
    image_url: (o.variantId && imageOf.get(o.variantId)) ?? null,
    list_price: o.listPrice,
    price: o.unitPrice,
    tax: o.tax,
    amount: o.unitPrice + o.tax,
    requires_shipping: o.requiresShipping,
    failure_message: o.failureMessage,
  };
}

/** A funnel order as its buyer sees it: where they belong, the offers, the countdown and the order itself. */
export async function funnelOrderView(ctx: ShopContext, order: OrderRow): Promise<FunnelOrder> {
  const offers = await ctx.db.select().from(funnelOffers).where(eq(funnelOffers.orderId, order.id)).orderBy(asc(funnelOffers.createdAt), asc(funnelOffers.kind));
  const variantIds = offers.flatMap((o) => (o.variantId ? [o.variantId] : []));
  const images = variantIds.length
    ? await ctx.db
        .select({ id: variants.id, image: variants.imageUrl, thumb: products.thumbnailUrl })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(inArray(variants.id, variantIds))
    : [];
  const imageOf = new Map(images.map((r) => [r.id, r.image ?? r.thumb]));
  const [view, last4, now] = await Promise.all([
    orderView(ctx.db, order, ctx.payments.testMode, ctx.secret),
    order.providerPaymentId ? ctx.payments.cardLast4(order.providerPaymentId) : Promise.resolve(null),
    dbNow(ctx.db),
  ]);
  // Offers are shown in the order they are made: offer 1, then the downsell.
  const ordered = [...offers].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'oto1' ? -1 : 1));
  return {
    order_id: order.id,
    order_number: order.number,
    status: order.status,
    now: now.toISOString(),
    offers_close_at: order.offersCloseAt ? order.offersCloseAt.toISOString() : null,
    closed: !!order.funnelClosedAt,
    next_step: nextStep(order, offers, now),
    card_last4: last4,
    offers: ordered.map((o) => offerOut(o, imageOf)),
    order: view,
  };
}

async function dbNow(db: Pick<Db, 'execute'>): Promise<Date> {
  const res = (await db.execute(sql`select now() as now`)) as unknown as { rows: { now: string | Date }[] };
  return new Date(res.rows[0]!.now);
}

/** The funnel order behind a link: its buyer holds the token; anyone else finds nothing (404, never 403). */
export async function requireFunnelOrder(ctx: ShopContext, orderId: string, token: string): Promise<OrderRow> {
  const order = verifyOrderToken(ctx.secret, orderId, token) ? await findOrder(ctx.db, orderId) : null;
  if (!order || order.channel !== 'funnel') throw notFound('No such order in the funnel. Start again from the offer page.', 'FUNNEL_ORDER_NOT_FOUND');
  return order;
}

/** The order's offers are open by the database's clock (one clock for every instance). */
const offersStillOpen = (orderId: string) =>
  sql`exists (select 1 from orders o where o.id = ${orderId} and o.funnel_closed_at is null and o.offers_close_at > now())`;

const DECIDED: Partial<Record<FunnelOfferStatus, string>> = {
  accepted: 'You already said yes to this offer: it is on your order.',
  declined: 'You already said no thanks to this offer.',
  failed: 'Your card refused this offer, so it was not added. Your order is safe.',
  expired: 'This offer has ended: your order has gone to print.',
  skipped: 'This offer is no longer open.',
  waiting: 'This offer is not open yet.',
  accepting: 'This offer is being added to your order already.',
};

/**
 * Takes an offer: claims it (offered → accepting, while the order's offers are still open, by the database's
 * clock), charges the first payment's card for its price plus tax through the payment adapter — once, whatever
 * happens, by the offer's idempotency key — and adds it to the order. A declined card leaves the order as it was.
 */
export async function acceptOffer(ctx: FunnelContext, order: OrderRow, kind: FunnelOfferKind): Promise<FunnelOrder> {
  const offer = await ctx.db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    if (!current) throw notFound('No such order in the funnel.', 'FUNNEL_ORDER_NOT_FOUND');
    if (!current.paidAt || !PAID_STATUSES.includes(current.status)) {
      throw conflict('Offers can be added only to a paid order.', 'status', 'ORDER_NOT_PAID');
    }
    const [row] = await tx.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, order.id), eq(funnelOffers.kind, kind))).for('update');
    if (!row) throw notFound('This order has no such offer.', 'OFFER_NOT_FOUND');
    if (row.status !== 'offered') throw conflict(DECIDED[row.status] ?? 'This offer is no longer open.', 'kind', `OFFER_${row.status.toUpperCase()}`);
    const claimed = await tx
      .update(funnelOffers)
      .set({ status: 'accepting', decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(funnelOffers.id, row.id), offersStillOpen(order.id)))
      .returning();
    if (!claimed.length) throw conflict(DECIDED.expired!, 'kind', 'OFFER_EXPIRED');
    return claimed[0]!;
  });
  await chargeAndRecord(ctx, order, offer);
  const fresh = await findOrder(ctx.db, order.id);
  return funnelOrderView(ctx, fresh!);
}

/**
 * The charge of a claimed offer and what follows. Declined: the offer failed, nothing else is offered, and the
 * order goes on as it was (402 to the caller). The provider not answering: the offer is open again (502).
 */
async function chargeAndRecord(ctx: FunnelContext, order: OrderRow, offer: OfferRow): Promise<void> {
  const amount = offer.unitPrice + offer.tax;
  let charge;
  try {
    if (!order.providerPaymentId) throw new PaymentProviderError('The order has no payment to charge again.');
    charge = await ctx.payments.chargeSavedCard({
      orderId: order.id,
      orderNumber: order.number,
      originalPaymentId: order.providerPaymentId,
      amount,
      currency: order.currency,
      description: `${order.number}: ${offer.productName} (${offer.variantName}), one-time offer`,
      idempotencyKey: `funnel-offer-${offer.id}`,
    });
  } catch (err) {
    if (err instanceof PaymentDeclinedError) {
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(funnelOffers)
          .set({ status: 'failed', failureMessage: err.message, updatedAt: sql`now()` })
          .where(and(eq(funnelOffers.id, offer.id), eq(funnelOffers.status, 'accepting')));
        await closeFunnel(tx, ctx.jobs, order.id);
      });
      throw new HttpError(402, 'CARD_DECLINED', `${err.message} Nothing was charged for this offer, and your order is on its way as it was.`);
    }
    if (err instanceof PaymentProviderError) {
      ctx.log.error({ err, orderId: order.id, offer: offer.id }, 'charging a funnel offer failed');
      await ctx.db
        .update(funnelOffers)
        .set({ status: 'offered', decidedAt: null, updatedAt: sql`now()` })
        .where(and(eq(funnelOffers.id, offer.id), eq(funnelOffers.status, 'accepting')));
      throw new HttpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', 'We could not reach the payment provider. Nothing was charged; please try again in a moment.');
    }
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    const [row] = await tx.select().from(funnelOffers).where(eq(funnelOffers.id, offer.id)).for('update');
    if (!current || !row || row.status !== 'accepting') return; // recorded already
    const [{ next }] = (
      (await tx.execute(sql`select coalesce(max(position), -1) + 1 as next from order_lines where order_id = ${order.id}`)) as unknown as { rows: { next: number }[] }
    ).rows as [{ next: number }];
    const [heroLine] = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)).limit(1);
    const [line] = await tx
      .insert(orderLines)
      .values({
        orderId: order.id,
        position: Number(next),
        productId: row.productId,
        variantId: row.variantId,
        sku: row.sku,
        productName: row.productName,
        variantName: row.variantName,
        unitPrice: row.unitPrice,
        quantity: 1,
        lineTotal: row.unitPrice,
        requiresShipping: row.requiresShipping,
        // The same certificate as the order's first line, in another form.
        design: heroLine!.design,
      })
      .returning({ id: orderLines.id });
    await tx
      .update(orders)
      .set({
        subtotal: sql`${orders.subtotal} + ${row.unitPrice}`,
        taxTotal: sql`${orders.taxTotal} + ${row.tax}`,
        total: sql`${orders.total} + ${charge.amount}`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await tx
      .insert(orderPayments)
      .values({ orderId: order.id, kind: 'offer', providerPaymentId: charge.id, amount: charge.amount })
      .onConflictDoNothing({ target: orderPayments.providerPaymentId });
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: current.status,
      toStatus: current.status,
      actor: 'customer',
      reason: `Added ${row.productName} (${row.variantName}) from a one-time offer: ${formatMoney(charge.amount, order.currency)} charged to the same card`,
    });
    await tx
      .update(funnelOffers)
      .set({ status: 'accepted', orderLineId: line!.id, providerPaymentId: charge.id, updatedAt: sql`now()` })
      .where(eq(funnelOffers.id, row.id));
    // Offer 1 taken: the downsell is not shown. Either way nothing is left to offer.
    await tx
      .update(funnelOffers)
      .set({ status: 'skipped', updatedAt: sql`now()` })
      .where(and(eq(funnelOffers.orderId, order.id), eq(funnelOffers.status, 'waiting')));
    await closeFunnel(tx, ctx.jobs, order.id);
  });
}

/** "No thanks": offer 1 declined puts the downsell on screen (while the offers are open); the downsell declined closes the funnel. */
export async function declineOffer(ctx: FunnelContext, order: OrderRow, kind: FunnelOfferKind): Promise<FunnelOrder> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    if (!current) throw notFound('No such order in the funnel.', 'FUNNEL_ORDER_NOT_FOUND');
    const [row] = await tx.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, order.id), eq(funnelOffers.kind, kind))).for('update');
    if (!row) throw notFound('This order has no such offer.', 'OFFER_NOT_FOUND');
    if (row.status === 'declined') return; // said twice
    if (row.status !== 'offered') throw conflict(DECIDED[row.status] ?? 'This offer is no longer open.', 'kind', `OFFER_${row.status.toUpperCase()}`);
    await tx.update(funnelOffers).set({ status: 'declined', decidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(funnelOffers.id, row.id));
    const shown = current.funnelClosedAt
      ? []
      : await tx
          .update(funnelOffers)
          .set({ status: 'offered', updatedAt: sql`now()` })
          .where(and(eq(funnelOffers.orderId, order.id), eq(funnelOffers.status, 'waiting'), offersStillOpen(order.id)))
          .returning({ id: funnelOffers.id });
    if (!shown.length) await closeFunnel(tx, ctx.jobs, order.id);
  });
  const fresh = await findOrder(ctx.db, order.id);
  return funnelOrderView(ctx, fresh!);
}
