import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Funnel, FunnelOffer, FunnelOfferKind, FunnelOfferPreview, FunnelOrder, FunnelStep } from '@/contract/funnel';
import type { PaymentProvider } from '@/server/adapters/payments/payment-provider';
import type { Db } from '@/server/db/client';
import { awards, funnelOffers, funnelSessions, products, templates, variantPrices, variants, type FunnelOfferStatus } from '@/server/db/schema/index';
import { badRequest, conflict, notFound } from '@/server/lib/http-errors';
import { findOrder, orderParts, orderView, verifyOrderToken, type OrderParts, type OrderRow } from '../orders';
import type { SettingsService } from '../settings';
import { addedTaxes, shippingMethods } from '../store';
import { readFunnelSettings, type FunnelOfferSettings, type FunnelSettings } from '../settings';

/**
 * The sales funnel (issue 13, docs/decisions/099). A funnel order is an ordinary order (channel 'funnel') bought on
 * a focused checkout; when its payment arrives its one-time offers are made, priced from the catalogue, and its
 * confirmation mail and printing wait until they are settled — accepted, declined, refused by the card, or ended
 * when the order goes to print `offer_minutes` after the payment. An accepted offer is a new line on the same order,
 * charged to the first payment's card through the payment adapter. Everything is decided here, on the server: the
 * browser only says yes or no, with the order's access token.
 */

/** What the funnel's reads need. */
export interface FunnelReadDeps {
  db: Db;
  settings: SettingsService;
  payments: Pick<PaymentProvider, 'testMode' | 'cardLast4'>;
  secret: string;
}

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;
export type OfferRow = typeof funnelOffers.$inferSelect;
export type FunnelSessionRow = typeof funnelSessions.$inferSelect;

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

/**
 * Active variants of active products priced in `currency`, by SKU: at their own price in their own currency, else at
 * their price list's (docs/decisions/134).
 */
async function variantsBySku(db: Pick<Db, 'select'>, skus: string[], currency: string): Promise<Map<string, CatalogueVariant>> {
  const rows = await db
    .select({ variant: variants, product: products, listed: variantPrices.price })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(variantPrices, and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)))
    .where(and(inArray(variants.sku, skus), eq(variants.isActive, true), eq(products.isActive, true), or(eq(variants.currency, currency), isNotNull(variantPrices.price))));
  return new Map(
    rows.map((r) => [r.variant.sku, { product: r.product, variant: r.variant.currency === currency ? r.variant : { ...r.variant, currency, price: r.listed! } }]),
  );
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
export async function getFunnel(ctx: Pick<FunnelReadDeps, 'db' | 'settings' | 'payments'>, awardId?: string): Promise<Funnel> {
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

// ---------- when the payment arrives ----------

/**
 * In the payment's transaction, for a funnel order: makes its offers (offer 1 on screen, the downsell waiting) at
 * today's catalogue prices less the offers' discounts, taxed at the order's rate, and opens the window in which they
 * may be taken. Returns when the window closes — or null when there is nothing to offer (no card kept, the funnel
 * off, no offer worth a charge): the caller then releases the order at once. A replayed payment finds the window
 * already open.
 */
export async function openOffers(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'currency' | 'taxLines' | 'pricesIncludeTax'>,
  canChargeAgain: boolean,
): Promise<{ closesAt: Date; offered: boolean; opened: boolean }> {
  const [existing] = await tx.select().from(funnelSessions).where(eq(funnelSessions.orderId, order.id));
  if (existing) return { closesAt: existing.offersCloseAt, offered: existing.closedAt === null, opened: false };
  // Through the transaction: on the embedded database a read beside it would wait for it to end.
  const settings = await readFunnelSettings(tx);
  const catalogue = await variantsBySku(tx, [settings.oto1.variant_sku, settings.downsell.variant_sku], order.currency);
  const made: { kind: FunnelOfferKind; s: FunnelOfferSettings; v: CatalogueVariant; price: number }[] = [];
  if (settings.enabled && canChargeAgain) {
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
  const closesAt = new Date(closeAt);
  await tx.insert(funnelSessions).values({ orderId: order.id, offersCloseAt: closesAt, closedAt: made.length ? null : sql`now()` });
  if (made.length) {
    await tx
      .insert(funnelOffers)
      .values(
        made.map((m, i) => ({
          orderId: order.id,
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
          tax: addedTaxes(m.price, order).reduce((sum, t) => sum + t.amount, 0),
          taxIncluded: order.pricesIncludeTax,
        })),
      )
      .onConflictDoNothing();
  }
  return { closesAt, offered: made.length > 0, opened: true };
}

export async function funnelSessionOf(db: Pick<Db, 'select'>, orderId: string): Promise<FunnelSessionRow | null> {
  const [row] = await db.select().from(funnelSessions).where(eq(funnelSessions.orderId, orderId));
  return row ?? null;
}

/**
 * Settles a funnel order's offers: those still on screen have expired, waiting ones are skipped, and the window is
 * closed. Not while a charge is under way (the accept that started it closes the window when it finishes). Returns
 * whether it closed the window now (the caller then releases the order to its mail and the printer).
 */
export async function closeOffers(tx: Tx, orderId: string): Promise<boolean> {
  const [session] = await tx.select().from(funnelSessions).where(eq(funnelSessions.orderId, orderId)).for('update');
  if (!session || session.closedAt) return false;
  const offers = await tx.select().from(funnelOffers).where(eq(funnelOffers.orderId, orderId));
  if (offers.some((o) => o.status === 'accepting')) return false;
  await tx
    .update(funnelOffers)
    .set({ status: sql`case when ${funnelOffers.status} = 'offered' then 'expired' else 'skipped' end`, updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.orderId, orderId), inArray(funnelOffers.status, ['offered', 'waiting'])));
  await tx.update(funnelSessions).set({ closedAt: sql`now()` }).where(eq(funnelSessions.orderId, orderId));
  return true;
}

/** Whether the order's window is closed (or it is no funnel order with a window at all). */
export async function offersClosed(db: Pick<Db, 'select'>, orderId: string): Promise<boolean> {
  const session = await funnelSessionOf(db, orderId);
  return !session || session.closedAt !== null;
}

/** Offers whose charge a crash interrupted (the close job finishes them with the same idempotency key). */
export async function chargesUnderWay(db: Pick<Db, 'select'>, orderId: string): Promise<OfferRow[]> {
  return db.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, orderId), eq(funnelOffers.status, 'accepting')));
}

