import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@/contract/order-status';
import type { PaymentEvent } from '@/server/adapters/payments/payment-provider';
import { builtOnce, statementPart, type Executor } from '@/server/db/built-once';
import type { Db } from '@/server/db/client';
import { orderPayments, paymentEvents, paymentSessions, paymentTransitions, refunds } from '@/server/db/schema/payments';

/**
 * The payments module's tables (docs/decisions/108): an order's payment (payment_sessions), its charges
 * (order_payments), refunds, the provider's webhook events and the payment's history. Only this module writes them;
 * the workflows in src/server/workflows call these functions.
 */

export type PaymentRow = typeof paymentSessions.$inferSelect;
export type ChargeRow = typeof orderPayments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentTransitionRow = typeof paymentTransitions.$inferSelect;

type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'execute'>;

/** Paid, in whole or in part (refunds included): money was received. */
export const PAID_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

// ---------- the payment of an order ----------

/** Written with the order, in its transaction: what is to be collected, and by whom. */
/**
 * A new order's payment row as a statement part (issue 25): the order's owner writes it in the order's own statement
 * (insertOrder's `also`), so the order and its payment are one statement.
 */
/** The order's payment row, unpaid: a part of the order's own statement (decision 117), built once with it (decision 144). */
export const newPayment = statementPart(
  ['orderId', 'provider', 'amount', 'currency'],
  (p) => sql`insert into ${paymentSessions} (order_id, provider, status, amount, currency, watch_until)
    values (${p.orderId}::uuid, ${p.provider}, 'unpaid', ${p.amount}, ${p.currency}, now() + interval '2 days')`,
);

export async function findPayment(db: Pick<Db, 'select'>, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId));
  return row ?? null;
}

/** Locks the payment row for the rest of the transaction: one payment change at a time per order. */
export async function lockPayment(tx: Pick<Db, 'select'>, orderId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).for('update');
  return row ?? null;
}

/** The provider's checkout session, once opened: remembered so a retry answers with the same page. */
export async function attachProviderSession(db: Executor, orderId: string, session: { id: string; url: string }): Promise<void> {
  await attachProviderSessionStatement(db, { orderId, sessionId: session.id, url: session.url });
}
/** Built once (decision 144): every checkout runs it. */
const attachProviderSessionStatement = builtOnce(
  ['orderId', 'sessionId', 'url'],
  (p) => sql`update ${paymentSessions} set provider_session_id = ${p.sessionId}, payment_url = ${p.url}, updated_at = now() where order_id = ${p.orderId}::uuid`,
);

/** The order a provider event is about: our own id first (client_reference_id / metadata), then the provider's ids. */
export async function orderIdForEvent(db: Pick<Db, 'select'>, event: Exclude<PaymentEvent, { kind: 'ignored' }>): Promise<string | null> {
  const conditions = [
    event.orderId && UUID.test(event.orderId) ? eq(paymentSessions.orderId, event.orderId) : null,
    event.sessionId ? eq(paymentSessions.providerSessionId, event.sessionId) : null,
    'paymentId' in event && event.paymentId ? eq(paymentSessions.providerPaymentId, event.paymentId) : null,
  ];
  for (const cond of conditions) {
    if (!cond) continue;
    const [row] = await db.select({ id: paymentSessions.orderId }).from(paymentSessions).where(cond).limit(1);
    if (row) return row.id;
  }
  return null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment's history, oldest first. */
export async function paymentHistory(db: Pick<Db, 'select'>, orderId: string): Promise<PaymentTransitionRow[]> {
  return db.select().from(paymentTransitions).where(eq(paymentTransitions.orderId, orderId)).orderBy(asc(paymentTransitions.createdAt), asc(paymentTransitions.id));
}

/**
 * Payments the reconciliation asks the provider about: not known to be paid, with a provider session, unchanged for
 * `idleSeconds` (a shopper still on the payment page is left alone), still watched (see watch_until), least recently
 * looked at first.
 */
export async function unsettledPayments(db: Pick<Db, 'select'>, idleSeconds: number, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(paymentSessions)
    .where(
      and(
        inArray(paymentSessions.status, ['unpaid', 'failed']),
        sql`${paymentSessions.providerSessionId} is not null`,
        lt(paymentSessions.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        sql`${paymentSessions.watchUntil} > now()`,
      ),
    )
    .orderBy(asc(paymentSessions.updatedAt))
    .limit(limit);
}

/**
 * Payments whose page never opened (the checkout failed, or its process died, before the provider answered) and
 * that nobody tried again for `olderThanSeconds`: their orders are abandoned. Not a zero total (paid at once).
 */
export async function paymentsNeverOpened(db: Pick<Db, 'select'>, olderThanSeconds: number, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.status, 'unpaid'),
        sql`${paymentSessions.providerSessionId} is null and ${paymentSessions.provider} <> 'none'`,
        lt(paymentSessions.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        sql`${paymentSessions.watchUntil} > now()`,
      ),
    )
    .orderBy(asc(paymentSessions.updatedAt))
    .limit(limit);
}

