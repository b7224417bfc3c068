import { eq, sql } from 'drizzle-orm';
import type { LifecycleStatus } from '@/contract/order-status';
import { builtOnce, type Executor } from '@/server/db/built-once';
import type { Db } from '@/server/db/client';
import { orderEvents, orderLines, orders } from '@/server/db/schema/orders';
import { conflict } from '@/server/lib/http-errors';
import { orderFromRow } from './orders.service';

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

/**
 * One statement, built once (decision 144): the order moved if it is still `from`, its expiry set when the move
 * says so, and the move written to its history.
 */
const moveOrderStatement = builtOnce(
  ['orderId', 'from', 'to', 'setExpiry', 'expiresAt', 'actor', 'actorUserId', 'reason'],
  (p) => sql`
    with moved as (
      update ${orders} set status = ${p.to}, updated_at = now(),
        expires_at = case when ${p.setExpiry}::boolean then ${p.expiresAt}::timestamptz else expires_at end
      where id = ${p.orderId}::uuid and status = ${p.from}
      returning id
    )
    insert into ${orderEvents} (order_id, from_status, to_status, actor, actor_user_id, reason, kind)
    select id, ${p.from}, ${p.to}, ${p.actor}, ${p.actorUserId}::uuid, ${p.reason}, 'status' from moved
    returning id`,
);

/** Moves the order from `from` to `to` and records it, in one statement; false when it was no longer in `from`. */
export async function moveOrder(tx: Executor, m: OrderMove): Promise<boolean> {
  if (!canMoveOrder(m.from, m.to)) {
    throw conflict(`An order that is ${m.from} cannot become ${m.to}.`, 'status', 'ILLEGAL_TRANSITION');
  }
  const expiresAt = m.set?.expiresAt;
  const result = await moveOrderStatement(tx, {
    orderId: m.orderId,
    from: m.from,
    to: m.to,
    setExpiry: expiresAt !== undefined,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
    actor: m.actor,
    actorUserId: m.actorUserId ?? null,
    reason: m.reason,
  });
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
export async function lockOrderToRelease(tx: Executor, orderId: string) {
  const [row] = (await lockOrderToReleaseStatement(tx, { orderId })).rows;
  return row ? { ...orderFromRow(row), shippableLines: Number(row.shippable_lines) } : null;
}
const lockOrderToReleaseStatement = builtOnce(
  ['orderId'],
  (p) => sql`
    select o.*, (select count(*)::int from ${orderLines} as l where l.order_id = o.id and l.requires_shipping) as shippable_lines
    from ${orders} as o where o.id = ${p.orderId}::uuid
    for update`,
);
