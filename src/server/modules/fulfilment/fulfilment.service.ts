import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { regionsOf } from '@/contract/address';
import { FulfilmentProviderError, type FulfilmentEvent, type FulfilmentProvider } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { Db } from '@/server/db/client';
import { awardProductTemplates, fulfilmentEvents, orderLines, orders, products, variants } from '@/server/db/schema/index';
import { audited, type Actor } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import { lockOrder, transition } from '../orders/order-status';
import { ORDER_MAIL_JOB, type OrderMailKind } from '../orders/orders.service';

/** Submits a paid order to the print provider (docs/decisions/083). */
export const FULFIL_JOB = 'fulfilment.submit';

export interface FulfilmentContext {
  db: Db;
  jobs: JobQueue;
  provider: FulfilmentProvider;
  secret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

type OrderRow = typeof orders.$inferSelect;
type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

/** Statuses in which a paid order may be printed. */
const PRINTABLE = ['paid', 'partially_refunded', 'in_production'] as const;

/**
 * In the transaction that marks an order paid: if it has anything to print, mark it pending and enqueue its
 * submission — both commit with the payment, or neither does.
 */
export async function queueFulfilment(tx: Tx, jobs: JobQueue, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.requiresShipping, true)));
  if (!Number(row?.n ?? 0)) return false;
  await tx
    .update(orders)
    .set({ fulfilmentStatus: 'pending', fulfilmentError: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.fulfilmentStatus, 'none')));
  await jobs.send(FULFIL_JOB, { orderId }, { tx, singletonKey: orderId });
  return true;
}

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

export function printFileUrl(ctx: Pick<FulfilmentContext, 'publicUrl' | 'secret'>, orderId: string, lineId: string): string {
  return `${ctx.publicUrl}/api/fulfilment/files/${orderId}/${lineId}/print.png?token=${printFileToken(ctx.secret, orderId, lineId)}`;
}

function stateCode(country: string, state: string): string {
  if (!state) return '';
  const match = regionsOf(country)?.find((r) => r.code.toLowerCase() === state.toLowerCase() || r.name.toLowerCase() === state.toLowerCase());
  return (match?.code ?? state).toUpperCase();
}

/**
 * The 'fulfilment.submit' job: sends a paid order to the provider once. Idempotent twice over: an order that has
 * a provider id is not sent again, and the provider itself answers a repeated external id with the first order
 * (a crash between its answer and our update). A refusal that retrying cannot fix flags the order for an admin.
 */
export async function submitOrder(ctx: FulfilmentContext, orderId: string): Promise<'submitted' | 'already' | 'skipped' | 'problem'> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 'skipped';
  if (order.fulfilmentId) return 'already';
  if (!(PRINTABLE as readonly string[]).includes(order.status) || !order.shippingAddress) {
    // Refunded or cancelled before it reached the printer: nothing to print.
    if (order.fulfilmentStatus === 'pending') await ctx.db.update(orders).set({ fulfilmentStatus: 'none' }).where(eq(orders.id, orderId));
    return 'skipped';
  }
  const lines = await ctx.db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.requiresShipping, true)))
    .orderBy(asc(orderLines.position));
  if (!lines.length) return 'skipped';
  const refs = await ctx.db.select({ sku: variants.sku, ref: variants.fulfilmentRef }).from(variants).where(inArray(variants.sku, lines.map((l) => l.sku)));
  const refOf = new Map(refs.map((r) => [r.sku, r.ref]));
  const a = order.shippingAddress;
  try {
    const result = await ctx.provider.submitOrder({
      externalId: externalIdOf(order.id),
      orderNumber: order.number,
      shipping: order.shippingMethod === 'express' ? 'EXPRESS' : 'STANDARD',
      // Paid with a test card: a draft at a real provider, never printed or charged.
      confirm: order.paymentProvider !== 'test',
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
        name: `${l.productName} (${l.variantName}): ${l.design.awardTitle}`,
        quantity: l.quantity,
        retailPrice: l.unitPrice,
        printFileUrl: printFileUrl(ctx, order.id, l.id),
      })),
    });
    await ctx.db
      .update(orders)
      .set({
        fulfilmentId: result.id,
        fulfilmentProvider: ctx.provider.name,
        fulfilmentStatus: 'submitted',
        fulfilmentError: null,
        fulfilmentSubmittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), sql`${orders.fulfilmentId} is null`));
    ctx.log.info({ orderId, fulfilmentId: result.id, existing: result.existing }, 'order sent to the print provider');
    return 'submitted';
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof FulfilmentProviderError && !err.retryable) {
      await ctx.db
        .update(orders)
        .set({ fulfilmentStatus: 'problem', fulfilmentError: `The print provider refused the order: ${message}`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      ctx.log.error({ orderId, err }, 'the print provider refused an order; an admin must look at it');
      return 'problem';
    }
    await ctx.db.update(orders).set({ fulfilmentError: `Waiting to retry: ${message}` }).where(eq(orders.id, orderId));
    throw err; // the job retries with backoff
  }
}

