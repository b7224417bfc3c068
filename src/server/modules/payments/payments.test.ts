import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, CheckoutResult, Order } from '@/contract/shop';
import { PAYMENT_WEBHOOK_PATH } from '@/server/adapters/payments/payment-provider';
import { orderEvents, orderOverview, paymentEvents, paymentSessions, paymentTransitions } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { seedOrder } from '@/server/test/seed-order';
import { checkoutBody, placeOrder, sendEvent, shopCatalogue, signedEvent } from '../checkout/test-support';
import { canMovePayment, movePayment, reconcileJob } from './index';

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

interface PlacedOrder {
  id: string;
  total: number;
  providerSessionId: string | null;
  placed: CheckoutResult;
  client: TestClient;
}

async function newOrder(): Promise<PlacedOrder> {
  const client = new TestClient(t.app);
  client.ip = `192.0.2.${++n}`;
  const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
  const [row] = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, result!.order_id));
  return { id: result!.order_id, total: row!.amount, providerSessionId: row!.providerSessionId, placed: result!, client };
}

const completed = (order: { id: string; providerSessionId: string | null; total: number }) =>
  signedEvent(t.app, 'checkout.session.completed', {
    id: order.providerSessionId,
    object: 'checkout.session',
    client_reference_id: order.id,
    payment_status: 'paid',
    amount_total: order.total,
    currency: 'usd',
    metadata: { order_id: order.id },
    payment_intent: `pi_test_${order.id.slice(0, 8)}`,
  });
const failed = (orderId: string) =>
  signedEvent(t.app, 'payment_intent.payment_failed', {
    id: `pi_test_${orderId.slice(0, 8)}`,
    object: 'payment_intent',
    metadata: { order_id: orderId },
    last_payment_error: { message: 'Your card was declined.' },
  });
/** The order's lifecycle and its payment's status, as the order_overview view joins them. */
const statesOf = async (id: string) => {
  const [row] = await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, id));
  return { lifecycle: row!.status, payment: row!.paymentStatus };
};
/** What the customer reads (GET /api/orders/:id with the order's link). */
const customerView = async (order: PlacedOrder) => order.client.get(`/api/orders/${order.id}?token=${order.placed.access_token}`);
/** The lifecycle's history and the payment's history, oldest first. */
const lifecycleHistory = async (id: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id))).map((e) => e.toStatus);
const paymentHistory = async (id: string) =>
  (await t.database.db.select().from(paymentTransitions).where(eq(paymentTransitions.orderId, id)).orderBy(asc(paymentTransitions.createdAt), asc(paymentTransitions.id))).map((e) => [
    e.fromStatus,
    e.toStatus,
  ]);

