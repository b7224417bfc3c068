import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { regionsOf } from '@/contract/address';
import type { FulfilmentStatus } from '@/contract/order-status';
import type { FulfilmentEvent, FulfilmentOrderInput, FulfilmentProvider } from '@/server/adapters/fulfilment/fulfilment-provider';
import { builtOnce, type Executor } from '@/server/db/built-once';
import type { Db } from '@/server/db/client';
import { awardProductTemplates, fulfilmentEvents, fulfilments, fulfilmentTransitions, type FulfilmentStatusValue } from '@/server/db/schema/fulfilment';
import type { orderLines, orders } from '@/server/db/schema/index';
import { moveFulfilment, type FulfilmentActor } from './fulfilment-status';

/** The order rows a hand-off is made from (the orders module's tables; a row's type is not access). */
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The fulfilment module's tables (docs/decisions/083, 108): the hand-offs to the printer (fulfilments), their
 * history, the provider's webhook events and the award → product mappings. Only this module writes them; the
 * workflows in src/server/workflows (submitToPrinter, shipmentUpdated) call these functions.
 */

export type FulfilmentRow = typeof fulfilments.$inferSelect;
export type FulfilmentTransitionRow = typeof fulfilmentTransitions.$inferSelect;
type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

/**
 * Our order id as the provider's external_id: the uuid without its dashes (32 characters, within Printful's
 * limit for external ids), and back.
 */
export function externalIdOf(orderId: string): string {
  return orderId.replace(/-/g, '').toLowerCase();
}

export function orderIdOf(externalId: string): string | null {
  const hex = externalId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function printFileToken(secret: string, orderId: string, lineId: string): string {
  return createHmac('sha256', secret).update(`print-file:${orderId}:${lineId}`).digest('base64url');
}

export function verifyPrintFileToken(secret: string, orderId: string, lineId: string, token: string | undefined): boolean {
  if (!token) return false;
  const a = Buffer.from(printFileToken(secret, orderId, lineId));
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function printFileUrl(ctx: { publicUrl: string; secret: string }, orderId: string, lineId: string): string {
  return `${ctx.publicUrl}/api/fulfilment/files/${orderId}/${lineId}/print.png?token=${printFileToken(ctx.secret, orderId, lineId)}`;
}

function stateCode(country: string, state: string): string {
  if (!state) return '';
  const match = regionsOf(country)?.find((r) => r.code.toLowerCase() === state.toLowerCase() || r.name.toLowerCase() === state.toLowerCase());
  return (match?.code ?? state).toUpperCase();
}

// ---------- the hand-offs ----------

/**
 * Made in the transaction that releases a paid order to the printer: its first hand-off, pending. Idempotent (a
 * replayed payment finds it). Returns it, or null when it existed already.
 */
export async function createFulfilment(tx: Executor, orderId: string, provider: string): Promise<Pick<FulfilmentRow, 'id' | 'status' | 'error'> | null> {
  const [row] = (await createFulfilmentStatement(tx, { orderId, provider })).rows;
  return row ? { id: row.id, status: 'pending', error: null } : null;
}
/** One statement, built once (decision 144): the hand-off and the first line of its history. */
const createFulfilmentStatement = builtOnce<'orderId' | 'provider', { id: string }>(
  ['orderId', 'provider'],
  (p) => sql`
    with made as (
      insert into ${fulfilments} (order_id, part, provider, status)
      values (${p.orderId}::uuid, 1, ${p.provider}, 'pending')
      on conflict do nothing
      returning id, order_id
    ),
    history as (
      insert into ${fulfilmentTransitions} (fulfilment_id, order_id, from_status, to_status, actor, reason)
      select id, order_id, null, 'pending', 'system', 'Paid: waiting to go to the printer.' from made
    )
    select id from made`,
);

export async function findFulfilment(db: Pick<Db, 'select'>, id: string): Promise<FulfilmentRow | null> {
  const [row] = await db.select().from(fulfilments).where(eq(fulfilments.id, id));
  return row ?? null;
}

export async function lockFulfilment(tx: Pick<Db, 'select'>, id: string): Promise<FulfilmentRow | null> {
  const [row] = await tx.select().from(fulfilments).where(eq(fulfilments.id, id)).for('update');
  return row ?? null;
}

/** An order's hand-offs, first first. */
export async function fulfilmentsOf(db: Pick<Db, 'select'>, orderId: string): Promise<FulfilmentRow[]> {
  return db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)).orderBy(asc(fulfilments.part));
}

/** An order's first hand-off (the one submitted to the provider), locked. */
export async function lockOrderFulfilment(tx: Pick<Db, 'select'>, orderId: string): Promise<FulfilmentRow | null> {
  const [row] = await tx.select().from(fulfilments).where(and(eq(fulfilments.orderId, orderId), eq(fulfilments.part, 1))).for('update');
  return row ?? null;
}

export async function fulfilmentHistory(db: Pick<Db, 'select'>, orderId: string): Promise<FulfilmentTransitionRow[]> {
  return db.select().from(fulfilmentTransitions).where(eq(fulfilmentTransitions.orderId, orderId)).orderBy(asc(fulfilmentTransitions.createdAt), asc(fulfilmentTransitions.id));
}

/** How far an order's printing has come: its least advanced hand-off (a problem first), or 'none' (the view's rule). */
export function orderFulfilmentStatus(rows: Pick<FulfilmentRow, 'status' | 'part'>[]): FulfilmentStatus {
  const rank: Record<FulfilmentStatusValue, number> = { problem: 0, pending: 1, submitted: 2, in_production: 3, shipped: 4, delivered: 5, cancelled: 6 };
  const first = [...rows].sort((a, b) => rank[a.status] - rank[b.status] || a.part - b.part)[0];
  return first ? first.status : 'none';
}

