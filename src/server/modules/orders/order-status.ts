import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { orderEvents, orders } from '@/server/db/schema/index';
import { conflict } from '@/server/lib/http-errors';

/**
 * The order state machine (docs/decisions/075). Every change of status goes through transition(): it is
 * refused unless this table allows it, and stored with time, actor and reason in order_events.
 * Nothing ever moves an order backwards (a late "payment failed" after "paid" is a no-op upstream).
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'payment_failed', 'cancelled'],
  payment_failed: ['paid', 'cancelled'],
  // A payment the provider confirms after an unpaid order was cancelled is still money received: it is
  // recorded as paid so an admin sees it and refunds it.
  cancelled: ['paid'],
  paid: ['in_production', 'partially_refunded', 'refunded'],
  partially_refunded: ['in_production', 'shipped', 'delivered', 'partially_refunded', 'refunded'],
  in_production: ['shipped', 'partially_refunded', 'refunded'],
  shipped: ['delivered', 'partially_refunded', 'refunded'],
  delivered: ['partially_refunded', 'refunded'],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export type OrderActor = 'customer' | 'admin' | 'provider' | 'system';

export interface TransitionInput {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  actorUserId?: string | null;
  reason?: string;
  /** Other columns to set in the same update. */
  set?: Partial<typeof orders.$inferInsert>;
}

/**
 * Moves an order from `from` to `to` on `tx` — only if it is still in `from` (a concurrent change wins
 * once) and the move is allowed — and records the event. Returns false when the order was no longer in `from`.
 */
export async function transition(tx: Pick<Db, 'update' | 'insert'>, t: TransitionInput): Promise<boolean> {
  if (!canTransition(t.from, t.to)) {
    throw conflict(`An order that is ${t.from.replace('_', ' ')} cannot become ${t.to.replace('_', ' ')}.`, 'status', 'ILLEGAL_TRANSITION');
  }
  const updated = await tx
    .update(orders)
    .set({ ...t.set, status: t.to, updatedAt: sql`now()` })
    .where(sql`${orders.id} = ${t.orderId} and ${orders.status} = ${t.from}`)
    .returning({ id: orders.id });
  if (!updated.length) return false;
  await tx.insert(orderEvents).values({
    orderId: t.orderId,
    fromStatus: t.from,
    toStatus: t.to,
    actor: t.actor,
    actorUserId: t.actorUserId ?? null,
    reason: t.reason ?? '',
  });
  return true;
}

/** Locks an order row for the rest of the transaction (PostgreSQL; PGlite has one connection anyway). */
export async function lockOrder(tx: Pick<Db, 'select'>, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}
