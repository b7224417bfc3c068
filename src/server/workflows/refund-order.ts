import { createHash } from 'node:crypto';
import { PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import type { Db } from '@/server/db/client';
import { conflict, HttpError, notFound } from '@/server/lib/http-errors';
import { workflow } from '@/server/lib/workflow';
import { audited, type Actor } from '@/server/modules/audit';
import { cancelWaitingFulfilments, fulfilmentsOf } from '@/server/modules/fulfilment';
import { lockOrder, moveOrder, orderMailJob } from '@/server/modules/orders';
import {
  chargesOf,
  failRefund,
  finishRefundJob,
  findRefund,
  insertRefunds,
  lockPayment,
  lockPendingRefund,
  movePayment,
  planRefund,
  refundsOf,
  settleRefund,
  type RefundRow,
} from '@/server/modules/payments';
import { formatMoney } from '@/server/modules/store';
import type { ShopDeps } from './deps';

/** The backstop finishes a refund the provider has not answered for this long. */
const BACKSTOP_SECONDS = 60;
/** The same admin asking the same refund again within this time is the first request again (a double click, a retry). */
const DOUBLE_CLICK_SECONDS = 60;

/**
 * The admin's latest refund request of this order when this one repeats it: made by the same admin within
 * DOUBLE_CLICK_SECONDS, for the same reason and (when an amount is given) the same amount; its pieces, or null.
 */
function sameRequestJustMade(refunds: RefundRow[], input: { actor: Actor; amount: number | undefined; reason: string }, now: number): RefundRow[] | null {
  const live = refunds.filter((r) => r.status !== 'failed' && r.requestKey);
  const last = live.reduce<RefundRow | null>((a, r) => (!a || r.createdAt > a.createdAt ? r : a), null);
  if (!last || last.actorUserId !== (input.actor.userId ?? null) || last.reason !== input.reason) return null;
  if (now - last.createdAt.getTime() > DOUBLE_CLICK_SECONDS * 1000) return null;
  const pieces = live.filter((r) => r.requestKey === last.requestKey);
  if (input.amount !== undefined && pieces.reduce((s, r) => s + r.amount, 0) !== input.amount) return null;
  return pieces;
}

/**
 * refundOrder (payments; docs/decisions/075, 108, docs/order-pipeline.md): an admin returns all or part of what is
 * left. An order may have been charged more than once (the funnel's offers): the amount is spread over its charges,
 * newest first, each refunded through its own charge.
 *  1. plan it, in one transaction with the admin's audit row: the refund rows are written pending, each with the
 *     idempotency key its provider call will carry, and a backstop job each (no undo: a piece written down and not
 *     answered is finished by its job — a provider that did not answer may have refunded it);
 *  2. ask the provider, piece by piece; each answer is recorded in its own transaction with the payment's new status
 *     and the refund mail — so a crash between the provider's answer and our record is finished by the job (the
 *     same key gets the same refund), never lost or doubled. A piece the provider refuses stops the spread: what was
 *     refunded before it stays recorded, and the answer says how much; a provider that does not answer leaves the
 *     rest to the jobs (502 REFUND_PENDING).
 * The same request sent twice (a double click) finds its own rows and refunds once.
 */
export const refundOrder = workflow<{ orderId: string; actor: Actor; amount: number | undefined; reason: string }, ShopDeps>('refundOrder')
  .step(
    'plan the refund and write it down, pending',
    async ({ deps, input }) =>
      deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.orderId);
        if (!order) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
        const payment = await lockPayment(tx, input.orderId);
        if (!payment || (payment.status !== 'paid' && payment.status !== 'partially_refunded')) {
          const what = payment?.status === 'refunded' ? 'refunded in full already' : 'not paid';
          throw conflict(`This order is ${what}: there is no payment to refund.`, 'status', 'NOT_REFUNDABLE');
        }
        const [charges, refunds] = await Promise.all([chargesOf(tx, order.id), refundsOf(tx, order.id)]);
        const pending = refunds.filter((r) => r.status === 'pending');
        const left = payment.capturedTotal - payment.refundedTotal - pending.reduce((s, r) => s + r.amount, 0);
        const amount = input.amount ?? left;
        // The same request again (a double click): its rows are there already — still pending (same key), or
        // already refunded by the first click, which moved the refunded total and so the key: then it is the same
        // admin's latest request, as much, for the same reason, within DOUBLE_CLICK_SECONDS.
        const requestKey = createHash('sha256').update(`${order.id}:${payment.refundedTotal}:${amount}`).digest('base64url').slice(0, 24);
        const again = refunds.filter((r) => r.requestKey === requestKey && r.status !== 'failed');
        if (again.length) return { pieces: again, currency: payment.currency };
        const latest = sameRequestJustMade(refunds, input, Date.now());
        if (latest) return { pieces: latest, currency: payment.currency };
        if (left <= 0) throw conflict('Everything charged for this order has been refunded or is being refunded.', 'amount', 'NOT_REFUNDABLE');
        if (amount > left) throw new HttpError(400, 'VALIDATION_ERROR', `At most ${formatMoney(left, order.currency)} can still be refunded.`, 'amount');
        const rows = await insertRefunds(tx, order.id, planRefund(charges, pending, amount), { reason: input.reason, requestKey, actorUserId: input.actor.userId });
        for (const r of rows) await deps.jobs.send(finishRefundJob, { refundId: r.id }, { tx, startAfterSeconds: BACKSTOP_SECONDS, singletonKey: r.id });
        await audited(
          tx,
          input.actor,
          {
            action: 'order.refunded',
            entityType: 'order',
            entityId: order.id,
            before: { payment: payment.status, refunded_total: payment.refundedTotal },
            after: { amount, reason: input.reason, pieces: rows.map((r) => ({ charge: r.orderPaymentId, amount: r.amount })) },
          },
          async () => undefined,
        );
        return { pieces: rows, currency: payment.currency };
      }),
    // No undo: a piece written down and not yet answered is finished by its backstop job, whatever stopped us.
  )
  .step('refund each piece at the provider and record it', async ({ deps, input, pieces, currency }) => {
    let refunded = 0;
    for (const [i, piece] of pieces.entries()) {
      if (piece.status !== 'pending') continue;
      try {
        if (await finishRefund(deps, piece, input.actor)) refunded += piece.amount;
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        const done = refunded ? ` ${formatMoney(refunded, currency)} was refunded before it stopped.` : '';
        const rest = pieces.slice(i).filter((p) => p.status === 'pending');
        if (err.retryable) {
          // Not answered (down, or busy): every piece left stays written down, and its job asks again in a minute.
          const waiting = formatMoney(rest.reduce((s, p) => s + p.amount, 0), currency);
          throw new HttpError(502, 'REFUND_PENDING', `The payment provider did not answer: ${err.message} The refund of ${waiting} is kept and will be tried again within a minute.${done}`);
        }
        // Refused: this piece failed (finishRefund marked it), and the ones after it are not sent.
        await failRefund(deps.db, rest.slice(1).map((p) => p.id), 'Not sent: the provider refused an earlier piece.');
        throw new HttpError(502, 'REFUND_FAILED', `The payment provider refused the refund: ${err.message}${done}`);
      }
    }
  })
  .returns(() => undefined);

