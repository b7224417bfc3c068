import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { countryName } from '@/contract/address';
import { hrefs } from '@/contract/pages';
import type { Order, OrderStatus, OrderSummary } from '@/contract/shop';
import type { PaymentProvider } from '@/server/adapters/payments/payment-provider';
import type { Db } from '@/server/db/client';
import { awards, orderEvents, orderLines, orders, refunds } from '@/server/db/schema/index';
import type { Mailer } from '../mail/mail.service';
import { orderConfirmationMail, paymentFailedMail, refundMail, shippedMail, type OrderMailFacts } from '../mail/order-mails';
import type { SettingsService } from '../settings/settings.service';
import { formatMoney } from '../store/pricing';
import type { ShippingRateQuoter } from '../store/shipping-rates';

/** What the shop's services need: plain values, no Fastify (docs/decisions/065). */
export interface ShopContext {
  db: Db;
  /** Signs order links (AUTH_SECRET). */
  secret: string;
  publicUrl: string;
  payments: PaymentProvider;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
  /** The print provider's live shipping prices (docs/decisions/087); absent, the settings' prices apply. */
  shippingRates?: ShippingRateQuoter | undefined;
}

export type OrderRow = typeof orders.$inferSelect;

/** The number of items of the order in the row being selected (for lists). */
export const ITEMS_SQL = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`;

/** The token in an order's link: HMAC of its id, so a guest opens their order without an account. */
export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-access:${orderId}`).digest('base64url');
}

export function verifyOrderToken(secret: string, orderId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(orderAccessToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A certificate picture for a line: the certificate itself for a print of one, else the award's illustration. */
function previewUrl(design: { share_id: string | null }, awardImage: string | null | undefined): string {
  if (design.share_id) return `/api/certificates/${encodeURIComponent(design.share_id)}/certificate.svg`;
  return awardImage ?? '/og-image.png';
}

/** Statuses in which an order has been paid for (and not refunded in full). */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'in_production', 'shipped', 'delivered', 'partially_refunded'];

export function lineDownloadPath(secret: string, orderId: string, lineId: string): string {
  return `/api/orders/${orderId}/lines/${lineId}/certificate.pdf?token=${orderAccessToken(secret, orderId)}`;
}

/** An order as its owner sees it (and, extended, an admin). */
export async function orderView(
  db: Pick<Db, 'select'>,
  order: OrderRow,
  testMode: boolean,
  secret: string | null,
  /** An admin's notes (refund reasons, why an admin changed the status) are for admins only. */
  audience: 'customer' | 'admin' = 'customer',
): Promise<Order> {
  const internal = audience === 'admin';
  const [lines, events, refundRows] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt)),
  ]);
  const awardIds = [...new Set(lines.map((l) => l.design.awardId))];
  const awardRows = awardIds.length ? await db.select({ id: awards.id, imageUrl: awards.imageUrl }).from(awards).where(inArray(awards.id, awardIds)) : [];
  const imageOf = new Map(awardRows.map((a) => [a.id, a.imageUrl]));
  const a = order.shippingAddress;
  const waiting = order.status === 'pending_payment' || order.status === 'payment_failed';
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    currency: order.currency,
    subtotal: order.subtotal,
    discount_code: order.discountCode,
    discount_total: order.discountTotal,
    shipping_method: order.shippingMethod,
    shipping_label: order.shippingLabel,
    shipping_total: order.shippingTotal,
    tax_rate_bps: order.taxRateBps,
    tax_total: order.taxTotal,
    total: order.total,
    refunded_total: order.refundedTotal,
    lines: lines.map((l) => {
      const design = {
        award_id: l.design.awardId,
        award_title: l.design.awardTitle,
        template_id: l.design.templateId,
        recipient_name: l.design.recipientName,
        share_id: l.design.shareId,
        certificate_number: l.design.certificateNumber,
      };
      return {
        id: l.id,
        product_name: l.productName,
        variant_name: l.variantName,
        sku: l.sku,
        unit_price: l.unitPrice,
        quantity: l.quantity,
        line_total: l.lineTotal,
        requires_shipping: l.requiresShipping,
        design,
        preview_url: previewUrl(design, imageOf.get(l.design.awardId)),
        download_url: secret && !l.requiresShipping && PAID_STATUSES.includes(order.status) ? lineDownloadPath(secret, order.id, l.id) : null,
      };
    }),
    shipping_address: a
      ? { name: a.name, line1: a.line1, line2: a.line2, city: a.city, state: a.state, postal_code: a.postalCode, country: a.country, country_name: countryName(a.country), phone: a.phone }
      : null,
    payment: { provider: order.paymentProvider, test_mode: testMode, failure_message: order.paymentFailureMessage, paid_at: iso(order.paidAt) },
    tracking: order.trackingNumber
      ? { number: order.trackingNumber, url: order.trackingUrl, carrier: order.carrier, shipped_at: iso(order.shippedAt) }
      : null,
    timeline: events.map((e) => ({
      from_status: e.fromStatus,
      to_status: e.toStatus,
      actor: e.actor,
      reason: internal || e.actor !== 'admin' ? e.reason : '',
      at: e.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({ id: r.id, amount: r.amount, reason: internal ? r.reason : '', at: r.createdAt.toISOString() })),
    payment_url: waiting ? order.paymentUrl : null,
    created_at: order.createdAt.toISOString(),
  };
}

