import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderOverview } from '@/server/db/schema/order-overview';
import { orderEvents, orderLines, orders, type FrozenDesign, type OrderChannel, type ShippingAddress } from '@/server/db/schema/orders';
import type { OrderActor } from './order-lifecycle';

/**
 * The orders module's tables (docs/decisions/070, 108): the order, its lines and its history. Only this module
 * writes them; the workflows in src/server/workflows call these functions.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

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

export async function findOrder(db: Pick<Db, 'select'>, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The order a checkout's Idempotency-Key made. */
export async function findOrderByKey(db: Pick<Db, 'select'>, key: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

export async function linesOf(db: Pick<Db, 'select'>, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** The lines the printer makes. */
export async function shippableLinesOf(db: Pick<Db, 'select'>, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.requiresShipping, true)))
    .orderBy(asc(orderLines.position));
}

export async function historyOf(db: Pick<Db, 'select'>, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export interface NewOrder {
  userId: string | null;
  email: string;
  currency: string;
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  taxRateBps: number;
  total: number;
  discountCode: string | null;
  shippingMethod: string | null;
  shippingLabel: string | null;
  shippingAddress: ShippingAddress | null;
  idempotencyKey: string;
  requestHash: string;
  channel: OrderChannel;
  expiresAt: Date;
  lines: {
    productId: string | null;
    variantId: string | null;
    sku: string;
    productName: string;
    variantName: string;
    unitPrice: number;
    quantity: number;
    lineTotal: number;
    requiresShipping: boolean;
    design: FrozenDesign;
  }[];
}

/** Writes an order, its lines and its first event ("Order placed"), pending, in the caller's transaction. */
export async function insertOrder(tx: Pick<Db, 'insert' | 'execute'>, o: NewOrder, actor: OrderActor): Promise<OrderRow> {
  const { lines, ...values } = o;
  // Two statements (issue 25: it was four): the order with its number from the sequence, then its lines and its
  // first event together.
  const [row] = await tx
    .insert(orders)
    .values({ ...values, number: sql`'ORD-' || nextval('order_number_seq')::text`, status: 'pending' })
    .returning();
  const linesJson = JSON.stringify(lines.map((l, i) => ({ ...l, position: i })));
  await tx.execute(sql`
    with added as (
      insert into ${orderLines} (order_id, position, product_id, variant_id, sku, product_name, variant_name, unit_price, quantity, line_total, requires_shipping, design)
      select ${row!.id}::uuid, l."position", l."productId", l."variantId", l.sku, l."productName", l."variantName", l."unitPrice", l.quantity, l."lineTotal", l."requiresShipping", l.design
      from jsonb_to_recordset(${linesJson}::jsonb) as l("position" int, "productId" uuid, "variantId" uuid, sku text, "productName" text, "variantName" text, "unitPrice" int, quantity int, "lineTotal" int, "requiresShipping" boolean, design jsonb)
    )
    insert into ${orderEvents} (order_id, from_status, to_status, actor, actor_user_id, reason)
    values (${row!.id}::uuid, null, 'pending', ${actor}, ${o.userId}::uuid, 'Order placed')`);
  return row!;
}

/** Pending orders past their time, oldest first (the expiry sweep asks the provider about each, then abandons it). */
export async function ordersPastExpiry(db: Pick<Db, 'select'>, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, sql`now()`)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/**
 * A line bought later on the same order (a one-time offer, docs/decisions/099): added after the others, with the
 * order's totals raised by its price and tax.
 */
export async function addOrderLine(
  tx: Pick<Db, 'insert' | 'update' | 'execute'>,
  orderId: string,
  line: Omit<NewOrder['lines'][number], 'lineTotal'> & { tax: number },
): Promise<OrderLineRow> {
  const [{ next }] = (
    (await tx.execute(sql`select coalesce(max(position), -1) + 1 as next from order_lines where order_id = ${orderId}`)) as unknown as { rows: { next: number }[] }
  ).rows as [{ next: number }];
  const { tax, ...rest } = line;
  const lineTotal = line.unitPrice * line.quantity;
  const [row] = await tx
    .insert(orderLines)
    .values({ ...rest, orderId, position: Number(next), lineTotal })
    .returning();
  await tx
    .update(orders)
    .set({
      subtotal: sql`${orders.subtotal} + ${lineTotal}`,
      taxTotal: sql`${orders.taxTotal} + ${tax}`,
      total: sql`${orders.total} + ${lineTotal + tax}`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));
  return row!;
}

/** How many order lines print this award (an award on an order is deactivated, never deleted). */
export async function linesOfAward(db: Pick<Db, 'select'>, awardId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderLines).where(sql`${orderLines.design}->>'awardId' = ${awardId}`);
  return Number(row?.n ?? 0);
}

/** An address's orders, newest first, with their payment's and fulfilment's status (the CRM's timeline). */
export async function ordersOfEmail(db: Pick<Db, 'select'>, email: string, limit: number) {
  return db.select().from(orderOverview).where(sql`lower(${orderOverview.email}) = ${email.toLowerCase()}`).orderBy(desc(orderOverview.createdAt)).limit(limit);
}

export async function countOrdersOf(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return Number(row?.n ?? 0);
}
