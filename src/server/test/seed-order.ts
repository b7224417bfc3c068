import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LifecycleStatus, PaymentStatus } from '@/contract/order-status';
import type { Db } from '@/server/db/client';
import type { FulfilmentStatusValue } from '@/server/db/schema/fulfilment';
import { fulfilments, fulfilmentTransitions, orderEvents, orderLines, orderPayments, orders, paymentSessions, paymentTransitions, refunds } from '@/server/db/schema/index';
import type { PaymentProviderName } from '@/server/db/schema/payments';

/*
 * Test data only, in the tests' own folder (src/server/test, exempt from local/module-boundaries like the tests
 * themselves): an order written straight into its owners' tables, for states the API cannot make. Shop code writes
 * these tables only through their owners' modules.
 */

/** An order written straight into its owners' tables (see seedOrder). */
export interface SeedOrder {
  id?: string;
  email?: string;
  currency?: string;
  /** Minor units; also what the payment asked for and, once paid, what was charged. */
  total?: number;
  /** The lifecycle; left out, it follows from the payment and the fulfilment as the workflows would leave it. */
  lifecycle?: LifecycleStatus;
  createdAt?: Date;
  /** Left out: unpaid. */
  payment?: {
    status: PaymentStatus;
    provider?: PaymentProviderName;
    /** When it was paid (a paid status): createdAt unless told. */
    paidAt?: Date;
    /** Minor units refunded (partially_refunded, refunded: all of it unless told). */
    refunded?: number;
    failureMessage?: string;
    /** Its last change: paidAt (or createdAt) unless told. */
    updatedAt?: Date;
    providerSessionId?: string;
    /** Who recorded the payment in its history ('reconciliation': found at the provider without its event). */
    actor?: 'provider' | 'reconciliation';
  };
  /** The hand-off to the printer of its printed line; left out, the order is a PDF with nothing to print. */
  fulfilment?: { status: FulfilmentStatusValue; error?: string; updatedAt?: Date };
}

/**
 * An order in a given state on given days, for tests of reports and lists that need what the API cannot make (an
 * order paid 45 days ago). Written consistently into every owner's tables — the order with its line and history,
 * its payment with its charge, refund and history, its hand-off to the printer with its history — in one
 * transaction. Prefer placing and paying orders through the API wherever the test allows it.
 */
