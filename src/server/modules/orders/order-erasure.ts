import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Order } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { orders, testPaymentSessions } from '@/server/db/schema/index';
import { conflict } from '@/server/lib/http-errors';
import { transition } from './order-status';
import { orderView } from './orders.service';

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
  return Promise.all(rows.map((o) => orderView(db, o, testMode, null)));
}

/**
 * Orders still to be printed or shipped under the address: their address is needed for delivery, so an erasure
 * waits until they have shipped (or are refunded).
 */
export async function ordersOnTheirWay(db: Pick<Db, 'select'>, email: string): Promise<string[]> {
  const rows = await db
    .select({ number: orders.number })
    .from(orders)
    .where(
      and(
        sql`lower(${orders.email}) = ${email.toLowerCase()}`,
        sql`${orders.status} in ('paid', 'in_production', 'partially_refunded') and ${orders.shippedAt} is null`,
        // Written out: Drizzle leaves columns unqualified here, and a bare "id" would be the line's own.
        sql`exists (select 1 from order_lines ol where ol.order_id = "orders"."id" and ol.requires_shipping)`,
      ),
    );
  return rows.map((r) => r.number);
}

/**
 * Anonymises every order under the address, inside the erasure's transaction. What bookkeeping needs stays (number,
 * dates, lines, amounts, tax, currency, payments and refunds, and the country, state and postal code that decide
 * the tax); the email becomes ERASED_ORDER_EMAIL, the name ERASED_ORDER_NAME, the street, city and phone go, and the
 * account link is cut. Unpaid orders are cancelled first, so they can no longer be paid and shipped nowhere.
 * Refused (409) while an order still has to be delivered.
 */
export async function anonymiseOrdersOf(tx: Pick<Db, 'select' | 'update' | 'insert'>, email: string, actorUserId: string | null): Promise<number> {
  const onTheirWay = await ordersOnTheirWay(tx, email);
  if (onTheirWay.length) {
    throw conflict(
      `${onTheirWay.join(', ')} still has to be delivered to this address. Erase the contact once it has shipped, or refund it first.`,
      undefined,
      'ORDERS_IN_PROGRESS',
    );
  }
  const address = email.toLowerCase();
  const unpaid = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(sql`lower(${orders.email}) = ${address}`, inArray(orders.status, ['pending_payment', 'payment_failed'])));
  for (const o of unpaid) {
    await transition(tx, { orderId: o.id, from: o.status, to: 'cancelled', actor: 'admin', actorUserId, reason: ERASURE_REASON });
  }
  const changed = await tx
    .update(orders)
    .set({
      email: ERASED_ORDER_EMAIL,
      userId: null,
      paymentUrl: null,
      shippingAddress: sql`case when ${orders.shippingAddress} is null then null else
        jsonb_build_object('name', ${ERASED_ORDER_NAME}::text, 'line1', '', 'line2', '', 'city', '', 'phone', '',
          'state', coalesce(${orders.shippingAddress}->>'state', ''), 'postalCode', coalesce(${orders.shippingAddress}->>'postalCode', ''),
          'country', coalesce(${orders.shippingAddress}->>'country', '')) end`,
      updatedAt: sql`now()`,
    })
    .where(sql`lower(${orders.email}) = ${address}`)
    .returning({ id: orders.id });
  if (changed.length) {
    // The built-in test card processor's own records of those payments (it plays the provider's part).
    await tx
      .update(testPaymentSessions)
      .set({ email: ERASED_ORDER_EMAIL, updatedAt: sql`now()` })
      .where(inArray(testPaymentSessions.reference, changed.map((o) => o.id)));
  }
  return changed.length;
}

/** Whether an order's address was erased (for views that want to say so). */
export const isErasedOrderEmail = (email: string) => email === ERASED_ORDER_EMAIL;