export type FulfilmentEventOutcome = 'applied' | 'no_change' | 'duplicate' | 'unknown_order' | 'ignored';

/**
 * Applies one verified shipment webhook (or an admin's "mark shipped", which speaks the same language):
 * stored by its key first, so a replay changes nothing; only ever moves an order forward; a shipment that
 * finds the order still "paid" passes through "in production" on the way. The shipped mail is enqueued in
 * the same transaction.
 */
export async function applyFulfilmentEvent(
  ctx: Pick<FulfilmentContext, 'db' | 'jobs'>,
  provider: string,
  event: FulfilmentEvent,
  payload: unknown,
  actor: { kind: 'provider' } | { kind: 'admin'; userId: string | null } = { kind: 'provider' },
): Promise<FulfilmentEventOutcome> {
  return ctx.db.transaction(async (tx): Promise<FulfilmentEventOutcome> => {
    const orderId = event.kind !== 'ignored' ? orderIdOf(event.externalId) : null;
    const order = orderId ? await lockOrder(tx, orderId) : null;
    const outcomeOf = async (): Promise<FulfilmentEventOutcome> => {
      if (event.kind === 'ignored') return 'ignored';
      if (!order) return 'unknown_order';
      return applyToOrder(tx, ctx.jobs, order, event, actor);
    };
    const inserted = await tx
      .insert(fulfilmentEvents)
      .values({ key: event.key, provider, type: event.type, orderId: order?.id ?? null, payload, outcome: 'pending' })
      .onConflictDoNothing({ target: fulfilmentEvents.key })
      .returning({ key: fulfilmentEvents.key });
    if (!inserted.length) return 'duplicate';
    const outcome = await outcomeOf();
    await tx.update(fulfilmentEvents).set({ outcome }).where(eq(fulfilmentEvents.key, event.key));
    return outcome;
  });
}