export async function seedOrder(db: Db, s: SeedOrder = {}): Promise<{ id: string; number: string }> {
  const id = s.id ?? randomUUID();
  const total = s.total ?? 1000;
  const currency = s.currency ?? 'USD';
  const createdAt = s.createdAt ?? s.payment?.paidAt ?? new Date();
  const p = s.payment ?? { status: 'unpaid' as const };
  const paid = p.status === 'paid' || p.status === 'partially_refunded' || p.status === 'refunded';
  const paidAt = paid ? (p.paidAt ?? createdAt) : null;
  const paymentUpdatedAt = p.updatedAt ?? paidAt ?? createdAt;
  const refunded = p.status === 'refunded' ? (p.refunded ?? total) : p.status === 'partially_refunded' ? (p.refunded ?? Math.floor(total / 2)) : 0;
  const f = s.fulfilment;
  const fulfilmentAt = f?.updatedAt ?? paidAt ?? createdAt;
  const lifecycle: LifecycleStatus =
    s.lifecycle ??
    (!paid ? 'pending' : p.status === 'refunded' || !f || f.status === 'shipped' || f.status === 'delivered' || f.status === 'cancelled' ? 'completed' : 'open');
  const lifecycleAt = lifecycle === 'completed' ? (f ? fulfilmentAt : paymentUpdatedAt) : lifecycle === 'open' ? paidAt! : paymentUpdatedAt;
  const paymentId = paid ? `pi_seed_${id.replace(/-/g, '').slice(0, 24)}` : null;

  return db.transaction(async (tx) => {
    const seq = await tx.execute(sql`select nextval('order_number_seq')::text as n`);
    const number = `ORD-${(seq as unknown as { rows: { n: string }[] }).rows[0]!.n}`;
    await tx.insert(orders).values({
      id,
      number,
      email: s.email ?? `${number.toLowerCase()}@example.test`,
      status: lifecycle,
      currency,
      subtotal: total,
      total,
      idempotencyKey: `seed-${id}`,
      requestHash: 'seeded',
      createdAt,
      updatedAt: lifecycle === 'pending' ? createdAt : lifecycleAt,
    });
    await tx.insert(orderLines).values({
      orderId: id,
      position: 0,
      sku: f ? 'PRINT-A4' : 'PDF',
      productName: f ? 'Paper print' : 'Digital PDF',
      variantName: f ? 'A4' : 'PDF',
      unitPrice: total,
      quantity: 1,
      lineTotal: total,
      requiresShipping: Boolean(f),
      design: { awardId: randomUUID(), awardTitle: 'Seeded award', templateId: null, recipientName: 'Dana', shareId: null, certificateNumber: null },
    });
    const orderHistory: (typeof orderEvents.$inferInsert)[] = [{ orderId: id, fromStatus: null, toStatus: 'pending', actor: 'customer', reason: 'Order placed', createdAt }];
    if (paid) orderHistory.push({ orderId: id, fromStatus: 'pending', toStatus: 'open', actor: p.actor ?? 'provider', reason: 'Paid: the order is confirmed.', createdAt: paidAt! });
    if (lifecycle === 'completed') orderHistory.push({ orderId: id, fromStatus: 'open', toStatus: 'completed', actor: 'system', reason: 'Seeded: complete.', createdAt: lifecycleAt });
    else if (lifecycle !== 'pending' && lifecycle !== 'open') orderHistory.push({ orderId: id, fromStatus: 'pending', toStatus: lifecycle, actor: 'system', reason: 'Seeded.', createdAt: lifecycleAt });
    await tx.insert(orderEvents).values(orderHistory);

    await tx.insert(paymentSessions).values({
      orderId: id,
      provider: p.provider ?? 'test',
      status: p.status,
      amount: total,
      currency,
      providerSessionId: p.providerSessionId ?? null,
      providerPaymentId: paymentId,
      failureMessage: p.status === 'failed' ? (p.failureMessage ?? 'Your card was declined.') : null,
      paidAt,
      capturedTotal: paid ? total : 0,
      refundedTotal: refunded,
      createdAt,
      updatedAt: paymentUpdatedAt,
    });
    const paymentHistory: (typeof paymentTransitions.$inferInsert)[] = [];
    if (p.status === 'failed') paymentHistory.push({ orderId: id, fromStatus: 'unpaid', toStatus: 'failed', actor: 'provider', reason: p.failureMessage ?? 'Your card was declined.', createdAt: paymentUpdatedAt });
    if (paid) paymentHistory.push({ orderId: id, fromStatus: 'unpaid', toStatus: 'paid', actor: p.actor ?? 'provider', reason: 'Payment received.', createdAt: paidAt! });
    if (refunded) paymentHistory.push({ orderId: id, fromStatus: 'paid', toStatus: p.status, actor: 'admin', reason: 'Refunded.', createdAt: paymentUpdatedAt });
    if (paymentHistory.length) await tx.insert(paymentTransitions).values(paymentHistory);
    if (paymentId) {
      const [charge] = await tx
        .insert(orderPayments)
        .values({ orderId: id, kind: 'checkout', providerPaymentId: paymentId, amount: total, refundedAmount: refunded, createdAt: paidAt! })
        .returning({ id: orderPayments.id });
      if (refunded) {
        await tx.insert(refunds).values({ orderId: id, orderPaymentId: charge!.id, amount: refunded, status: 'succeeded', providerRefundId: `re_seed_${id.replace(/-/g, '').slice(0, 24)}`, createdAt: paymentUpdatedAt });
      }
    }

    if (f) {
      const [row] = await tx
        .insert(fulfilments)
        .values({ orderId: id, provider: 'local', status: f.status, error: f.error ?? null, createdAt: paidAt ?? createdAt, updatedAt: fulfilmentAt })
        .returning({ id: fulfilments.id });
      const history: (typeof fulfilmentTransitions.$inferInsert)[] = [
        { fulfilmentId: row!.id, orderId: id, fromStatus: null, toStatus: 'pending', actor: 'system', reason: 'Paid: waiting to go to the printer.', createdAt: paidAt ?? createdAt },
      ];
      if (f.status !== 'pending') history.push({ fulfilmentId: row!.id, orderId: id, fromStatus: 'pending', toStatus: f.status, actor: 'system', reason: f.error ?? 'Seeded.', createdAt: fulfilmentAt });
      await tx.insert(fulfilmentTransitions).values(history);
    }
    return { id, number };
  });
}
