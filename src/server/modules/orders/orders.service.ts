import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { builtOnce, type Executor, type StatementPart } from '@/server/db/built-once';
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

/** A line as the receipt and the invoice name it: "Framed certificate (A4 / Letter, Oak frame), Best Napper for Sam". */
export function lineDescription(l: Pick<OrderLineRow, 'productName' | 'variantName' | 'design'>): string {
  return `${l.productName} (${l.variantName}), ${l.design.awardTitle}${l.design.recipientName ? ` for ${l.design.recipientName}` : ''}`;
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
  taxLines: { name: string; rate_bps: number; amount: number }[];
  pricesIncludeTax: boolean;
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

/**
 * Writes an order, its lines and its first event ("Order placed"), pending — ONE statement (issue 25: it was four):
 * the order with its number from the sequence, its lines from one JSON parameter, its event, and whatever `also`
 * adds: statement parts of other owners that belong with a new order (its payment row), written by their owner
 * (docs/decisions/117). One statement is atomic by itself; the caller's transaction holds it with more. Built once
 * (decision 144).
 */
export async function insertOrder(tx: Executor, o: NewOrder & { id?: string }, actor: OrderActor, also: readonly StatementPart[] = []): Promise<OrderRow> {
  const id = o.id ?? randomUUID();
  const values = {
    ...o,
    id,
    actor,
    taxRateBps: Math.round(o.taxRateBps),
    taxLines: JSON.stringify(o.taxLines),
    shippingAddress: o.shippingAddress === null ? null : JSON.stringify(o.shippingAddress),
    expiresAt: o.expiresAt.toISOString(),
    lines: JSON.stringify(o.lines.map((l, i) => ({ ...l, position: i }))),
  };
  const result = await insertOrderStatement(tx, values, also);
  return orderFromRow(result.rows[0]!);
}
const insertOrderStatement = builtOnce(
  [
    'id', 'userId', 'email', 'currency', 'subtotal', 'discountTotal', 'shippingTotal', 'taxTotal', 'taxRateBps', 'taxLines', 'pricesIncludeTax', 'total', 'discountCode',
    'shippingMethod', 'shippingLabel', 'shippingAddress', 'idempotencyKey', 'requestHash', 'channel', 'expiresAt', 'lines', 'actor',
  ],
  (p, also) => sql`
    with new_order as (
      insert into ${orders} (id, number, user_id, email, status, currency, subtotal, discount_total, shipping_total, tax_total, tax_rate_bps, tax_lines, prices_include_tax, total,
                             discount_code, shipping_method, shipping_label, shipping_address, idempotency_key, request_hash, channel, expires_at)
      values (${p.id}::uuid, 'ORD-' || nextval('order_number_seq')::text, ${p.userId}::uuid, ${p.email}, 'pending', ${p.currency}, ${p.subtotal}, ${p.discountTotal},
              ${p.shippingTotal}, ${p.taxTotal}, ${p.taxRateBps}, ${p.taxLines}::jsonb, ${p.pricesIncludeTax}, ${p.total}, ${p.discountCode}, ${p.shippingMethod}, ${p.shippingLabel},
              ${p.shippingAddress}::jsonb, ${p.idempotencyKey}, ${p.requestHash}, ${p.channel}, ${p.expiresAt}::timestamptz)
      returning *
    ),
    added as (
      insert into ${orderLines} (order_id, position, product_id, variant_id, sku, product_name, variant_name, unit_price, quantity, line_total, requires_shipping, design)
      select ${p.id}::uuid, l."position", l."productId", l."variantId", l.sku, l."productName", l."variantName", l."unitPrice", l.quantity, l."lineTotal", l."requiresShipping", l.design
      from jsonb_to_recordset(${p.lines}::jsonb) as l("position" int, "productId" uuid, "variantId" uuid, sku text, "productName" text, "variantName" text, "unitPrice" int, quantity int, "lineTotal" int, "requiresShipping" boolean, design jsonb)
    ),
    placed as (
      insert into ${orderEvents} (order_id, from_status, to_status, actor, actor_user_id, reason)
      values (${p.id}::uuid, null, 'pending', ${p.actor}, ${p.userId}::uuid, 'Order placed')
    )${sql.join(
      also.map((part, i) => sql`, ${sql.raw(`also_${i}`)} as (${part})`),
      sql``,
    )}
    select * from new_order`,
);

const ORDER_COLUMNS = Object.entries(getTableColumns(orders));
/** A row of `orders` as the driver returned it from raw SQL, as drizzle would map it. */
export function orderFromRow(raw: Record<string, unknown>): OrderRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of ORDER_COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as OrderRow;
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
 * order's totals raised by its price and tax. `tax`: the line's, its price holding it or not, and the order's tax lines
 * with it added (the caller holds the order's lock, so they are the order's as they stand).
 */
export async function addOrderLine(
  tx: Pick<Db, 'insert' | 'update' | 'execute'>,
  orderId: string,
  line: Omit<NewOrder['lines'][number], 'lineTotal'>,
  tax: { amount: number; included: boolean; orderLines: NewOrder['taxLines'] },
): Promise<OrderLineRow> {
  const [{ next }] = (
    (await tx.execute(sql`select coalesce(max(position), -1) + 1 as next from order_lines where order_id = ${orderId}`)) as unknown as { rows: { next: number }[] }
  ).rows as [{ next: number }];
  const lineTotal = line.unitPrice * line.quantity;
  const [row] = await tx
    .insert(orderLines)
    .values({ ...line, orderId, position: Number(next), lineTotal })
    .returning();
  await tx
    .update(orders)
    .set({
      subtotal: sql`${orders.subtotal} + ${lineTotal}`,
      taxTotal: sql`${orders.taxTotal} + ${tax.amount}`,
      taxLines: tax.orderLines,
      total: sql`${orders.total} + ${lineTotal + (tax.included ? 0 : tax.amount)}`,
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
