import { and, count, desc, getViewSelectedFields, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { describeOrder } from '@/contract/order-status';
import type { AdminOrder, adminOrderListSchema, adminOrdersQuerySchema } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { orderOverview } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { externalIdOf } from '../fulfilment';
import { chargesOf, refundsOf } from '../payments';
import { displayStatusCondition } from './order-filters';
import { isPaidFor, ITEMS_SQL, orderParts, orderView, overviewStates } from './order-view';
import { findOrder, type OrderRow } from './orders.service';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** /admin/orders: newest first; search by number, email or name; filter by what the order reads as and by date. */
export async function listOrders(db: Db, q: z.output<typeof adminOrdersQuerySchema>): Promise<z.infer<typeof adminOrderListSchema>> {
  const conds: SQL[] = [];
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(or(ilike(orderOverview.number, like), ilike(orderOverview.email, like), sql`${orderOverview.shippingAddress}->>'name' ilike ${like}`)!);
  }
  if (q.status) conds.push(displayStatusCondition(q.status));
  if (q.from) conds.push(gte(orderOverview.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) conds.push(lt(orderOverview.createdAt, sql`${q.to}::date + 1`));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getViewSelectedFields(orderOverview), items: ITEMS_SQL })
      .from(orderOverview)
      .where(where)
      .orderBy(desc(orderOverview.createdAt), desc(orderOverview.id))
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((q.page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orderOverview).where(where),
  ]);
  return {
    orders: rows.map(({ items, ...o }) => {
      const states = overviewStates(o);
      const d = describeOrder(states, 'admin');
      return {
        id: o.id,
        number: o.number,
        status: d.status,
        status_label: d.label,
        states,
        email: o.email,
        currency: o.currency,
        total: o.total,
        refunded_total: o.refundedTotal,
        item_count: Number(items),
        customer_name: o.shippingAddress?.name ?? null,
        created_at: o.createdAt.toISOString(),
      };
    }),
    total: Number(total?.n ?? 0),
    page: q.page,
    page_size: ADMIN_ORDERS_PAGE_SIZE,
  };
}

/** The order an admin route names, or the 404 every admin order route answers when there is none. */
export async function orderOr404(db: Pick<Db, 'select'>, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound('No order with that id.', 'ORDER_NOT_FOUND');
  return order;
}

/** An order as an admin sees it: the customer's view, its charges, what may be refunded, and its printing. */
export async function adminOrderView(
  db: Db,
  orderId: string,
  opts: {
    testMode: boolean;
    secret: string;
    /** A printer inside the shop (the built-in print shop) says whether "next step" can move this order now. */
    canAdvance?: ((externalId: string) => Promise<boolean>) | undefined;
  },
): Promise<AdminOrder> {
  const order = await orderOr404(db, orderId);
  const parts = await orderParts(db, order);
  const [view, charges, refunds] = await Promise.all([
    orderView(db, parts, { testMode: opts.testMode, secret: opts.secret, audience: 'admin' }),
    chargesOf(db, order.id),
    refundsOf(db, order.id),
  ]);
  const { payment, fulfilments, states } = parts;
  const pending = refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
  const first = fulfilments.find((f) => f.part === 1) ?? null;
  // Paid, not shipped, with something to print: an admin may send it (again) or mark it shipped by hand.
  const printable = isPaidFor(payment) && !fulfilments.some((f) => f.shippedAt) && view.lines.some((l) => l.requires_shipping) && order.status === 'open';
  return {
    ...view,
    user_id: order.userId,
    channel: order.channel,
    payments: charges.map((p) => ({ kind: p.kind, provider_payment_id: p.providerPaymentId, amount: p.amount, refunded_amount: p.refundedAmount, at: p.createdAt.toISOString() })),
    provider_session_id: payment?.providerSessionId ?? null,
    provider_payment_id: payment?.providerPaymentId ?? null,
    refundable: payment && (states.payment === 'paid' || states.payment === 'partially_refunded') ? Math.max(0, payment.capturedTotal - payment.refundedTotal - pending) : 0,
    refunds_pending: pending,
    can_cancel: order.status === 'pending',
    fulfilment: {
      status: states.fulfilment,
      provider: first?.provider ?? null,
      id: first?.providerOrderId ?? null,
      error: first?.error ?? null,
      submitted_at: first?.submittedAt?.toISOString() ?? null,
      can_resubmit: printable && (!first || first.status === 'pending' || first.status === 'problem'),
      can_mark_shipped: printable,
      can_advance: printable && first?.providerOrderId != null && first.provider === 'local' && opts.canAdvance !== undefined && (await opts.canAdvance(externalIdOf(order.id))),
    },
  };
}