// ---------- the visitor's side: yes, no thanks ----------

/** The order's offers are open by the database's clock (one clock for every instance). */
const windowOpen = (orderId: string) =>
  sql`exists (select 1 from funnel_sessions fs where fs.order_id = ${orderId} and fs.closed_at is null and fs.offers_close_at > now())`;

const DECIDED: Partial<Record<FunnelOfferStatus, string>> = {
  accepted: 'You already said yes to this offer: it is on your order.',
  declined: 'You already said no thanks to this offer.',
  failed: 'Your card refused this offer, so it was not added. Your order is safe.',
  expired: 'This offer has ended: your order has gone to print.',
  skipped: 'This offer is no longer open.',
  waiting: 'This offer is not open yet.',
  accepting: 'This offer is being added to your order already.',
};

/** "Yes": claims the offer (offered → accepting) while the window is open, by the database's clock. */
export async function claimOffer(tx: Tx, orderId: string, kind: FunnelOfferKind): Promise<OfferRow> {
  const [row] = await tx.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, orderId), eq(funnelOffers.kind, kind))).for('update');
  if (!row) throw notFound('This order has no such offer.', 'OFFER_NOT_FOUND');
  if (row.status !== 'offered') throw conflict(DECIDED[row.status] ?? 'This offer is no longer open.', 'kind', `OFFER_${row.status.toUpperCase()}`);
  const claimed = await tx
    .update(funnelOffers)
    .set({ status: 'accepting', decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.id, row.id), windowOpen(orderId)))
    .returning();
  if (!claimed.length) throw conflict(DECIDED.expired!, 'kind', 'OFFER_EXPIRED');
  return claimed[0]!;
}

/** The claim's undo: the provider could not be reached, nothing was charged, the offer is on screen again. */
export async function reopenOffer(db: Pick<Db, 'update'>, offerId: string): Promise<void> {
  await db
    .update(funnelOffers)
    .set({ status: 'offered', decidedAt: null, updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.id, offerId), eq(funnelOffers.status, 'accepting')));
}

/** The card refused the offer's charge: nothing was charged, and nothing more is offered. Returns false if settled already. */
export async function failOffer(tx: Pick<Db, 'update'>, offerId: string, message: string): Promise<boolean> {
  const rows = await tx
    .update(funnelOffers)
    .set({ status: 'failed', failureMessage: message, updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.id, offerId), eq(funnelOffers.status, 'accepting')))
    .returning({ id: funnelOffers.id });
  return rows.length > 0;
}

/** Locks a claimed offer to record its charge; null when it was recorded already (a job finished it). */
export async function lockClaimedOffer(tx: Pick<Db, 'select'>, offerId: string): Promise<OfferRow | null> {
  const [row] = await tx.select().from(funnelOffers).where(eq(funnelOffers.id, offerId)).for('update');
  return row && row.status === 'accepting' ? row : null;
}

/** The offer was charged and added to the order as a line: offer 1 taken, the downsell is not shown. */
export async function acceptedOffer(tx: Pick<Db, 'update'>, offer: OfferRow, r: { lineId: string; providerPaymentId: string }): Promise<void> {
  await tx
    .update(funnelOffers)
    .set({ status: 'accepted', orderLineId: r.lineId, providerPaymentId: r.providerPaymentId, updatedAt: sql`now()` })
    .where(eq(funnelOffers.id, offer.id));
  await tx
    .update(funnelOffers)
    .set({ status: 'skipped', updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.orderId, offer.orderId), eq(funnelOffers.status, 'waiting')));
}

/**
 * "No thanks": offer 1 declined puts the downsell on screen (while the window is open). Returns whether nothing is
 * left on offer (the caller then closes the window).
 */
