import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { CheckoutBody, CheckoutResult, StoreCatalogue } from '@/contract/shop';
import type { TestPaymentOutcome } from '@/contract/test-payments';
import { type TestCardProcessor } from '@/server/adapters/payments/test-processor';
import type { Db } from '@/server/db/client';
import { awards } from '@/server/db/schema/index';
import { TestClient } from '@/server/test/auth-client';
import { PAYMENT_WEBHOOK_PATH as WEBHOOK_PATH } from '@/server/adapters/payments/payment-provider';

/** Test helpers for the shop: the seeded catalogue, a valid checkout body, placing and paying orders. */

export async function shopCatalogue(app: FastifyInstance, db: Db) {
  const res = await app.inject({ method: 'GET', url: '/api/store/products' });
  const cat = res.json() as StoreCatalogue;
  const variant = (sku: string) => {
    for (const p of cat.products) for (const v of p.variants) if (v.sku === sku) return v;
    throw new Error(`no variant ${sku}`);
  };
  const [award] = await db.select().from(awards).where(eq(awards.isActive, true)).orderBy(asc(awards.sortOrder)).limit(1);
  return { cat, variant, award: award! };
}

export const US_ADDRESS = {
  name: 'Dana Whitfield',
  line1: '1 Infinite Loop',
  line2: '',
  city: 'Cupertino',
  state: 'CA',
  postal_code: '95014',
  country: 'US',
  phone: '',
};

export function checkoutBody(awardId: string, variantId: string, over: Partial<CheckoutBody> = {}): CheckoutBody {
  return {
    email: 'shopper@example.test',
    lines: [{ variant_id: variantId, quantity: 1, design: { award_id: awardId, recipient_name: 'Dana' } }],
    shipping_address: US_ADDRESS,
    shipping_method: 'standard',
    ...over,
  };
}

export const newKey = () => `test-${randomUUID()}`;

/**
 * Shoppers each from an address of their own in `subnet` (the checkout's limit counts per client address), so a
 * file's orders never meet a limit another test spent: `const shopper = shoppers(() => t.app, '198.51.100')`.
 */
export function shoppers(app: () => FastifyInstance, subnet: string): () => TestClient {
  let n = 0;
  return () => {
    const client = new TestClient(app());
    client.ip = `${subnet}.${(n++ % 250) + 1}`;
    return client;
  };
}

export async function placeOrder(client: TestClient, body: unknown, key = newKey()) {
  const res = await client.request({ method: 'POST', url: '/api/checkout', payload: body as object, headers: { 'idempotency-key': key } });
  return { res, key, result: res.statusCode === 200 ? (res.json() as CheckoutResult) : null };
}

export const sessionOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;

export async function pay(client: TestClient, paymentUrl: string, card: string) {
  const res = await client.post(`/api/test-payments/${sessionOf(paymentUrl)}/pay`, { card_number: card, expiry: '12 / 34', cvc: '123', name: 'Dana' });
  return { res, outcome: res.statusCode === 200 ? (res.json() as TestPaymentOutcome) : null };
}

/** A Stripe-shaped event signed with the test processor's secret, as the provider would send it. */
export function signedEvent(app: FastifyInstance, type: string, object: Record<string, unknown>, id = `evt_test_${randomUUID().replace(/-/g, '')}`) {
  const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const secret = (app.payments as TestCardProcessor).webhookSecret;
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function sendEvent(app: FastifyInstance, e: { payload: string; signature: string }) {
  return app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature }, payload: e.payload });
}
