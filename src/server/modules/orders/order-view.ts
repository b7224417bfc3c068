import { desc, eq, getViewSelectedFields, inArray, sql } from 'drizzle-orm';
import { countryName } from '@/contract/address';
import { formatMoney } from '@/contract/format';
import {
  describeOrder,
  FULFILMENT_LABELS,
  LIFECYCLE_LABELS,
  PAYMENT_LABELS,
  type FulfilmentStatus,
  type LifecycleStatus,
  type OrderStates,
  type PaymentStatus,
} from '@/contract/order-status';
import type { MyOrder, Order } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { awards, orderOverview, orders } from '@/server/db/schema/index';
import { fulfilmentHistory, fulfilmentsOf, orderFulfilmentStatus, type FulfilmentRow } from '../fulfilment';
import { findPayment, paymentHistory, refundsOf, type PaymentRow } from '../payments';
import { documentsOf } from '../invoices';
import { historyOf, linesOf, orderAccessToken, type OrderRow } from './orders.service';

/**
 * An order as a person sees it (docs/decisions/108): the order's own rows, with its payment and its fulfilment
 * read through their modules, and the three histories merged into one timeline. What it reads as comes from
 * describeOrder — the one place that decides it.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A certificate picture for a line: the certificate itself for a print of one, else the award's illustration. */
function previewUrl(design: { share_id: string | null }, awardImage: string | null | undefined): string {
  if (design.share_id) return `/api/certificates/${encodeURIComponent(design.share_id)}/certificate.svg`;
  return awardImage ?? '/og-image.png';
}

/**
 * Refunds recorded before the order pipeline (issue 23) wrote their amount in minor units: "Refunded 1000: too
 * late". Read with the order's currency, as refunds are written now ("Refunded $10.00: too late").
 */
function legacyRefundReason(reason: string, currency: string): string {
  return reason.replace(/^Refunded (\d+)(?=[:.]|$)/, (_, minor: string) => `Refunded ${formatMoney(Number(minor), currency)}`);
}

/** Within one moment, a payment comes before the order it confirms, and that before its hand-off to the printer. */
const MACHINE_ORDER = { payment: 0, order: 1, fulfilment: 2 } as const;

/** Money was received and not all of it returned: what was bought may be downloaded and printed. */
export function isPaidFor(payment: Pick<PaymentRow, 'status'> | null): boolean {
  return payment !== null && (payment.status === 'paid' || payment.status === 'partially_refunded');
}

/** An invoice's or credit note's PDF: with the order's token when the caller has the secret (pages, mails). */
export function documentPath(secret: string | null, orderId: string, number: string): string {
  const path = `/api/orders/${orderId}/documents/${number}.pdf`;
  return secret ? `${path}?token=${orderAccessToken(secret, orderId)}` : path;
}

export function lineDownloadPath(secret: string, orderId: string, lineId: string): string {
  return `/api/orders/${orderId}/lines/${lineId}/certificate.pdf?token=${orderAccessToken(secret, orderId)}`;
}

export function statesOf(order: Pick<OrderRow, 'status'>, payment: Pick<PaymentRow, 'status'> | null, fulfilments: Pick<FulfilmentRow, 'status' | 'part'>[]): OrderStates {
  return { lifecycle: order.status, payment: payment?.status ?? 'unpaid', fulfilment: orderFulfilmentStatus(fulfilments) };
}

/** An order with everything its page shows, read at once. */
export interface OrderParts {
  order: OrderRow;
  payment: PaymentRow | null;
  fulfilments: FulfilmentRow[];
  states: OrderStates;
}

export async function orderParts(db: Pick<Db, 'select'>, order: OrderRow): Promise<OrderParts> {
  const [payment, fulfilments] = await Promise.all([findPayment(db, order.id), fulfilmentsOf(db, order.id)]);
  return { order, payment, fulfilments, states: statesOf(order, payment, fulfilments) };
}