describe('payment webhook', () => {
  it('refuses an unsigned, wrongly signed or tampered event with 400 and stores nothing', async () => {
    const order = await newOrder();
    const e = completed(order);
    const unsigned = await t.app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: e.payload });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.code).toBe('BAD_SIGNATURE');
    const wrongSecret = await sendEvent(t.app, { payload: e.payload, signature: Stripe.webhooks.generateTestHeaderString({ payload: e.payload, secret: 'whsec_someone_else' }) });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error.code).toBe('BAD_SIGNATURE');
    const tampered = await sendEvent(t.app, { payload: e.payload.replace('"paid"', '"paid" '), signature: e.signature });
    expect(tampered.statusCode).toBe(400);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id))).toEqual([]);
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'pending', payment: 'unpaid' });
    expect((await customerView(order)).json()).toMatchObject({ status: 'pending_payment' });
  });

  it('the same event delivered 10 times at once pays the order once', async () => {
    const order = await newOrder();
    const e = completed(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendEvent(t.app, e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'open', payment: 'paid' });
    expect((await customerView(order)).json()).toMatchObject({ status: 'paid' });
    expect(await lifecycleHistory(order.id)).toEqual(['pending', 'open']);
    expect(await paymentHistory(order.id)).toEqual([['unpaid', 'paid']]);
  });

  it('events in reverse order (success, then a late failure), each 10 times, leave one paid order', async () => {
    const order = await newOrder();
    const ok = completed(order);
    const late = failed(order.id);
    for (let i = 0; i < 10; i++) {
      expect((await sendEvent(t.app, ok)).statusCode).toBe(200);
      expect((await sendEvent(t.app, late)).statusCode).toBe(200);
    }
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'open', payment: 'paid' });
    expect(await lifecycleHistory(order.id)).toEqual(['pending', 'open']);
    expect(await paymentHistory(order.id)).toEqual([['unpaid', 'paid']]);
  });

  it('a failure then a success moves forward: payment_failed → paid, never back', async () => {
    const order = await newOrder();
    await sendEvent(t.app, failed(order.id));
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'pending', payment: 'failed' });
    expect((await customerView(order)).json()).toMatchObject({ status: 'payment_failed', payment: { failure_message: 'Your card was declined.' } });
    await sendEvent(t.app, completed(order));
    await sendEvent(t.app, failed(order.id));
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'open', payment: 'paid' });
    expect((await customerView(order)).json()).toMatchObject({ status: 'paid' });
    expect(await paymentHistory(order.id)).toEqual([
      ['unpaid', 'failed'],
      ['failed', 'paid'],
    ]);
  });

  it('an event for an order not known yet is kept, and the reconciliation applies it once the order exists', async () => {
    const orderId = randomUUID();
    const e = signedEvent(t.app, 'checkout.session.completed', {
      id: `cs_test_early_${orderId.slice(0, 8)}`,
      object: 'checkout.session',
      client_reference_id: orderId,
      payment_status: 'paid',
      amount_total: 2999,
      currency: 'usd',
      payment_intent: `pi_test_early_${orderId.slice(0, 8)}`,
    });
    const res = await sendEvent(t.app, e);
    expect(res.json()).toEqual({ received: true, outcome: 'deferred' });
    const [kept] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id));
    expect(kept).toMatchObject({ processedAt: null, attempts: 1 });

    // The reconciliation finds no order yet: the event waits.
    await t.app.jobs.send(reconcileJob, {});
    await t.drain();
    expect((await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id)))[0]).toMatchObject({ processedAt: null, attempts: 2 });

    // The order's own transaction commits after the event arrived.
    await seedOrder(t.database.db, { id: orderId, total: 2999 });
    expect(await statesOf(orderId)).toEqual({ lifecycle: 'pending', payment: 'unpaid' });
    await t.app.jobs.send(reconcileJob, {});
    await t.drain();
    expect(await statesOf(orderId)).toEqual({ lifecycle: 'completed', payment: 'paid' });
    expect(await paymentHistory(orderId)).toEqual([['unpaid', 'paid']]);
    const [done] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id));
    expect(done).toMatchObject({ orderId, attempts: 3 });
    expect(done!.processedAt).not.toBeNull();
    // Applied once: the next run leaves it alone.
    await t.app.jobs.send(reconcileJob, {});
    await t.drain();
    expect((await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id)))[0]!.attempts).toBe(3);
    expect(await paymentHistory(orderId)).toEqual([['unpaid', 'paid']]);
  });

  it('an expired payment page abandons an unpaid order (gone for the customer, "Abandoned" for admins), and a paid one stays paid', async () => {
    const order = await newOrder();
    const expired = (id: string, sessionId: string | null) =>
      signedEvent(t.app, 'checkout.session.expired', { id: sessionId, object: 'checkout.session', client_reference_id: id, payment_status: 'unpaid' });
    expect((await sendEvent(t.app, expired(order.id, order.providerSessionId))).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'abandoned', payment: 'unpaid' });
    expect(await lifecycleHistory(order.id)).toEqual(['pending', 'abandoned']);
    const gone = await customerView(order);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('ORDER_NOT_FOUND');
    const admin = await signedInClient(t.app, { admin: true });
    expect((await admin.client.get(`/api/admin/orders/${order.id}`)).json() as AdminOrder).toMatchObject({ status: 'abandoned', status_label: 'Abandoned' });

    const paid = await newOrder();
    await sendEvent(t.app, completed(paid));
    expect((await sendEvent(t.app, expired(paid.id, paid.providerSessionId))).json()).toEqual({ received: true, outcome: 'no_change' });
    expect(await statesOf(paid.id)).toEqual({ lifecycle: 'open', payment: 'paid' });
    expect(((await customerView(paid)).json() as Order).status).toBe('paid');
  });
});

describe('the payment state machine', () => {
  it('moves a payment only forward, and only from where the caller saw it', async () => {
    expect(canMovePayment('unpaid', 'paid')).toBe(true);
    expect(canMovePayment('failed', 'failed')).toBe(true);
    expect(canMovePayment('paid', 'failed')).toBe(false);
    expect(canMovePayment('paid', 'unpaid')).toBe(false);
    expect(canMovePayment('refunded', 'paid')).toBe(false);
    const order = await newOrder();
    await expect(
      t.database.db.transaction((tx) => movePayment(tx, { orderId: order.id, from: 'unpaid', to: 'refunded', actor: 'system', reason: 'test' })),
    ).rejects.toMatchObject({ statusCode: 409, code: 'ILLEGAL_TRANSITION' });
    // A stale "from" changes nothing and records nothing.
    expect(await t.database.db.transaction((tx) => movePayment(tx, { orderId: order.id, from: 'failed', to: 'paid', actor: 'system', reason: 'test' }))).toBe(false);
    expect(await statesOf(order.id)).toEqual({ lifecycle: 'pending', payment: 'unpaid' });
    expect(await paymentHistory(order.id)).toEqual([]);
  });
});
