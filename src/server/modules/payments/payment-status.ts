import { sql } from 'drizzle-orm';
import type { PaymentStatus } from '@/contract/order-status';
import { builtOnce, type Executor } from '@/server/db/built-once';
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
}

type Tx = Pick<Db, 'update' | 'execute'>;

/**
 * Moves the payment from `from` to `to` and records it — one statement: the change and its history row are written
 * together or not at all. False when it was no longer in `from` (someone else won).
 */
export async function movePayment(tx: Tx, m: PaymentMove): Promise<boolean> {
  if (!canMovePayment(m.from, m.to)) {
    throw conflict(`A payment that is ${m.from.replace(/_/g, ' ')} cannot become ${m.to.replace(/_/g, ' ')}.`, 'status', 'ILLEGAL_TRANSITION');
  }
  const moved = tx
    .update(paymentSessions)
    .set({ ...m.set, status: m.to, updatedAt: sql`now()` })
    .where(sql`${paymentSessions.orderId} = ${m.orderId} and ${paymentSessions.status} = ${m.from}`)
    .returning({ orderId: paymentSessions.orderId });
  const result = (await tx.execute(sql`
    with moved as (${moved.getSQL()})
    insert into ${paymentTransitions} (order_id, from_status, to_status, actor, actor_user_id, reason)
    select order_id, ${m.from}, ${m.to}, ${m.actor}, ${m.actorUserId ?? null}::uuid, ${m.reason} from moved
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export interface PaidMove {
  orderId: string;
  actor: PaymentActor;
  reason: string;
  /** The provider's charge (Stripe: pi_…); null keeps the payment's own (a zero total has none). */
  paymentId: string | null;
  sessionId: string | null;
  paymentMethodRef: string | null;
  /** What the provider says it charged, minor units; null: the payment's amount. */
  amount: number | null;
}

/**
 * "unpaid"/"failed" → "paid", in ONE statement (issue 25, decision 117): the payment row is locked and read, moved to
 * paid with what the provider reported, its charge recorded in order_payments (once per provider payment id, the
 * payment's captured total grown by it) and the move written to payment_transitions. The same rules as movePayment
 * (both moves are in PAYMENT_TRANSITIONS), without a read first. Null when the payment was not unpaid or failed —
 * paid already, or no payment at all: the caller tells which.
 */
export async function payUnpaid(tx: Executor, m: PaidMove): Promise<{ from: PaymentStatus; providerPaymentId: string | null } | null> {
  const [row] = (await payUnpaidStatement(tx, { orderId: m.orderId, paymentId: m.paymentId, amount: m.amount, sessionId: m.sessionId, paymentMethodRef: m.paymentMethodRef, actor: m.actor, reason: m.reason })).rows;
  return row ? { from: row.from_status, providerPaymentId: row.provider_payment_id } : null;
}
const payUnpaidStatement = builtOnce<'orderId' | 'paymentId' | 'amount' | 'sessionId' | 'paymentMethodRef' | 'actor' | 'reason', { from_status: PaymentStatus; provider_payment_id: string | null }>(
  ['orderId', 'paymentId', 'amount', 'sessionId', 'paymentMethodRef', 'actor', 'reason'],
  (p) => sql`
    with old as (
      select order_id, status, amount, provider_payment_id, provider_session_id, payment_method_ref
      from ${paymentSessions} where order_id = ${p.orderId}::uuid and status in ('unpaid', 'failed')
      for update
    ),
    charged as (
      insert into ${orderPayments} (order_id, kind, provider_payment_id, amount)
      select order_id, 'checkout', coalesce(${p.paymentId}::text, provider_payment_id), coalesce(${p.amount}::int, amount) from old
      where coalesce(${p.paymentId}::text, provider_payment_id) is not null and coalesce(${p.amount}::int, amount) > 0
      on conflict (provider_payment_id) do nothing
      returning amount
    ),
    moved as (
      update ${paymentSessions} p
      set status = 'paid', paid_at = now(), failure_message = null, updated_at = now(),
          provider_payment_id = coalesce(${p.paymentId}::text, old.provider_payment_id),
          provider_session_id = coalesce(${p.sessionId}::text, old.provider_session_id),
          payment_method_ref = coalesce(${p.paymentMethodRef}::text, old.payment_method_ref),
          captured_total = p.captured_total + coalesce((select sum(amount) from charged), 0)
      from old where p.order_id = old.order_id
      returning old.status as from_status, p.provider_payment_id
    ),
    history as (
      insert into ${paymentTransitions} (order_id, from_status, to_status, actor, actor_user_id, reason)
      select ${p.orderId}::uuid, from_status, 'paid', ${p.actor}, null, ${p.reason} from moved
    )
    select from_status, provider_payment_id from moved`,
);