/** Why a hand-off is waiting (a provider that did not answer): shown to admins, no change of status. */
export async function noteFulfilmentError(db: Pick<Db, 'update'>, id: string, error: string | null): Promise<void> {
  await db.update(fulfilments).set({ error, updatedAt: sql`now()` }).where(eq(fulfilments.id, id));
}

/** Refunded in full before it reached the printer: what still waits is not printed. */
export async function cancelWaitingFulfilments(tx: Tx, orderId: string, actor: FulfilmentActor, actorUserId: string | null, reason: string): Promise<number> {
  const waiting = await tx.select().from(fulfilments).where(and(eq(fulfilments.orderId, orderId), inArray(fulfilments.status, ['pending', 'problem']))).for('update');
  let n = 0;
  for (const f of waiting) {
    if (await moveFulfilment(tx, { fulfilmentId: f.id, orderId, from: f.status, to: 'cancelled', actor, actorUserId, reason, set: { error: null } })) n++;
  }
  return n;
}

/** A further parcel of an order the provider reports (it ships in parts): a hand-off of its own, already shipped. */
export async function addShipment(
  tx: Tx,
  s: { orderId: string; provider: string; providerOrderId: string; shipmentKey: string; carrier: string; trackingNumber: string; trackingUrl: string | null; reason: string },
): Promise<FulfilmentRow | null> {
  const [{ next }] = (
    (await tx.execute(sql`select coalesce(max(part), 0) + 1 as next from fulfilments where order_id = ${s.orderId}`)) as unknown as { rows: { next: number }[] }
  ).rows as [{ next: number }];
  const [row] = await tx
    .insert(fulfilments)
    .values({
      orderId: s.orderId,
      part: Number(next),
      provider: s.provider,
      status: 'shipped',
      providerOrderId: s.providerOrderId,
      shipmentKey: s.shipmentKey,
      carrier: s.carrier,
      trackingNumber: s.trackingNumber,
      trackingUrl: s.trackingUrl,
      shippedAt: sql`now()`,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await tx.insert(fulfilmentTransitions).values({ fulfilmentId: row.id, orderId: s.orderId, fromStatus: null, toStatus: 'shipped', actor: 'provider', reason: s.reason });
  return row;
}

/**
 * What the provider is sent for an order: its recipient, and each line to print with the signed link to its print
 * file. Paid with a test card, it goes as a draft a real provider neither prints nor charges for.
 */
export function submissionOf(
  ctx: { publicUrl: string; secret: string },
  order: OrderRow,
  lines: OrderLineRow[],
  refOf: Map<string, string | null>,
  opts: { confirm: boolean },
): FulfilmentOrderInput {
  const a = order.shippingAddress!;
  return {
    externalId: externalIdOf(order.id),
    orderNumber: order.number,
    shipping: order.shippingMethod === 'express' ? 'EXPRESS' : 'STANDARD',
    confirm: opts.confirm,
    currency: order.currency,
    recipient: {
      name: a.name,
      address1: a.line1,
      address2: a.line2,
      city: a.city,
      stateCode: stateCode(a.country, a.state),
      countryCode: a.country,
      zip: a.postalCode,
      phone: a.phone,
      email: order.email,
    },
    items: lines.map((l) => ({
      externalId: l.id,
      variantRef: refOf.get(l.sku) ?? null,
      sku: l.sku,
      product: `${l.productName} (${l.variantName})`,
      name: `${l.productName} (${l.variantName}): ${l.design.awardTitle}`,
      quantity: l.quantity,
      retailPrice: l.unitPrice,
      printFileUrl: printFileUrl(ctx, order.id, l.id),
    })),
  };
}

// ---------- the provider's webhook events ----------

export type FulfilmentEventOutcome = 'applied' | 'no_change' | 'duplicate' | 'unknown_order' | 'ignored';

/** Stores a shipment event by its key, first: false when it was stored before (a replay changes nothing). */
export async function storeFulfilmentEvent(tx: Pick<Db, 'insert'>, provider: string, event: FulfilmentEvent, orderId: string | null, payload: unknown): Promise<boolean> {
  const inserted = await tx
    .insert(fulfilmentEvents)
    .values({ key: event.key, provider, type: event.type, orderId, payload, outcome: 'pending' })
    .onConflictDoNothing({ target: fulfilmentEvents.key })
    .returning({ key: fulfilmentEvents.key });
  return inserted.length > 0;
}

export async function setFulfilmentEventOutcome(tx: Pick<Db, 'update'>, key: string, outcome: FulfilmentEventOutcome): Promise<void> {
  await tx.update(fulfilmentEvents).set({ outcome }).where(eq(fulfilmentEvents.key, key));
}

// ---------- award → product mappings ----------

/** Mappings whose product or variant is gone (after a catalogue sync): kept, switched off and unlinked, for an admin to map again. */
export async function unlinkStaleMappings(tx: Pick<Db, 'update'>, ids: { productIds: SQL; variantIds: SQL }): Promise<void> {
  await tx
    .update(awardProductTemplates)
    .set({ productId: null, variantId: null, isActive: false, updatedAt: sql`now()` })
    .where(or(notInArray(awardProductTemplates.productId, ids.productIds), notInArray(awardProductTemplates.variantId, ids.variantIds)));
}

// ---------- templates (spec §6/§7) ----------

/** fetch-all-printful-templates: the provider's templates and products with their counts. */
export async function fetchTemplates(ctx: { provider: FulfilmentProvider }) {
  const { templates, products: printProducts } = await ctx.provider.fetchTemplates();
  return {
    success: true as const,
    templates,
    products: printProducts,
    summary: { total_products: printProducts.length, total_templates: templates.length },
    error: null,
  };
}
