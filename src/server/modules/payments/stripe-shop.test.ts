import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelOrder } from '@/contract/funnel';
import type { AdminOrder, CheckoutResult, Order } from '@/contract/shop';
import { PAYMENT_WEBHOOK_PATH } from '@/server/adapters/payments/payment-provider';
import { orderOverview, paymentSessions } from '@/server/db/schema/index';
import { mailsTo, signedInClient, TestClient } from '@/server/test/auth-client';
import { startStripeServer, type StripeServer } from '@/server/test/loopback/stripe-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, newKey, placeOrder, shopCatalogue, US_ADDRESS } from '../checkout/test-support';
import { reconcileJob } from './index';

/**
 * The shop with Stripe configured, against a loopback server speaking Stripe's API: the same checkout,
 * webhook, refund and reconciliation code as the test processor, through the official client (docs/decisions/074,
 * 079, 108). Jobs run only when a test drains them.
 */
const SECRET = 'sk_test_loopback123';
const WHSEC = 'whsec_loopback123';
let stripe: StripeServer;
let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;

beforeAll(async () => {
  stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
  t = await createTestApp({ jobs: 'manual', env: { STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_URL: stripe.url } });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const deliver = (e: { payload: string; header: string }) =>
  t.app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': e.header }, payload: e.payload });
/** The order's payment as the payments module keeps it (its Stripe session and PaymentIntent). */
const paymentOf = async (orderId: string) => (await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)))[0]!;
const overview = async (orderId: string) => (await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, orderId)))[0]!;
const orderOf = async (client: TestClient, r: CheckoutResult) => (await client.get(`/api/orders/${r.order_id}?token=${r.access_token}`)).json() as Order;
const reconcile = async () => {
  await t.app.jobs.send(reconcileJob, {});
  await t.drain();
};
const requestsFor = (sessionId: string) => stripe.requests.filter((r) => r.path.startsWith(`/v1/checkout/sessions/${sessionId}`));