export async function findOrder(db: Pick<Db, 'select'>, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** My orders, newest first (the account page). Unpaid orders abandoned at the payment page are left out. */
export async function listMyOrders(db: Pick<Db, 'select'>, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      email: orders.email,
      currency: orders.currency,
      total: orders.total,
      createdAt: orders.createdAt,
      items: ITEMS_SQL,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    status: r.status as OrderStatus,
    email: r.email,
    currency: r.currency,
    total: r.total,
    item_count: Number(r.items),
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Every order placed while signed in to this account, in full (the account export). Orders placed as a guest are
 * not linked to an account, so they are not included (docs/decisions/086).
 */
export async function exportOrdersOf(db: Pick<Db, 'select'>, userId: string): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return Promise.all(rows.map((o) => orderView(db, o, o.paymentProvider === 'test', null)));
}

export async function countOrdersOf(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return Number(row?.n ?? 0);
}

export function orderLink(ctx: Pick<ShopContext, 'publicUrl' | 'secret'>, orderId: string): string {
  return `${ctx.publicUrl}${hrefs.order(orderId, orderAccessToken(ctx.secret, orderId))}`;
}

async function mailFacts(ctx: ShopContext, order: OrderRow): Promise<OrderMailFacts> {
  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  const money = (n: number) => formatMoney(n, order.currency);
  const a = order.shippingAddress;
  const { brand_name: brand } = await ctx.settings.getPublic();
  return {
    brand,
    number: order.number,
    email: order.email,
    lines: lines.map((l) => ({
      description: `${l.productName} (${l.variantName}), ${l.design.awardTitle}${l.design.recipientName ? ` for ${l.design.recipientName}` : ''}`,
      quantity: l.quantity,
      amount: money(l.lineTotal),
    })),
    subtotal: money(order.subtotal),
    discount: order.discountTotal ? money(order.discountTotal) : null,
    shipping: a ? money(order.shippingTotal) : null,
    tax: order.taxTotal ? money(order.taxTotal) : null,
    total: money(order.total),
    shippingLabel: order.shippingLabel,
    address: a ? [a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`.trim(), a.state, countryName(a.country)].filter(Boolean) : null,
    testMode: order.paymentProvider === 'test',
    orderUrl: orderLink(ctx, order.id),
  };
}

/** Sends an order mail (confirmation, payment failed, shipped) once the change that causes it has committed. */
export const ORDER_MAIL_JOB = 'order.mail';
export type OrderMailKind = 'confirmation' | 'payment_failed' | 'shipped';

/**
 * The 'order.mail' job: writes the mail once per job (the job id is its dedupe key, so a job that runs again
 * after a crash writes nothing new); the mail job then delivers it.
 */
export async function sendOrderMail(ctx: ShopContext, orderId: string, kind: OrderMailKind, jobKey: string): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  const facts = await mailFacts(ctx, order);
  const dedupeKey = `order:${orderId}:${kind}:${jobKey}`;
  if (kind === 'confirmation') {
    await ctx.mailer.send(orderConfirmationMail(facts), { dedupeKey });
  } else if (kind === 'payment_failed') {
    if (!order.paymentUrl) return;
    const payUrl = order.paymentUrl.startsWith('/') ? `${ctx.publicUrl}${order.paymentUrl}` : order.paymentUrl;
    await ctx.mailer.send(paymentFailedMail(facts, order.paymentFailureMessage ?? 'The card was declined.', payUrl), { dedupeKey });
  } else if (order.trackingNumber) {
    await ctx.mailer.send(shippedMail(facts, { carrier: order.carrier ?? '', trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl }), { dedupeKey });
  }
}

export async function sendConfirmation(ctx: ShopContext, orderId: string, opts: { resent?: boolean } = {}): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  await ctx.mailer.send(orderConfirmationMail(await mailFacts(ctx, order), opts));
}

export async function sendRefunded(ctx: ShopContext, orderId: string, amount: number): Promise<void> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return;
  await ctx.mailer.send(refundMail(await mailFacts(ctx, order), formatMoney(amount, order.currency), order.refundedTotal >= order.total));
}