/** The provider closed the payment's page: it can no longer be paid, and the reconciliation stops asking. */
export async function stopWatching(db: Pick<Db, 'update'>, orderId: string): Promise<void> {
  await db.update(paymentSessions).set({ watchUntil: sql`now()` }).where(eq(paymentSessions.orderId, orderId));
}

/** Marks a payment as looked at by the reconciliation (it goes to the back of the queue). */
export async function touchPayment(db: Pick<Db, 'update'>, orderId: string): Promise<void> {
  await db.update(paymentSessions).set({ updatedAt: sql`now()` }).where(eq(paymentSessions.orderId, orderId));
}

/** Payments the reconciliation found paid at the provider, newest first (the admin dashboard lists them). */
export async function reconciledPayments(db: Pick<Db, 'select'>, sinceDays: number, limit: number): Promise<PaymentTransitionRow[]> {
  return db
    .select()
    .from(paymentTransitions)
    .where(and(eq(paymentTransitions.actor, 'reconciliation'), sql`${paymentTransitions.createdAt} >= now() - make_interval(days => ${sinceDays})`))
    .orderBy(desc(paymentTransitions.createdAt))
    .limit(limit);
}

// ---------- charges ----------

/**
 * A charge taken (the checkout's payment, or an offer's): recorded once by its provider id, and added to what the
 * order has been charged. Returns false when it was recorded already (a replayed event).
 */