export async function declineOfferRow(tx: Tx, orderId: string, kind: FunnelOfferKind): Promise<{ nothingLeft: boolean; already: boolean }> {
  const [row] = await tx.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, orderId), eq(funnelOffers.kind, kind))).for('update');
  if (!row) throw notFound('This order has no such offer.', 'OFFER_NOT_FOUND');
  if (row.status === 'declined') return { nothingLeft: false, already: true }; // said twice
  if (row.status !== 'offered') throw conflict(DECIDED[row.status] ?? 'This offer is no longer open.', 'kind', `OFFER_${row.status.toUpperCase()}`);
  await tx.update(funnelOffers).set({ status: 'declined', decidedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(funnelOffers.id, row.id));
  const shown = await tx
    .update(funnelOffers)
    .set({ status: 'offered', updatedAt: sql`now()` })
    .where(and(eq(funnelOffers.orderId, orderId), eq(funnelOffers.status, 'waiting'), windowOpen(orderId)))
    .returning({ id: funnelOffers.id });
  return { nothingLeft: shown.length === 0, already: false };
}

// ---------- the funnel order as its buyer sees it ----------

const OPEN: readonly FunnelOfferStatus[] = ['offered', 'accepting'];

/** What the thank-you page says when an extra's card was declined. */
export const DECLINED_EXTRA_NOTICE = 'Your card was declined for the extra; your order is unchanged.';

function nextStep(parts: OrderParts, session: FunnelSessionRow | null, offers: OfferRow[], now: Date): FunnelStep {
  const { states } = parts;
  if (states.payment === 'unpaid' || states.payment === 'failed') return states.lifecycle === 'pending' ? 'timer' : 'checkout';
  // Closed, or its time is up (the close job follows within seconds): nothing more is offered.
  if (!session || session.closedAt || session.offersCloseAt <= now) return 'thank_you';
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
    tax_included: o.taxIncluded,
    amount: offerAmount(o),
    requires_shipping: o.requiresShipping,
    failure_message: o.failureMessage,
  };
}

/** A funnel order as its buyer sees it: where they belong, the offers, the countdown and the order itself. */
export async function funnelOrderView(deps: FunnelReadDeps, order: OrderRow): Promise<FunnelOrder> {
  const [offers, session, parts] = await Promise.all([
    deps.db.select().from(funnelOffers).where(eq(funnelOffers.orderId, order.id)).orderBy(asc(funnelOffers.createdAt), asc(funnelOffers.kind)),
    funnelSessionOf(deps.db, order.id),
    orderParts(deps.db, order),
  ]);
  const variantIds = offers.flatMap((o) => (o.variantId ? [o.variantId] : []));
  const images = variantIds.length
    ? await deps.db
        .select({ id: variants.id, image: variants.imageUrl, thumb: products.thumbnailUrl })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(inArray(variants.id, variantIds))
    : [];
  const imageOf = new Map(images.map((r) => [r.id, r.image ?? r.thumb]));
  const [view, last4, now] = await Promise.all([
    orderView(deps.db, parts, { testMode: deps.payments.testMode, secret: deps.secret }),
    parts.payment?.providerPaymentId ? deps.payments.cardLast4(parts.payment.providerPaymentId) : Promise.resolve(null),
    dbNow(deps.db),
  ]);
  // Offers are shown in the order they are made: offer 1, then the downsell.
  const ordered = [...offers].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'oto1' ? -1 : 1));
  return {
    order_id: order.id,
    order_number: order.number,
    status: view.status,
    now: now.toISOString(),
    offers_close_at: session ? session.offersCloseAt.toISOString() : null,
    closed: !!session?.closedAt,
    next_step: nextStep(parts, session, offers, now),
    card_last4: last4,
    offers: ordered.map((o) => offerOut(o, imageOf)),
    notice: offers.some((o) => o.status === 'failed') ? DECLINED_EXTRA_NOTICE : null,
    order: view,
  };
}

async function dbNow(db: Pick<Db, 'execute'>): Promise<Date> {
  const res = (await db.execute(sql`select now() as now`)) as unknown as { rows: { now: string | Date }[] };
  return new Date(res.rows[0]!.now);
}

/** The funnel order behind a link: its buyer holds the token; anyone else finds nothing (404, never 403). */
export async function requireFunnelOrder(deps: Pick<FunnelReadDeps, 'db' | 'secret'>, orderId: string, token: string): Promise<OrderRow> {
  const order = verifyOrderToken(deps.secret, orderId, token) ? await findOrder(deps.db, orderId) : null;
  if (!order || order.channel !== 'funnel') throw notFound('No such order in the funnel. Start again from the offer page.', 'FUNNEL_ORDER_NOT_FOUND');
  return order;
}

/** What taking an offer charges: its price, plus its tax unless the price holds it (docs/decisions/133). */
export function offerAmount(o: Pick<OfferRow, 'unitPrice' | 'tax' | 'taxIncluded'>): number {
  return o.unitPrice + (o.taxIncluded ? 0 : o.tax);
}
