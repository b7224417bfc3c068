import type { OrderStatus } from '@/contract/shop';
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminOrder, adminOrderListSchema, adminOrdersQuerySchema } from '@/contract/shop';
import { PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import { TestCardProcessor } from '@/server/adapters/payments/test-processor';
import { orderPayments, orders, refunds } from '@/server/db/schema/index';
import { conflict, HttpError, notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit/audit.service';
import { canTransition, lockOrder, transition } from './order-status';
import { findOrder, ITEMS_SQL, orderView, sendConfirmation, sendRefunded, type OrderRow, type ShopContext } from './orders.service';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export async function listOrders(ctx: ShopContext, q: z.output<typeof adminOrdersQuerySchema>): Promise<z.infer<typeof adminOrderListSchema>> {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(or(ilike(orders.number, like), ilike(orders.email, like), sql`${orders.shippingAddress}->>'name' ilike ${like}`)!);
  }
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.from) conds.push(gte(orders.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conds.push(lt(orders.createdAt, sql`${q.to}::date + 1`));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        o: orders,
        items: ITEMS_SQL,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((q.page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    orders: rows.map(({ o, items }) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      email: o.email,
      currency: o.currency,
      total: o.total,
      refunded_total: o.refundedTotal,
      item_count: Number(items),
      customer_name: o.shippingAddress?.name ?? null,
      created_at: o.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    page_size: ADMIN_ORDERS_PAGE_SIZE,
  };
}

const REFUNDABLE: readonly string[] = ['paid', 'in_production', 'shipped', 'delivered', 'partially_refunded'];
const CANCELLABLE: readonly string[] = ['pending_payment', 'payment_failed'];

export async function adminOrderView(ctx: ShopContext, orderId: string): Promise<AdminOrder> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
  return adminView(ctx, order);
}

async function adminView(ctx: ShopContext, order: OrderRow): Promise<AdminOrder> {
  const [view, payments] = await Promise.all([
    orderView(ctx.db, order, ctx.payments.testMode, ctx.secret, 'admin'),
    ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(asc(orderPayments.createdAt), asc(orderPayments.id)),
  ]);
  // Paid, not shipped, with something to print. An order paid before printing was connected has fulfilment
  // "none": an admin sends it (or marks it shipped) by hand (docs/decisions/083).
  const printable = PRINTABLE.includes(order.status) && !order.shippedAt && view.lines.some((l) => l.requires_shipping);
  return {
    ...view,
    user_id: order.userId,
    channel: order.channel,
    payments: payments.map((p) => ({
      kind: p.kind,
      provider_payment_id: p.providerPaymentId,
      amount: p.amount,
      refunded_amount: p.refundedAmount,
      at: p.createdAt.toISOString(),
    })),
    provider_session_id: order.providerSessionId,
    provider_payment_id: order.providerPaymentId,
    refundable: REFUNDABLE.includes(order.status) && payments.length ? order.total - order.refundedTotal : 0,
    can_cancel: CANCELLABLE.includes(order.status),
    fulfilment: {
      status: order.fulfilmentStatus,
      provider: order.fulfilmentProvider,
      id: order.fulfilmentId,
      error: order.fulfilmentError,
      submitted_at: order.fulfilmentSubmittedAt?.toISOString() ?? null,
      can_resubmit: printable,
      can_mark_shipped: printable,
      can_advance: printable && order.fulfilmentProvider === 'local' && order.fulfilmentId !== null,
    },
  };
}

/** Paid and not shipped: what may still be sent to (or marked shipped by) the printer. */
const PRINTABLE: readonly OrderStatus[] = ['paid', 'partially_refunded', 'in_production'];

/**
 * Refunds part or all of what is left, through the provider, then records it (docs/decisions/075). An order may
 * have been charged more than once (the funnel's offers, docs/decisions/099): the amount is spread over its
 * payments, newest first, each refunded through its own payment. Each provider call carries an idempotency key made
 * of the payment, what was refunded of it before and the amount, so a double click refunds once; the refund id is
 * unique, so it is recorded once. A payment the provider refuses stops the spread: what was refunded before it stays
 * recorded, and the answer says how much.
 */
export async function refundOrder(ctx: ShopContext, actor: Actor, orderId: string, body: { amount?: number | undefined; reason: string }): Promise<AdminOrder> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
  const payments = await ctx.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(desc(orderPayments.createdAt), desc(orderPayments.id));
  if (!REFUNDABLE.includes(order.status) || !payments.length) {
    throw conflict(`An order that is ${order.status.replace(/_/g, ' ')} has no payment to refund.`, 'status', 'NOT_REFUNDABLE');
  }
  const left = order.total - order.refundedTotal;
  const amount = body.amount ?? left;
  if (amount > left) throw new HttpError(400, 'VALIDATION_ERROR', `At most ${left} can still be refunded.`, 'amount');
  let toRefund = amount;
  let refunded = 0;
  for (const payment of payments) {
    if (toRefund <= 0) break;
    const piece = Math.min(toRefund, payment.amount - payment.refundedAmount);
    if (piece <= 0) continue;
    let refund;
    try {
      refund = await ctx.payments.refund({
        paymentId: payment.providerPaymentId,
        amount: piece,
        idempotencyKey: `refund-${order.id}-${payment.providerPaymentId}-${payment.refundedAmount}-${piece}`,
        reason: body.reason,
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      if (refunded > 0) await mailRefund(ctx, order.id, refunded);
      const done = refunded ? ` ${refunded} of the ${amount} was refunded before it stopped.` : '';
      throw new HttpError(502, 'REFUND_FAILED', `The payment provider refused the refund: ${err.message}${done}`);
    }
    if (await recordRefund(ctx, actor, order.id, payment.id, refund, body.reason)) refunded += refund.amount;
    toRefund -= piece;
  }
  if (refunded > 0) await mailRefund(ctx, order.id, refunded);
  return adminOrderView(ctx, order.id);
}

async function mailRefund(ctx: ShopContext, orderId: string, amount: number): Promise<void> {
  await sendRefunded(ctx, orderId, amount).catch((err: unknown) => ctx.log.error({ err, orderId }, 'refund mail failed'));
}

/** One provider refund of one payment, recorded with the order's new status and its audit row; false when already recorded. */
async function recordRefund(
  ctx: ShopContext,
  actor: Actor,
  orderId: string,
  paymentRowId: string,
  refund: { id: string; amount: number },
  reason: string,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
    const inserted = await tx
      .insert(refunds)
      .values({ orderId, amount: refund.amount, reason, providerRefundId: refund.id, actorUserId: actor.userId })
      .onConflictDoNothing({ target: refunds.providerRefundId })
      .returning({ id: refunds.id });
    if (!inserted.length) return false; // the same refund, already recorded
    await tx
      .update(orderPayments)
      .set({ refundedAmount: sql`least(${orderPayments.amount}, ${orderPayments.refundedAmount} + ${refund.amount})` })
      .where(eq(orderPayments.id, paymentRowId));
    const refundedTotal = current.refundedTotal + refund.amount;
    const to = refundedTotal >= current.total ? 'refunded' : 'partially_refunded';
    await audited(
      tx,
      actor,
      { action: 'order.refunded', entityType: 'order', entityId: orderId, before: { status: current.status, refunded_total: current.refundedTotal }, after: { status: to, refunded_total: refundedTotal, amount: refund.amount, provider_refund_id: refund.id } },
      () =>
        transition(tx, {
          orderId,
          from: current.status,
          to,
          actor: 'admin',
          actorUserId: actor.userId,
          reason: reason ? `Refunded ${refund.amount}: ${reason}` : `Refunded ${refund.amount}`,
          set: { refundedTotal },
        }),
    );
    return true;
  });
}

/** Cancels an order that was never paid; its payment page stops taking cards. */
export async function cancelOrder(ctx: ShopContext, actor: Actor, orderId: string, reason: string): Promise<AdminOrder> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockOrder(tx, orderId);
    if (!current) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
    if (!canTransition(current.status, 'cancelled')) {
      throw conflict(
        current.status === 'cancelled' ? 'This order is already cancelled.' : 'A paid order is not cancelled but refunded: use Refund.',
        'status',
        'ILLEGAL_TRANSITION',
      );
    }
    await audited(
      tx,
      actor,
      { action: 'order.cancelled', entityType: 'order', entityId: orderId, before: { status: current.status }, after: { status: 'cancelled', reason } },
      () => transition(tx, { orderId, from: current.status, to: 'cancelled', actor: 'admin', actorUserId: actor.userId, reason: reason || 'Cancelled by an admin' }),
    );
  });
  if (ctx.payments instanceof TestCardProcessor) await ctx.payments.expire(orderId);
  return adminOrderView(ctx, orderId);
}

export async function resendConfirmation(ctx: ShopContext, actor: Actor, orderId: string): Promise<AdminOrder> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
  if (!order.paidAt) throw conflict('Only a paid order has a confirmation to resend.', 'status', 'NOT_PAID');
  await sendConfirmation(ctx, orderId, { resent: true });
  await audited(ctx.db, actor, { action: 'order.confirmation_resent', entityType: 'order', entityId: orderId, before: null, after: { to: order.email } }, async () => undefined);
  return adminView(ctx, order);
}