export async function recordCharge(tx: Pick<Db, 'insert' | 'execute'>, c: { orderId: string; kind: 'checkout' | 'offer'; providerPaymentId: string; amount: number }): Promise<boolean> {
  if (c.amount <= 0) return false;
  // One statement: the charge, and what the order has been charged, together.
  const charged = tx
    .insert(orderPayments)
    .values({ orderId: c.orderId, kind: c.kind, providerPaymentId: c.providerPaymentId, amount: c.amount })
    .onConflictDoNothing({ target: orderPayments.providerPaymentId })
    .returning({ amount: orderPayments.amount });
  const result = (await tx.execute(sql`
    with charged as (${charged.getSQL()})
    update ${paymentSessions} set captured_total = captured_total + charged.amount, updated_at = now()
    from charged where ${paymentSessions.orderId} = ${c.orderId}
    returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Every charge of the order, oldest first. */
export async function chargesOf(db: Pick<Db, 'select'>, orderId: string): Promise<ChargeRow[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.createdAt), asc(orderPayments.id));
}

// ---------- refunds ----------

export async function refundsOf(db: Pick<Db, 'select'>, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export interface RefundPiece {
  charge: ChargeRow;
  amount: number;
}

/**
 * Spreads an amount over the charges, newest first (an offer's charge before the checkout's), never more than
 * what is left of each — counting refunds still waiting for the provider as taken.
 */
export function planRefund(charges: ChargeRow[], pending: RefundRow[], amount: number): RefundPiece[] {
  const waiting = new Map<string, number>();
  for (const r of pending) if (r.orderPaymentId) waiting.set(r.orderPaymentId, (waiting.get(r.orderPaymentId) ?? 0) + r.amount);
  const pieces: RefundPiece[] = [];
  let left = amount;
  for (const charge of [...charges].reverse()) {
    if (left <= 0) break;
    const piece = Math.min(left, charge.amount - charge.refundedAmount - (waiting.get(charge.id) ?? 0));
    if (piece <= 0) continue;
    pieces.push({ charge, amount: piece });
    left -= piece;
  }
  return pieces;
}

/** The refund's rows, written before the provider is asked: pending, each with the idempotency key it will carry. */
export async function insertRefunds(
  tx: Pick<Db, 'insert'>,
  orderId: string,
  pieces: RefundPiece[],
  r: { reason: string; requestKey: string; actorUserId: string | null },
): Promise<RefundRow[]> {
  if (!pieces.length) return [];
  return tx
    .insert(refunds)
    .values(
      pieces.map((p, i) => ({
        orderId,
        orderPaymentId: p.charge.id,
        amount: p.amount,
        reason: r.reason,
        status: 'pending' as const,
        idempotencyKey: `refund-${r.requestKey}-${i}`,
        requestKey: r.requestKey,
        actorUserId: r.actorUserId,
      })),
    )
    .returning();
}

export async function findRefund(db: Pick<Db, 'select'>, refundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

/** Locks a pending refund (the route and its backstop job may finish it at once): null when it is settled already. */
export async function lockPendingRefund(tx: Pick<Db, 'select'>, refundId: string): Promise<RefundRow | null> {
  const [row] = await tx.select().from(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'))).for('update');
  return row ?? null;
}

/** The provider returned the money: the refund, its charge and the order's refunded total say so. */
export async function settleRefund(tx: Tx, refund: RefundRow, providerRefundId: string): Promise<void> {
  await tx.update(refunds).set({ status: 'succeeded', providerRefundId, failureMessage: null }).where(eq(refunds.id, refund.id));
  if (refund.orderPaymentId) {
    await tx
      .update(orderPayments)
      .set({ refundedAmount: sql`least(${orderPayments.amount}, ${orderPayments.refundedAmount} + ${refund.amount})` })
      .where(eq(orderPayments.id, refund.orderPaymentId));
  }
  await tx
    .update(paymentSessions)
    .set({ refundedTotal: sql`least(${paymentSessions.capturedTotal}, ${paymentSessions.refundedTotal} + ${refund.amount})`, updatedAt: sql`now()` })
    .where(eq(paymentSessions.orderId, refund.orderId));
}

/** The provider refused it: nothing was returned. */
export async function failRefund(db: Pick<Db, 'update'>, refundIds: string[], message: string): Promise<void> {
  if (!refundIds.length) return;
  await db.update(refunds).set({ status: 'failed', failureMessage: message }).where(and(inArray(refunds.id, refundIds), eq(refunds.status, 'pending')));
}

/** Refunds still waiting for the provider's answer after `olderThanSeconds` (the job finishes them). */
export async function staleRefunds(db: Pick<Db, 'select'>, olderThanSeconds: number, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

// ---------- the provider's webhook events ----------

/** Stores a verified event by the provider's id; false when it was stored before (a duplicate delivery). */
export async function storeEvent(db: Pick<Db, 'insert'>, provider: string, event: PaymentEvent, payload: unknown): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ id: event.id, provider, type: event.type, orderId: event.orderId && UUID.test(event.orderId) ? event.orderId : null, payload })
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Locks a stored event for processing; null when it was processed already (duplicates queue on this lock). */
export async function claimEvent(tx: Pick<Db, 'select'>, eventId: string) {
  const [row] = await tx.select().from(paymentEvents).where(eq(paymentEvents.id, eventId)).for('update');
  return row && !row.processedAt ? row : null;
}

export async function markEventProcessed(tx: Pick<Db, 'update'>, eventId: string, orderId: string | null): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ processedAt: sql`now()`, attempts: sql`${paymentEvents.attempts} + 1`, lastError: null, ...(orderId ? { orderId } : {}) })
    .where(eq(paymentEvents.id, eventId));
}

export async function markEventDeferred(db: Pick<Db, 'update'>, eventId: string, error: string): Promise<void> {
  await db.update(paymentEvents).set({ attempts: sql`${paymentEvents.attempts} + 1`, lastError: error }).where(eq(paymentEvents.id, eventId));
}

/** Stored events that found no order when they arrived, oldest first; each is tried at most 50 times. */
export async function deferredEvents(db: Pick<Db, 'select'>, limit: number) {
  return db
    .select()
    .from(paymentEvents)
    .where(and(isNull(paymentEvents.processedAt), lt(paymentEvents.attempts, 50)))
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(limit);
}

/** An erased customer's unpaid orders: their payment pages are forgotten (the provider is told separately). */
export async function forgetPaymentPages(tx: Pick<Db, 'update'>, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  await tx.update(paymentSessions).set({ paymentUrl: null, updatedAt: sql`now()` }).where(inArray(paymentSessions.orderId, orderIds));
}