describe('checkout with Stripe', () => {
  it('opens a Checkout Session for the server-computed total that closes with the order, and a signed completed event pays the order', async () => {
    expect(t.app.payments.name).toBe('stripe');
    const client = new TestClient(t.app);
    const before = Math.floor(Date.now() / 1000);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id, { email: 'stripe@example.test' }));
    expect(result!.payment_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === result!.order_id)!;
    expect(created.params).toMatchObject({ client_reference_id: result!.order_id, customer_email: 'stripe@example.test', mode: 'payment' });
    // The page closes when the order does (ORDER_PAYMENT_MINUTES, 60 by default); the key names that attempt.
    const expiresAt = Number(created.params.expires_at);
    expect(created.idempotencyKey).toBe(`checkout-session-${result!.order_id}-${expiresAt}`);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60 * 60);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 60 * 60);
    expect(Math.floor((await overview(result!.order_id)).expiresAt!.getTime() / 1000)).toBeGreaterThanOrEqual(expiresAt - 5);
    const payment = await paymentOf(result!.order_id);
    expect(payment).toMatchObject({ provider: 'stripe', status: 'unpaid', paymentUrl: result!.payment_url });
    const session = stripe.sessions.get(payment.providerSessionId!)!;
    expect(session).toMatchObject({ amount_total: 6999, currency: 'usd', expires_at: expiresAt });
    expect((await client.get(`/api/store/products`)).json().test_mode).toBe(true);

    const failed = await deliver(stripe.failPayment(session.id));
    expect(failed.json().outcome).toBe('applied');
    const paid = await deliver(stripe.completeSession(session.id));
    expect(paid.json().outcome).toBe('applied');
    expect((await deliver(stripe.completeSession(session.id))).json().outcome).toBe('no_change');
    const order = await orderOf(client, result!);
    expect(order).toMatchObject({ status: 'paid', states: { lifecycle: 'open', payment: 'paid', fulfilment: 'pending' }, payment: { provider: 'stripe', test_mode: true } });
    expect(order.timeline.map((e) => [e.machine, e.to_status])).toEqual([
      ['order', 'pending'],
      ['payment', 'failed'],
      ['payment', 'paid'],
      ['order', 'open'],
      ['fulfilment', 'pending'],
    ]);
    expect(await paymentOf(result!.order_id)).toMatchObject({ status: 'paid', providerPaymentId: session.payment_intent, capturedTotal: 6999 });
  });

  it('a checkout retried after Stripe’s answer was lost sends the same request and gets the same session', async () => {
    const client = new TestClient(t.app);
    const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'lost-answer@example.test' });
    const key = newKey();
    const first = await placeOrder(client, body, key);
    const sessionId = (await paymentOf(first.result!.order_id)).providerSessionId!;
    // As if the process had died after Stripe made the session but before the shop wrote it down: the retry reaches a
    // server that never answered the first (here another address, which no process's memory of the answer covers).
    await t.database.rows(sql`update payment_sessions set provider_session_id = null, payment_url = null where order_id = ${first.result!.order_id}`);
    client.ip = '203.0.113.8';
    const again = await placeOrder(client, body, key);
    expect(again.res.statusCode).toBe(200);
    expect((await paymentOf(first.result!.order_id)).providerSessionId).toBe(sessionId);
    const sent = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === first.result!.order_id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.raw).toBe(sent[0]!.raw);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  it('an event signed with another secret is refused', async () => {
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    const res = await deliver(stripe.completeSession((await paymentOf(result!.order_id)).providerSessionId!, { secret: 'whsec_someoneelse' }));
    expect(res.statusCode).toBe(400);
    expect(await overview(result!.order_id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect((await orderOf(client, result!)).status).toBe('pending_payment');
  });

  it('an admin refund goes to Stripe with an idempotency key, and a double click refunds once', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const { result } = await placeOrder(new TestClient(t.app), checkoutBody(shop.award.id, shop.variant('PRINT-A3').id));
    await deliver(stripe.completeSession((await paymentOf(result!.order_id)).providerSessionId!));
    const url = `/api/admin/orders/${result!.order_id}/refund`;
    const [a, b] = await Promise.all([admin.client.post(url, { amount: 500 }), admin.client.post(url, { amount: 500 })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await admin.client.get(`/api/admin/orders/${result!.order_id}`)).json() as AdminOrder;
    expect(after).toMatchObject({ status: 'partially_refunded', states: { payment: 'partially_refunded' }, refunded_total: 500 });
    expect(after.refunds).toHaveLength(1);
    const refundCalls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(refundCalls.length).toBeGreaterThan(0);
    expect(new Set(refundCalls.map((r) => r.idempotencyKey)).size).toBe(1);
    const paid = await paymentOf(result!.order_id);
    expect(stripe.paymentIntent(paid.providerPaymentId!)!.refunded).toBe(500);
    expect(paid).toMatchObject({ refundedTotal: 500, capturedTotal: paid.amount });
  });

  it('the same refund asked again after the first was refunded (a slow double click) refunds once; another reason is a new refund', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const { result } = await placeOrder(new TestClient(t.app), checkoutBody(shop.award.id, shop.variant('PRINT-A3').id, { email: 'slow-double@example.test' }));
    await deliver(stripe.completeSession((await paymentOf(result!.order_id)).providerSessionId!));
    const url = `/api/admin/orders/${result!.order_id}/refund`;
    expect((await admin.client.post(url, { amount: 300, reason: 'Smudged frame' })).statusCode).toBe(200);
    expect((await paymentOf(result!.order_id)).refundedTotal).toBe(300);
    // The second click arrives after the first was settled: the refunded total moved, the request is the same.
    expect((await admin.client.post(url, { amount: 300, reason: 'Smudged frame' })).statusCode).toBe(200);
    expect((await paymentOf(result!.order_id)).refundedTotal).toBe(300);
    expect(stripe.paymentIntent((await paymentOf(result!.order_id)).providerPaymentId!)!.refunded).toBe(300);
    // A refund for another reason is a request of its own.
    expect((await admin.client.post(url, { amount: 300, reason: 'Late delivery' })).statusCode).toBe(200);
    expect((await paymentOf(result!.order_id)).refundedTotal).toBe(600);
  });

  it('a refund Stripe does not answer is kept, says so, and its job finishes it with the same key', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const { result } = await placeOrder(new TestClient(t.app), checkoutBody(shop.award.id, shop.variant('PRINT-A3').id, { email: 'refund-later@example.test' }));
    await deliver(stripe.completeSession((await paymentOf(result!.order_id)).providerSessionId!));
    // Stripe is down for the three tries the client makes.
    stripe.failNext(3, { status: 503 });
    const down = await admin.client.post(`/api/admin/orders/${result!.order_id}/refund`, { amount: 700, reason: 'Late' });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toMatchObject({ code: 'REFUND_PENDING', message: expect.stringContaining('The refund of $7.00 is kept and will be tried again within a minute.') });
    expect((await admin.client.get(`/api/admin/orders/${result!.order_id}`)).json()).toMatchObject({ refunds_pending: 700, refunded_total: 0, refunds: [] });

    await t.drain({ delayed: true });
    const after = (await admin.client.get(`/api/admin/orders/${result!.order_id}`)).json() as AdminOrder;
    expect(after).toMatchObject({ refunds_pending: 0, refunded_total: 700, status_label: 'Partly refunded' });
    const keys = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === after.provider_payment_id).map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys).size).toBe(1);
    expect(stripe.paymentIntent(after.provider_payment_id!)!.refunded).toBe(700);
    expect((await mailsTo(t.database.db, 'refund-later@example.test')).filter((m) => m.kind === 'order_refunded')).toHaveLength(1);
  });

  it('an admin cancelling an unpaid order closes its Stripe Checkout Session', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    const sessionId = (await paymentOf(result!.order_id)).providerSessionId!;
    const cancelled = await admin.client.post(`/api/admin/orders/${result!.order_id}/cancel`, { reason: 'Duplicate order' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(requestsFor(sessionId).map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/checkout/sessions/${sessionId}/expire`]);
    expect(stripe.sessions.get(sessionId)).toMatchObject({ status: 'expired', url: null });
    expect((await orderOf(client, result!)).status).toBe('cancelled');
  });
});

describe('the reconciliation with Stripe', () => {
  it('a payment whose event never reached the shop is found by retrieving the Checkout Session with its PaymentIntent', async () => {
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'stripe-lost-event@example.test' }));
    const sessionId = (await paymentOf(result!.order_id)).providerSessionId!;
    // The shopper pays; the webhook never arrives.
    stripe.completeSession(sessionId);
    // Still on the payment page a moment ago: left alone.
    await reconcile();
    expect(requestsFor(sessionId)).toEqual([]);
    expect((await overview(result!.order_id)).paymentStatus).toBe('unpaid');

    await t.database.rows(sql`update payment_sessions set updated_at = now() - interval '10 minutes' where order_id = ${result!.order_id}`);
    await reconcile();
    const [lookup, ...more] = requestsFor(sessionId);
    expect(more).toEqual([]);
    expect(lookup).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${sessionId}`, authorization: `Bearer ${SECRET}` });
    expect(lookup!.raw).toBe('');
    const order = await orderOf(client, result!);
    expect(order).toMatchObject({ status: 'paid', states: { lifecycle: 'open', payment: 'paid', fulfilment: 'submitted' } });
    expect(order.timeline.find((e) => e.machine === 'payment' && e.to_status === 'paid')).toMatchObject({
      actor: 'reconciliation',
      reason: 'Found paid at the payment provider by the reconciliation: its event never reached the shop.',
    });
    const pi = stripe.sessions.get(sessionId)!.payment_intent!;
    expect(await paymentOf(result!.order_id)).toMatchObject({ status: 'paid', providerPaymentId: pi, capturedTotal: 2999 });
    // Its card is the one the funnel would charge again.
    expect((await paymentOf(result!.order_id)).paymentMethodRef).toBe(stripe.paymentIntent(pi)!.paymentMethod);
    // The event arriving after all changes nothing.
    expect((await deliver(stripe.completeSession(sessionId))).json().outcome).toBe('no_change');
  });

  it('an order past its time has its Stripe page closed and is abandoned; one paid just before is applied instead', async () => {
    const client = new TestClient(t.app);
    const unpaid = (await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id))).result!;
    const paidLate = (await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id))).result!;
    const unpaidSession = (await paymentOf(unpaid.order_id)).providerSessionId!;
    const paidSession = (await paymentOf(paidLate.order_id)).providerSessionId!;
    stripe.completeSession(paidSession); // paid at the last moment; its event is still on its way
    await t.database.rows(sql`update orders set expires_at = now() - interval '1 minute' where id in (${unpaid.order_id}, ${paidLate.order_id})`);
    await reconcile();

    expect(requestsFor(unpaidSession).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${unpaidSession}`,
      `POST /v1/checkout/sessions/${unpaidSession}/expire`,
    ]);
    expect(stripe.sessions.get(unpaidSession)!.status).toBe('expired');
    expect(await overview(unpaid.order_id)).toMatchObject({ status: 'abandoned', paymentStatus: 'unpaid' });
    expect((await client.get(`/api/orders/${unpaid.order_id}?token=${unpaid.access_token}`)).statusCode).toBe(404);

    expect(requestsFor(paidSession).map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/checkout/sessions/${paidSession}`]);
    expect(await overview(paidLate.order_id)).toMatchObject({ status: 'open', paymentStatus: 'paid' });

    // Stripe's own expiry event for the closed page changes nothing more.
    expect((await deliver(stripe.expireSession(unpaidSession))).json().outcome).toBe('no_change');
  });
});

