import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '@/contract/order-status';
import type { Db } from '@/server/db/client';
import { orderPayments, paymentSessions, paymentTransitions } from '@/server/db/schema/payments';
import { conflict } from '@/server/lib/http-errors';

/**
 * The payment's state machine (docs/decisions/108). Every change goes through movePayment: refused unless this table
 * allows it, applied only if the payment is still where the caller saw it, and recorded in payment_transitions.
 * "failed → failed" is another card declined (the reason says which); a refund of part of what is left is
 * "partially_refunded → partially_refunded".
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unpaid: ['paid', 'failed'],
  failed: ['paid', 'failed'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export type PaymentActor = 'customer' | 'admin' | 'provider' | 'system' | 'reconciliation';

export interface PaymentMove {
  orderId: string;
  from: PaymentStatus;
  to: PaymentStatus;
  actor: PaymentActor;
  actorUserId?: string | null;
  reason: string;
  /** Other columns of the payment set in the same update. */
  set?: Partial<typeof paymentSessions.$inferInsert>;
  /**
   * A charge recorded in the same statement (the money that moved it to paid): its row in order_payments — once per
   * provider payment id — and what the order has been charged.
   */
  charge?: { kind: 'checkout' | 'offer'; providerPaymentId: string; amount: number } | undefined;
}

type Tx = Pick<Db, 'update' | 'execute' | 'insert'>;

/**
 * Moves the payment from `from` to `to` and records it — one statement: the change and its history row are written
 * together or not at all. False when it was no longer in `from` (someone else won).
 */
export async function movePayment(tx: Tx, m: PaymentMove): Promise<boolean> {
  if (!canMovePayment(m.from, m.to)) {
    throw conflict(`A payment that is ${m.from.replace(/_/g, ' ')} cannot become ${m.to.replace(/_/g, ' ')}.`, 'status', 'ILLEGAL_TRANSITION');
  }
  const charge = m.charge && m.charge.amount > 0 ? m.charge : null;
  // The charge (issue 25: it was a statement of its own): inserted once per provider payment id; the payment's
  // captured total grows by what was inserted.
  const charged = charge
    ? tx
        .insert(orderPayments)
        .values({ orderId: m.orderId, kind: charge.kind, providerPaymentId: charge.providerPaymentId, amount: charge.amount })
        .onConflictDoNothing({ target: orderPayments.providerPaymentId })
        .returning({ amount: orderPayments.amount })
    : null;
  const moved = tx
    .update(paymentSessions)
    .set({
      ...m.set,
      ...(charged ? { capturedTotal: sql`${paymentSessions.capturedTotal} + coalesce((select sum(amount) from charged), 0)` } : {}),
      status: m.to,
      updatedAt: sql`now()`,
    })
    .where(sql`${paymentSessions.orderId} = ${m.orderId} and ${paymentSessions.status} = ${m.from}`)
    .returning({ orderId: paymentSessions.orderId });
  const result = (await tx.execute(sql`
    with ${charged ? sql`charged as (${charged.getSQL()}), ` : sql``}moved as (${moved.getSQL()})
    insert into ${paymentTransitions} (order_id, from_status, to_status, actor, actor_user_id, reason)
    select order_id, ${m.from}, ${m.to}, ${m.actor}, ${m.actorUserId ?? null}::uuid, ${m.reason} from moved
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