/** Whether the customer sees the order at all: an abandoned order (never paid) is the admins' alone. */
export function customerVisible(states: OrderStates): boolean {
  return !(states.lifecycle === 'abandoned' && (states.payment === 'unpaid' || states.payment === 'failed'));
}

/** An order as its owner sees it (and, extended, an admin). */
export async function orderView(
  db: Pick<Db, 'select'>,
  parts: OrderParts,
  opts: { testMode: boolean; secret: string | null; audience?: 'customer' | 'admin' },
): Promise<Order> {
  const { order, payment, fulfilments, states } = parts;
  const internal = opts.audience === 'admin';
  const [lines, events, paymentEvents, fulfilmentEvents, refundRows, documents] = await Promise.all([
    linesOf(db, order.id),
    historyOf(db, order.id),
    paymentHistory(db, order.id),
    fulfilmentHistory(db, order.id),
    refundsOf(db, order.id),
    documentsOf(db, order.id),
  ]);
  const awardIds = [...new Set(lines.map((l) => l.design.awardId))];
  const awardRows = awardIds.length ? await db.select({ id: awards.id, imageUrl: awards.imageUrl }).from(awards).where(inArray(awards.id, awardIds)) : [];
  const imageOf = new Map(awardRows.map((a) => [a.id, a.imageUrl]));
  const a = order.shippingAddress;
  const waiting = order.status === 'pending' && (states.payment === 'unpaid' || states.payment === 'failed');
  const paidFor = isPaidFor(payment);
  const described = describeOrder(states, opts.audience ?? 'customer');
  // An admin's words (refund reasons, why an admin changed something) are for admins only.
  const reasonFor = (actor: string, reason: string) => (internal || actor !== 'admin' ? reason : '');
  type Entry = { fromStatus: string | null; toStatus: string; actor: string; reason: string; createdAt: Date };
  const entry = (machine: 'order' | 'payment' | 'fulfilment', e: Entry, label: string) => ({
    machine,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    label,
    actor: e.actor,
    reason: reasonFor(e.actor, legacyRefundReason(e.reason, order.currency)),
    at: e.createdAt,
  });
  const NOTE_LABELS = { line_added: 'Added to the order', declined_extra: 'Extra not added', note: 'Note' } as const;
  const timeline = [
    ...events.map((e) => entry('order', e, e.kind === 'status' ? LIFECYCLE_LABELS[e.toStatus as LifecycleStatus] : NOTE_LABELS[e.kind])),
    ...paymentEvents.map((e) => entry('payment', e, PAYMENT_LABELS[e.toStatus as PaymentStatus])),
    ...fulfilmentEvents.map((e) => entry('fulfilment', e, FULFILMENT_LABELS[e.toStatus as FulfilmentStatus])),
  ]
    // Customers do not see the printer's internal problems; an admin does.
    .filter((e) => internal || !(e.machine === 'fulfilment' && e.to_status === 'problem'))
    // Changes made in one transaction share its time: they read in the order the workflows make them.
    .sort((x, y) => x.at.getTime() - y.at.getTime() || MACHINE_ORDER[x.machine] - MACHINE_ORDER[y.machine])
    .map((e) => ({ ...e, at: e.at.toISOString() }));
  // In test mode the built-in print shop makes up its parcels; tracking an admin entered by hand is real.
  const shippedByAdmin = new Set(fulfilmentEvents.filter((e) => e.toStatus === 'shipped' && e.actor === 'admin').map((e) => e.fulfilmentId));
  const shipments = fulfilments
    .filter((f) => f.trackingNumber)
    .map((f) => ({
      number: f.trackingNumber!,
      url: f.trackingUrl,
      carrier: f.carrier,
      shipped_at: iso(f.shippedAt),
      simulated: opts.testMode && f.provider === 'local' && !shippedByAdmin.has(f.id),
    }));
  return {
    id: order.id,
    number: order.number,
    status: described.status,
    status_label: described.label,
    states,
    email: order.email,
    currency: order.currency,
    subtotal: order.subtotal,
    discount_code: order.discountCode,
    discount_total: order.discountTotal,
    shipping_method: order.shippingMethod,
    shipping_label: order.shippingLabel,
    shipping_total: order.shippingTotal,
    tax_rate_bps: order.taxLines.length ? order.taxLines.reduce((sum, t) => sum + t.rate_bps, 0) : order.taxRateBps,
    prices_include_tax: order.pricesIncludeTax,
    tax_lines: order.taxLines,
    tax_total: order.taxTotal,
    total: order.total,
    refunded_total: payment?.refundedTotal ?? 0,
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
        download_url: opts.secret && !l.requiresShipping && paidFor ? lineDownloadPath(opts.secret, order.id, l.id) : null,
      };
    }),
    shipping_address: a
      ? { name: a.name, line1: a.line1, line2: a.line2, city: a.city, state: a.state, postal_code: a.postalCode, country: a.country, country_name: countryName(a.country), phone: a.phone }
      : null,
    payment: {
      provider: payment?.provider ?? 'none',
      test_mode: opts.testMode,
      failure_message: states.payment === 'failed' ? (payment?.failureMessage ?? null) : null,
      paid_at: iso(payment?.paidAt ?? null),
    },
    tracking: shipments.at(-1) ?? null,
    shipments,
    documents: documents.map((d) => ({
      kind: d.kind,
      number: d.number,
      issued_at: d.issuedAt.toISOString(),
      total: d.total,
      url: documentPath(opts.secret, order.id, d.number),
    })),
    timeline,
    refunds: refundRows
      .filter((r) => r.status === 'succeeded')
      .map((r) => ({ id: r.id, amount: r.amount, reason: internal ? r.reason : '', at: r.createdAt.toISOString() })),
    payment_url: waiting ? (payment?.paymentUrl ?? null) : null,
    created_at: order.createdAt.toISOString(),
  };
}