/**
 * One pending refund: asked of the provider with its own idempotency key (the same refund however often it is
 * asked), then recorded — the refund, its charge, the payment's status, the mail — in one transaction. A refusal
 * marks it failed and is thrown. Returns false when it was settled already (the backstop job got there first).
 */
export async function finishRefund(deps: Pick<ShopDeps, 'db' | 'payments' | 'jobs' | 'log'>, refund: RefundRow, actor: Pick<Actor, 'userId'> | null): Promise<boolean> {
  const charge = refund.orderPaymentId ? (await chargesOf(deps.db, refund.orderId)).find((c) => c.id === refund.orderPaymentId) : undefined;
  if (!charge) {
    await failRefund(deps.db, [refund.id], 'The charge it was to come from is gone.');
    return false;
  }
  let result;
  try {
    result = await deps.payments.refund({ paymentId: charge.providerPaymentId, amount: refund.amount, idempotencyKey: refund.idempotencyKey!, reason: refund.reason });
  } catch (err) {
    if (err instanceof PaymentProviderError && !err.retryable) await failRefund(deps.db, [refund.id], err.message);
    throw err;
  }
  return deps.db.transaction(async (tx) => {
    // The order first, then the refund and the payment: the order every workflow locks in.
    await lockOrder(tx, refund.orderId);
    const pending = await lockPendingRefund(tx, refund.id);
    if (!pending) return false;
    const payment = await lockPayment(tx, refund.orderId);
    if (!payment) return false;
    await settleRefund(tx, pending, result.id);
    const refundedTotal = payment.refundedTotal + pending.amount;
    const to = refundedTotal >= payment.capturedTotal ? 'refunded' : 'partially_refunded';
    const money = formatMoney(pending.amount, payment.currency);
    await movePayment(tx, {
      orderId: refund.orderId,
      from: payment.status,
      to,
      actor: actor ? 'admin' : 'system',
      actorUserId: actor?.userId ?? null,
      reason: pending.reason ? `Refunded ${money}: ${pending.reason}` : `Refunded ${money}.`,
    });
    // One mail per request, once its pieces are in (a short wait gathers a spread over several charges).
    await deps.jobs.send(orderMailJob, { orderId: refund.orderId, kind: 'refunded', refundRequest: pending.requestKey ?? pending.id }, { tx, singletonKey: `refund-mail:${pending.requestKey ?? pending.id}`, startAfterSeconds: 2 });
    if (to === 'refunded') await nothingLeftToDo(tx, refund.orderId, actor);
    return true;
  });
}

/** Refunded in full: what was not yet at the printer is not printed, and an order with nothing on its way is complete. */
async function nothingLeftToDo(tx: Db, orderId: string, actor: Pick<Actor, 'userId'> | null) {
  await cancelWaitingFulfilments(tx, orderId, actor ? 'admin' : 'system', actor?.userId ?? null, 'Refunded in full before it reached the printer.');
  const order = await lockOrder(tx, orderId);
  const moving = (await fulfilmentsOf(tx, orderId)).some((f) => f.status === 'submitted' || f.status === 'in_production');
  if (order?.status === 'open' && !moving) {
    await moveOrder(tx, { orderId, from: 'open', to: 'completed', actor: actor ? 'admin' : 'system', actorUserId: actor?.userId ?? null, reason: 'Refunded in full: nothing left to do.' });
  }
}

/** The backstop job: a refund still pending a minute later (a crash, a timeout) is asked again and recorded. */
export async function finishStaleRefund(deps: ShopDeps, refundId: string): Promise<void> {
  const refund = await findRefund(deps.db, refundId);
  if (!refund || refund.status !== 'pending') return;
  await finishRefund(deps, refund, null);
}
