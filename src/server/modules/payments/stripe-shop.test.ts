import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelOrder } from '@/contract/funnel';
import type { AdminOrder, CheckoutResult, Order } from '@/contract/shop';
import { orders } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { startStripeServer, type StripeServer } from '@/server/test/loopback/stripe-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, newKey, placeOrder, shopCatalogue, US_ADDRESS } from '../checkout/test-support';
import { WEBHOOK_PATH } from './payments.routes';

/**
 * The shop with Stripe configured, against a loopback server speaking Stripe's API: the same checkout,
 * webhook and refund code as the test processor, through the official client (docs/decisions/074, 079).
 */
const SECRET = 'sk_test_loopback123';
const WHSEC = 'whsec_loopback123';
let stripe: StripeServer;
let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;

beforeAll(async () => {
  stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: SECRET, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_URL: stripe.url } });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const deliver = (e: { payload: string; header: string }) =>
  t.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': e.header }, payload: e.payload });

describe('checkout with Stripe', () => {
  it('opens a Checkout Session for the server-computed total, and a signed completed event pays the order', async () => {
    expect(t.app.payments.name).toBe('stripe');
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id, { email: 'stripe@example.test' }));
    expect(result!.payment_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const created = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.idempotencyKey).toBe(`checkout-session-${result!.order_id}`);
    expect(created.params).toMatchObject({ client_reference_id: result!.order_id, customer_email: 'stripe@example.test', mode: 'payment' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    const session = stripe.sessions.get(row!.providerSessionId!)!;
    expect(session).toMatchObject({ amount_total: 6999, currency: 'usd' });
    expect((await client.get(`/api/store/products`)).json().test_mode).toBe(true);

    const failed = await deliver(stripe.failPayment(session.id));
    expect(failed.json().outcome).toBe('applied');
    const paid = await deliver(stripe.completeSession(session.id));
    expect(paid.json().outcome).toBe('applied');
    expect((await deliver(stripe.completeSession(session.id))).json().outcome).toBe('no_change');
    const order = (await client.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
    expect(order).toMatchObject({ status: 'paid', payment: { provider: 'stripe', test_mode: true } });
    expect(order.timeline.map((e) => e.to_status)).toEqual(['pending_payment', 'payment_failed', 'paid']);
  });

  it('an event signed with another secret is refused', async () => {
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    const res = await deliver(stripe.completeSession(row!.providerSessionId!, { secret: 'whsec_someoneelse' }));
    expect(res.statusCode).toBe(400);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id)))[0]!.status).toBe('pending_payment');
  });

  it('an admin refund goes to Stripe with an idempotency key, and a double click refunds once', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const { result } = await placeOrder(new TestClient(t.app), checkoutBody(shop.award.id, shop.variant('PRINT-A3').id));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    await deliver(stripe.completeSession(row!.providerSessionId!));
    const url = `/api/admin/orders/${result!.order_id}/refund`;
    const [a, b] = await Promise.all([admin.client.post(url, { amount: 500 }), admin.client.post(url, { amount: 500 })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await admin.client.get(`/api/admin/orders/${result!.order_id}`)).json() as AdminOrder;
    expect(after).toMatchObject({ status: 'partially_refunded', refunded_total: 500 });
    expect(after.refunds).toHaveLength(1);
    const refundCalls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(refundCalls.map((r) => r.idempotencyKey)).size).toBe(1);
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    expect(stripe.paymentIntent(paid!.providerPaymentId!)!.refunded).toBe(500);
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
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect((await deliver(stripe.completeSession(row!.providerSessionId!))).json().outcome).toBe('applied');

    const url = `/api/funnel/orders/${placed.order_id}`;
    const open = (await client.get(`${url}?token=${encodeURIComponent(placed.access_token)}`)).json() as FunnelOrder;
    expect(open).toMatchObject({ next_step: 'oto1', card_last4: '4242' });
    const accepted = await client.post(`${url}/offers/oto1/accept`, { token: placed.access_token });
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as FunnelOrder).order.lines).toHaveLength(2);

    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    const first = stripe.paymentIntent(paid!.providerPaymentId!)!;
    const charge = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.params.metadata as { order_id?: string } | undefined)?.order_id === placed.order_id)!;
    expect(charge.params).toMatchObject({ customer: first.customer, payment_method: first.paymentMethod, off_session: 'true', confirm: 'true', amount: '3540' });
    expect(charge.idempotencyKey).toMatch(/^funnel-offer-/);
  });
});