/** My orders, newest first (the account page). Orders abandoned before they were paid are left out. */
export async function listMyOrders(db: Pick<Db, 'select'>, userId: string): Promise<MyOrder[]> {
  const rows = await db
    .select({ ...getViewSelectedFields(orderOverview), items: ITEMS_SQL })
    .from(orderOverview)
    .where(eq(orderOverview.userId, userId))
    .orderBy(desc(orderOverview.createdAt))
    .limit(200);
  return rows
    .map(({ items, ...o }) => ({ o, items, states: overviewStates(o) }))
    .filter(({ states }) => customerVisible(states))
    .map(({ o, items, states }) => {
      const d = describeOrder(states);
      return {
        id: o.id,
        number: o.number,
        status: d.status,
        status_label: d.label,
        email: o.email,
        currency: o.currency,
        total: o.total,
        item_count: Number(items),
        test_mode: o.paymentProvider === 'test',
        created_at: o.createdAt.toISOString(),
      };
    });
}

/** The three statuses of a row of the order_overview view. */
export function overviewStates(o: { status: LifecycleStatus; paymentStatus: PaymentStatus; fulfilmentStatus: FulfilmentStatus }): OrderStates {
  return { lifecycle: o.status, payment: o.paymentStatus, fulfilment: o.fulfilmentStatus };
}

/**
 * The number of items of the order in the row being selected from order_overview (for lists). Written out: Drizzle
 * leaves the view's columns unqualified, and a bare "id" would be the line's own.
 */
export const ITEMS_SQL = sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "order_overview"."id")`;

/**
 * Every order placed while signed in to this account, in full (the account export). Orders placed as a guest are
 * not linked to an account, so they are not included (docs/decisions/086).
 */
export async function exportOrdersOf(db: Pick<Db, 'select'>, userId: string): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  const out: Order[] = [];
  for (const o of rows) {
    const parts = await orderParts(db, o);
    out.push(await orderView(db, parts, { testMode: parts.payment?.provider === 'test', secret: null }));
  }
  return out;
}
