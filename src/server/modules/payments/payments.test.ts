import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, paymentEvents } from '@/server/db/schema/index';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, placeOrder, sendEvent, shopCatalogue, signedEvent } from '../checkout/test-support';
import { retryDeferredEvents } from './payments.service';

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function newOrder() {
  const client = new TestClient(t.app);
  client.ip = `192.0.2.${++n}`;
  const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
  return row!;
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
const statusOf = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const transitions = async (id: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => e.toStatus).sort();

describe('payment webhook', () => {
  it('refuses an unsigned, wrongly signed or tampered event with 400 and stores nothing', async () => {
    const order = await newOrder();
    const e = completed(order);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers: { 'content-type': 'application/json' }, payload: e.payload });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.code).toBe('BAD_SIGNATURE');
    const tampered = await sendEvent(t.app, { payload: e.payload.replace('"paid"', '"paid" '), signature: e.signature });
    expect(tampered.statusCode).toBe(400);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id))).toEqual([]);
    expect(await statusOf(order.id)).toBe('pending_payment');
  });

  it('the same event delivered 10 times at once pays the order once', async () => {
    const order = await newOrder();
    const e = completed(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendEvent(t.app, e)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'applied')).toHaveLength(1);
    expect(await statusOf(order.id)).toBe('paid');
    expect(await transitions(order.id)).toEqual(['paid', 'pending_payment']);
  });

  it('events in reverse order (success, then a late failure), each 10 times, leave one paid order', async () => {
    const order = await newOrder();
    const ok = completed(order);
    const late = failed(order.id);
    for (let i = 0; i < 10; i++) {
      expect((await sendEvent(t.app, ok)).statusCode).toBe(200);
      expect((await sendEvent(t.app, late)).statusCode).toBe(200);
    }
    expect(await statusOf(order.id)).toBe('paid');
    expect(await transitions(order.id)).toEqual(['paid', 'pending_payment']);
  });

  it('a failure then a success moves forward: payment_failed → paid, never back', async () => {
    const order = await newOrder();
    await sendEvent(t.app, failed(order.id));
    expect(await statusOf(order.id)).toBe('payment_failed');
    await sendEvent(t.app, completed(order));
    await sendEvent(t.app, failed(order.id));
    expect(await statusOf(order.id)).toBe('paid');
  });

  it('an event for an order not known yet is kept and applied once the order exists', async () => {
    const orderId = randomUUID();
    const e = signedEvent(t.app, 'checkout.session.completed', {
      id: 'cs_test_early',
      object: 'checkout.session',
      client_reference_id: orderId,
      payment_status: 'paid',
      amount_total: 2999,
      currency: 'usd',
      payment_intent: 'pi_test_early',
    });
    const res = await sendEvent(t.app, e);
    expect(res.json()).toEqual({ received: true, outcome: 'deferred' });
    const [kept] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id));
    expect(kept).toMatchObject({ processedAt: null, attempts: 1 });

    // The order's own transaction commits after the event arrived.
    const template = await newOrder();
    const { id: _id, number: _number, idempotencyKey: _key, ...rest } = template;
    await t.database.db.insert(orders).values({ ...rest, id: orderId, number: `ORD-T${Date.now()}`, idempotencyKey: `early-${orderId}`, status: 'pending_payment' });
    await retryDeferredEvents(t.database.db, { onPaid: async () => undefined, onPaymentFailed: async () => undefined }, t.app.log);
    expect(await statusOf(orderId)).toBe('paid');
    const [done] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, e.id));
    expect(done!.processedAt).not.toBeNull();
  });

  it('an expired payment page cancels an unpaid order, and a paid one stays paid', async () => {
    const order = await newOrder();
    const expired = (id: string, sessionId: string | null) =>
      signedEvent(t.app, 'checkout.session.expired', { id: sessionId, object: 'checkout.session', client_reference_id: id, payment_status: 'unpaid' });
    await sendEvent(t.app, expired(order.id, order.providerSessionId));
    expect(await statusOf(order.id)).toBe('cancelled');

    const paid = await newOrder();
    await sendEvent(t.app, completed(paid));
    await sendEvent(t.app, expired(paid.id, paid.providerSessionId));
    expect(await statusOf(paid.id)).toBe('paid');
  });
});
