import { eq, sql } from 'drizzle-orm';
import type { LifecycleStatus } from '@/contract/order-status';
import type { Db } from '@/server/db/client';
import { orderEvents, orderLines, orders } from '@/server/db/schema/orders';
import { conflict } from '@/server/lib/http-errors';

/**
 * The order's lifecycle (docs/decisions/075, 108). Every change goes through moveOrder: refused unless this table
 * allows it, applied only if the order is still where the caller saw it (a concurrent change wins once), and
 * recorded in order_events with time, actor and reason.
 *  - A payment that arrives after the order was abandoned or cancelled is still money received: the order opens,
 *    and an admin refunds it.
 *  - An abandoned order comes back to pending when its shopper tries the same checkout again.
 */
export const ORDER_TRANSITIONS: Record<LifecycleStatus, readonly LifecycleStatus[]> = {
  pending: ['open', 'cancelled', 'abandoned'],
  abandoned: ['open', 'pending'],
  cancelled: ['open'],
  open: ['completed'],
  completed: [],
};

export function canMoveOrder(from: LifecycleStatus, to: LifecycleStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export type OrderActor = 'customer' | 'admin' | 'provider' | 'system' | 'reconciliation';

/** What an order event is: a change of status, or a note (from = to) about something that changed none. */
export type OrderEventKind = 'status' | 'line_added' | 'declined_extra' | 'note';

export interface OrderMove {
  orderId: string;
  from: LifecycleStatus;
  to: LifecycleStatus;
  actor: OrderActor;
  actorUserId?: string | null;
  reason: string;
  /** Other columns of the order set in the same update (its expiry). */
  set?: { expiresAt?: Date | null };
}

type Tx = Pick<Db, 'update' | 'execute'>;

/** Moves the order from `from` to `to` and records it, in one statement; false when it was no longer in `from`. */
export async function moveOrder(tx: Tx, m: OrderMove): Promise<boolean> {
  if (!canMoveOrder(m.from, m.to)) {
    throw conflict(`An order that is ${m.from} cannot become ${m.to}.`, 'status', 'ILLEGAL_TRANSITION');
  }
  const moved = tx
    .update(orders)
    .set({ ...m.set, status: m.to, updatedAt: sql`now()` })
    .where(sql`${orders.id} = ${m.orderId} and ${orders.status} = ${m.from}`)
    .returning({ id: orders.id });
  const result = (await tx.execute(sql`
    with moved as (${moved.getSQL()})
    insert into ${orderEvents} (order_id, from_status, to_status, actor, actor_user_id, reason, kind)
    select id, ${m.from}, ${m.to}, ${m.actor}, ${m.actorUserId ?? null}::uuid, ${m.reason}, 'status' from moved
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Something that happened to the order without changing its lifecycle (a line added, an extra's card declined). */
export async function noteOrder(
  tx: Pick<Db, 'insert'>,
  n: { orderId: string; status: LifecycleStatus; kind: Exclude<OrderEventKind, 'status'>; actor: OrderActor; reason: string },
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: n.orderId, fromStatus: n.status, toStatus: n.status, actor: n.actor, reason: n.reason, kind: n.kind });
}

/** Locks an order row for the rest of the transaction (PostgreSQL; PGlite has one connection anyway). */
export async function lockOrder(tx: Pick<Db, 'select'>, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/**
 * lockOrder, with how many of its lines are printed and shipped — what releasing a paid order hands to the printer
 * (issue 25: one statement where it took two).
 */
export async function lockOrderToRelease(tx: Pick<Db, 'select'>, orderId: string) {
  const [row] = await tx
    .select({
      order: orders,
      // Qualified by hand: drizzle writes a single table's columns without their table, and "id" would be the line's.
      shippableLines: sql<number>`(select count(*)::int from ${orderLines} as l where l.order_id = "orders"."id" and l.requires_shipping)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row ? { ...row.order, shippableLines: Number(row.shippableLines) } : null;
}