async function applyToOrder(
  tx: Tx,
  jobs: JobQueue,
  order: OrderRow,
  event: Exclude<FulfilmentEvent, { kind: 'ignored' }>,
  actor: { kind: 'provider' } | { kind: 'admin'; userId: string | null },
): Promise<FulfilmentEventOutcome> {
  const who = actor.kind === 'admin' ? { actor: 'admin' as const, actorUserId: actor.userId } : { actor: 'provider' as const };
  const set = { fulfilmentId: order.fulfilmentId ?? event.providerOrderId };
  if (event.kind === 'problem') {
    if (order.fulfilmentStatus === 'problem' && order.fulfilmentError === event.reason) return 'no_change';
    await tx.update(orders).set({ ...set, fulfilmentStatus: 'problem', fulfilmentError: event.reason, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    return 'applied';
  }
  if (event.kind === 'in_production') {
    if (order.status !== 'paid' && order.status !== 'partially_refunded') return 'no_change';
    if (order.status === 'partially_refunded' && order.shippedAt) return 'no_change';
    const moved = await transition(tx, { orderId: order.id, from: order.status, to: 'in_production', ...who, reason: 'The print room started on it.', set });
    return moved ? 'applied' : 'no_change';
  }
  // shipped
  if (order.shippedAt || order.status === 'shipped' || order.status === 'delivered' || order.status === 'refunded') return 'no_change';
  let from = order.status;
  if (from === 'paid') {
    await transition(tx, { orderId: order.id, from, to: 'in_production', ...who, reason: 'The print room started on it.', set });
    from = 'in_production';
  }
  if (from !== 'in_production' && from !== 'partially_refunded') return 'no_change';
  const shipment = {
    carrier: event.carrier,
    trackingNumber: event.trackingNumber,
    trackingUrl: event.trackingUrl || null,
    shippedAt: new Date(),
    fulfilmentStatus: 'submitted' as const,
    fulfilmentError: null,
  };
  const reason = `Shipped with ${event.carrier || 'the carrier'}${event.service ? ` (${event.service})` : ''}, tracking ${event.trackingNumber || 'not given'}.`;
  if (from === 'partially_refunded') {
    await tx.update(orders).set({ ...set, ...shipment, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  } else {
    await transition(tx, { orderId: order.id, from, to: 'shipped', ...who, reason, set: { ...set, ...shipment } });
  }
  await jobs.send(ORDER_MAIL_JOB, { orderId: order.id, kind: 'shipped' satisfies OrderMailKind }, { tx, singletonKey: `${order.id}:shipped` });
  return 'applied';
}

/** An admin marks an order shipped by hand (a parcel sent outside the provider). Audited. */
export async function markShipped(
  ctx: Pick<FulfilmentContext, 'db' | 'jobs'>,
  actor: Actor,
  orderId: string,
  body: { carrier: string; tracking_number: string; tracking_url?: string | undefined },
): Promise<FulfilmentEventOutcome> {
  const event: FulfilmentEvent = {
    key: `admin:${orderId}:shipped`,
    type: 'admin_marked_shipped',
    kind: 'shipped',
    externalId: externalIdOf(orderId),
    providerOrderId: '',
    carrier: body.carrier,
    service: '',
    trackingNumber: body.tracking_number,
    trackingUrl: body.tracking_url ?? '',
  };
  const outcome = await applyFulfilmentEvent(ctx, 'admin', event, body, { kind: 'admin', userId: actor.userId });
  if (outcome === 'applied') {
    await ctx.db.transaction((tx) =>
      audited(tx, actor, { action: 'order.marked_shipped', entityType: 'order', entityId: orderId, before: null, after: body }, async () => undefined),
    );
  }
  return outcome;
}

/** An admin sends an order to the provider again (after a refusal, or one that never went). Audited. */
export async function resubmit(ctx: Pick<FulfilmentContext, 'db' | 'jobs'>, actor: Actor, order: OrderRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await audited(
      tx,
      actor,
      {
        action: 'order.fulfilment_resubmitted',
        entityType: 'order',
        entityId: order.id,
        before: { fulfilment_status: order.fulfilmentStatus, fulfilment_error: order.fulfilmentError },
        after: { fulfilment_status: order.fulfilmentId ? 'submitted' : 'pending' },
      },
      async () => {
        await tx
          .update(orders)
          .set({ fulfilmentStatus: order.fulfilmentId ? 'submitted' : 'pending', fulfilmentError: null, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        if (!order.fulfilmentId) await ctx.jobs.send(FULFIL_JOB, { orderId: order.id }, { tx, singletonKey: order.id });
      },
    );
  });
}

// ---------- catalogue sync and templates (spec §6/§7) ----------

/**
 * sync-printful-products: fetches the provider's whole catalogue first, then — in one transaction — deletes every
 * variant and product and writes the catalogue. Our own digital product (nothing to print) is written back as it
 * was. Rows keep their ids where the slug / SKU is the same, so carts and award mappings survive; a mapping whose
 * product is gone is switched off. Any failure rolls it all back: the old catalogue stays.
 */
export async function syncCatalogue(ctx: Pick<FulfilmentContext, 'db' | 'provider'>, actor: Actor): Promise<{ message: string; products: number; variants: number }> {
  const catalogue = await ctx.provider.fetchCatalogue();
  if (!catalogue.length) throw new FulfilmentProviderError('The print provider has no products to sync; the catalogue was left as it was.', null, false);
  return ctx.db.transaction(async (tx) => {
    const oldProducts = await tx.select().from(products);
    const oldVariants = await tx.select().from(variants);
    const productIdBy = new Map<string, string>();
    for (const p of oldProducts) {
      productIdBy.set(`slug:${p.slug}`, p.id);
      if (p.fulfilmentRef) productIdBy.set(`ref:${p.fulfilmentRef}`, p.id);
    }
    const variantIdBy = new Map(oldVariants.map((v) => [v.sku, v.id]));
    const keptProducts = oldProducts.filter((p) => p.kind === 'digital');
    const keptVariants = oldVariants.filter((v) => keptProducts.some((p) => p.id === v.productId));

    // The spec's order: all variants, then all products.
    await tx.delete(variants);
    await tx.delete(products);

    let variantCount = 0;
    for (const [i, p] of catalogue.entries()) {
      const id = productIdBy.get(`ref:${p.ref}`) ?? productIdBy.get(`slug:${p.slug}`);
      const [row] = await tx
        .insert(products)
        .values({
          ...(id ? { id } : {}),
          slug: p.slug,
          name: p.name,
          description: p.description,
          kind: p.kind,
          thumbnailUrl: p.thumbnailUrl,
          fulfilmentRef: p.ref,
          sortOrder: i,
        })
        .returning({ id: products.id });
      if (p.variants.length) {
        await tx.insert(variants).values(
          p.variants.map((v, j) => ({
            ...(variantIdBy.get(v.sku) ? { id: variantIdBy.get(v.sku) } : {}),
            productId: row!.id,
            sku: v.sku,
            name: v.name,
            size: v.size,
            finish: v.finish,
            price: v.price,
            currency: v.currency,
            weightGrams: v.weightGrams,
            imageUrl: v.imageUrl,
            fulfilmentRef: v.ref,
            requiresShipping: true,
            sortOrder: j,
          })),
        );
        variantCount += p.variants.length;
      }
    }
    for (const p of keptProducts) await tx.insert(products).values({ ...p, sortOrder: catalogue.length + p.sortOrder });
    if (keptVariants.length) await tx.insert(variants).values(keptVariants);

    // Mappings to products that are gone: kept, switched off and unlinked, for an admin to map again.
    const productIds = tx.select({ id: products.id }).from(products);
    const variantIds = tx.select({ id: variants.id }).from(variants);
    await tx
      .update(awardProductTemplates)
      .set({ productId: null, variantId: null, isActive: false, updatedAt: sql`now()` })
      .where(or(notInArray(awardProductTemplates.productId, productIds), notInArray(awardProductTemplates.variantId, variantIds)));

    const summary = { products: catalogue.length, variants: variantCount };
    await audited(
      tx,
      actor,
      { action: 'catalogue.synced', entityType: 'products', entityId: null, before: { products: oldProducts.length, variants: oldVariants.length }, after: summary },
      async () => undefined,
    );
    const from = ctx.provider.name === 'printful' ? 'Printful' : 'the print shop';
    return { ...summary, message: `Synced ${catalogue.length} products and ${variantCount} variants from ${from}.` };
  });
}

/** fetch-all-printful-templates: the provider's templates and products with their counts. */
export async function fetchTemplates(ctx: Pick<FulfilmentContext, 'provider'>) {
  const { templates, products: printProducts } = await ctx.provider.fetchTemplates();
  return {
    success: true as const,
    templates,
    products: printProducts,
    summary: { total_products: printProducts.length, total_templates: templates.length },
    error: null,
  };
}