describe('the funnel with Stripe', () => {
  it('keeps the card at checkout, and a one-time offer is a second PaymentIntent on the same Customer and card', async () => {
    const client = new TestClient(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/api/funnel/checkout',
      headers: { 'idempotency-key': newKey() },
      payload: { email: 'funnel-stripe@example.test', recipient_name: 'Ada', shipping_address: US_ADDRESS, shipping_method: 'standard' },
    });
    expect(res.statusCode).toBe(200);
    const placed = res.json() as CheckoutResult;
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === placed.order_id)!;
    expect(created.params).toMatchObject({ customer_creation: 'always', success_url: expect.stringContaining('/funnel/timer?order=') });
    expect((await deliver(stripe.completeSession((await paymentOf(placed.order_id)).providerSessionId!))).json().outcome).toBe('applied');

    const url = `/api/funnel/orders/${placed.order_id}`;
    const open = (await client.get(`${url}?token=${encodeURIComponent(placed.access_token)}`)).json() as FunnelOrder;
    expect(open).toMatchObject({ next_step: 'oto1', card_last4: '4242' });
    const accepted = await client.post(`${url}/offers/oto1/accept`, { token: placed.access_token });
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as FunnelOrder).order.lines).toHaveLength(2);

    const paid = await paymentOf(placed.order_id);
    const first = stripe.paymentIntent(paid.providerPaymentId!)!;
    const charge = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.params.metadata as { order_id?: string } | undefined)?.order_id === placed.order_id)!;
    expect(charge.params).toMatchObject({ customer: first.customer, payment_method: first.paymentMethod, off_session: 'true', confirm: 'true', amount: '3540' });
    expect(charge.idempotencyKey).toMatch(/^funnel-offer-/);
    // Both charges are the order's: what was captured adds them up.
    expect(paid.capturedTotal).toBe(paid.amount + 3540);
  });
});
