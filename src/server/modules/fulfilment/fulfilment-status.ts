import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { fulfilments, fulfilmentTransitions, type FulfilmentStatusValue } from '@/server/db/schema/fulfilment';
import { conflict } from '@/server/lib/http-errors';

/**
 * A fulfilment's state machine (docs/decisions/083, 108): one hand-off to the printer. Every change goes through
 * moveFulfilment: refused unless this table allows it, applied only if the row is still where the caller saw it,
 * and recorded in fulfilment_transitions.
 */
export const FULFILMENT_TRANSITIONS: Record<FulfilmentStatusValue, readonly FulfilmentStatusValue[]> = {
  pending: ['submitted', 'problem', 'shipped', 'cancelled'],
  submitted: ['in_production', 'shipped', 'problem'],
  in_production: ['shipped', 'problem'],
  shipped: ['delivered'],
  delivered: [],
  // Sent again (pending), or the provider moved on after all.
  problem: ['pending', 'submitted', 'in_production', 'shipped', 'cancelled'],
  cancelled: [],
};

export function canMoveFulfilment(from: FulfilmentStatusValue, to: FulfilmentStatusValue): boolean {
  return FULFILMENT_TRANSITIONS[from].includes(to);
}

export type FulfilmentActor = 'customer' | 'admin' | 'provider' | 'system';

export interface FulfilmentMove {
  fulfilmentId: string;
  orderId: string;
  from: FulfilmentStatusValue;
  to: FulfilmentStatusValue;
  actor: FulfilmentActor;
  actorUserId?: string | null;
  reason: string;
  set?: Partial<typeof fulfilments.$inferInsert>;
}

/** Moves a fulfilment from `from` to `to` and records it, in one statement; false when it was no longer in `from`. */
export async function moveFulfilment(tx: Pick<Db, 'update' | 'execute'>, m: FulfilmentMove): Promise<boolean> {
  if (!canMoveFulfilment(m.from, m.to)) {
    throw conflict(`A hand-off to the printer that is ${m.from.replace(/_/g, ' ')} cannot become ${m.to.replace(/_/g, ' ')}.`, 'fulfilment', 'ILLEGAL_TRANSITION');
  }
  const moved = tx
    .update(fulfilments)
    .set({ ...m.set, status: m.to, updatedAt: sql`now()` })
    .where(sql`${fulfilments.id} = ${m.fulfilmentId} and ${fulfilments.status} = ${m.from}`)
    .returning({ id: fulfilments.id, orderId: fulfilments.orderId });
  const result = (await tx.execute(sql`
    with moved as (${moved.getSQL()})
    insert into ${fulfilmentTransitions} (fulfilment_id, order_id, from_status, to_status, actor, actor_user_id, reason)
    select id, order_id, ${m.from}, ${m.to}, ${m.actor}, ${m.actorUserId ?? null}::uuid, ${m.reason} from moved
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** A line in a fulfilment's history that changes nothing (from = to): what happened to it while it stayed put. */
export async function noteFulfilment(
  tx: Pick<Db, 'insert'>,
  n: { fulfilmentId: string; orderId: string; status: FulfilmentStatusValue; actor: FulfilmentActor; reason: string },
): Promise<void> {
  await tx.insert(fulfilmentTransitions).values({ fulfilmentId: n.fulfilmentId, orderId: n.orderId, fromStatus: n.status, toStatus: n.status, actor: n.actor, reason: n.reason });
}
