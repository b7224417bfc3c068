import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Order } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { orderLines, orderOverview, orders } from '@/server/db/schema/index';
import { conflict } from '@/server/lib/http-errors';
import { moveOrder } from './order-lifecycle';
import { orderParts, orderView } from './order-view';

/**
 * Orders and a privacy request (the CRM's export and erasure of an address, docs/decisions/103; the account's
 * own export and deletion are docs/decisions/086).
 */

/** The address an erased order is left with: `.invalid` never delivers, and the contact sync skips it. */
export const ERASED_ORDER_EMAIL = 'erased@erased.invalid';
export const ERASED_ORDER_NAME = 'Erased on request';
const ERASURE_REASON = 'Cancelled: the customer asked us to erase their details.';

/** Every order placed under the address (whatever its case), newest first, as its owner sees it. */
export async function ordersOfAddress(db: Pick<Db, 'select'>, email: string, testMode: boolean): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(sql`lower(${orders.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(orders.createdAt));
  const out: Order[] = [];
  for (const o of rows) out.push(await orderView(db, await orderParts(db, o), { testMode, secret: null }));
  return out;
}

/**
 * Orders still to be printed or shipped under the address: their address is needed for delivery, so an erasure
 * waits until they have shipped (or are refunded). That includes a paid order with something to print that has not
 * been handed to the printer yet (a funnel order while its one-time offers are open).
 */
export async function ordersOnTheirWay(db: Pick<Db, 'select'>, email: string): Promise<string[]> {
  const rows = await db
    .select({ number: orderOverview.number })
    .from(orderOverview)
    .where(
      and(
        sql`lower(${orderOverview.email}) = ${email.toLowerCase()}`,
        eq(orderOverview.status, 'open'),
        inArray(orderOverview.paymentStatus, ['paid', 'partially_refunded']),
        or(
          inArray(orderOverview.fulfilmentStatus, ['pending', 'submitted', 'in_production', 'problem']),
          and(
            eq(orderOverview.fulfilmentStatus, 'none'),
            sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orderOverview.id} and ${orderLines.requiresShipping})`,
          ),
        ),
      ),
    );
  return rows.map((r) => r.number);
}

/**
 * Anonymises every order under the address, inside the erasure's transaction. What bookkeeping needs stays (number,
 * dates, lines, amounts, tax, currency, payments and refunds, and the country, state and postal code that decide
 * the tax); the email becomes ERASED_ORDER_EMAIL, the name ERASED_ORDER_NAME, the street, city and phone go, and the
 * account link is cut. Orders still waiting for their payment are cancelled first, so they can no longer be paid and
 * shipped nowhere. Refused (409) while an order still has to be delivered. Returns the orders changed and the ones
 * cancelled (the erasure workflow releases their discounts and tells the payment provider).
 */
export async function anonymiseOrdersOf(
  tx: Pick<Db, '_' | 'select' | 'update' | 'insert' | 'execute'>,
  email: string,
  actorUserId: string | null,
): Promise<{ anonymised: string[]; cancelled: string[] }> {
  const onTheirWay = await ordersOnTheirWay(tx, email);
  if (onTheirWay.length) {
    throw conflict(
      `${onTheirWay.join(', ')} still has to be delivered to this address. Erase the contact once it has shipped, or refund it first.`,
      undefined,
      'ORDERS_IN_PROGRESS',
    );
  }
  const address = email.toLowerCase();
  const waiting = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(sql`lower(${orders.email}) = ${address}`, inArray(orders.status, ['pending', 'abandoned'])));
  const cancelled: string[] = [];
  for (const o of waiting) {
    if (o.status === 'pending' && (await moveOrder(tx, { orderId: o.id, from: 'pending', to: 'cancelled', actor: 'admin', actorUserId, reason: ERASURE_REASON }))) cancelled.push(o.id);
  }
  const changed = await tx
    .update(orders)
    .set({
      email: ERASED_ORDER_EMAIL,
      userId: null,
      shippingAddress: sql`case when ${orders.shippingAddress} is null then null else
        jsonb_build_object('name', ${ERASED_ORDER_NAME}::text, 'line1', '', 'line2', '', 'city', '', 'phone', '',
          'state', coalesce(${orders.shippingAddress}->>'state', ''), 'postalCode', coalesce(${orders.shippingAddress}->>'postalCode', ''),
          'country', coalesce(${orders.shippingAddress}->>'country', '')) end`,
      updatedAt: sql`now()`,
    })
    .where(sql`lower(${orders.email}) = ${address}`)
    .returning({ id: orders.id });
  return { anonymised: changed.map((o) => o.id), cancelled };
}

/** Whether an order's address was erased (for views that want to say so). */
export const isErasedOrderEmail = (email: string) => email === ERASED_ORDER_EMAIL;
