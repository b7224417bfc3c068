import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { AdminOrder, CheckoutBody, CheckoutResult, StoreCatalogue } from '@/contract/shop';
import { expect } from 'vitest';
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

/**
 * Sales in several currencies for the revenue reports' tests (docs/decisions/134): `sale()` places an order in a
 * currency (a print shipped to the US, or a PDF), pays it with the test card and refunds what it is told, through the
 * API; `kept` adds up what each currency kept (charged − refunded) and how many of its orders count as sold.
 */
export function currencySales(deps: () => { app: FastifyInstance; admin: TestClient; shop: Awaited<ReturnType<typeof shopCatalogue>> }, subnet: string) {
  const shopper = shoppers(() => deps().app, subnet);
  const kept = new Map<string, { revenue: number; orders: number }>();
  async function sale(currency: string, opts: { pdf?: boolean; pay?: boolean; refund?: number | 'all' } = {}) {
    const { admin, shop } = deps();
    const client = shopper();
    const over = opts.pdf ? { shipping_address: null, shipping_method: null } : {};
    const { res, result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant(opts.pdf ? 'PDF' : 'PRINT-A4').id, { currency, ...over }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    if (opts.pay === false) return;
    expect((await pay(client, result!.payment_url, '4242 4242 4242 4242')).outcome?.status).toBe('succeeded');
    const url = `/api/admin/orders/${result!.order_id}`;
    let order = (await admin.get(url)).json() as AdminOrder;
    expect(order).toMatchObject({ currency, status: 'paid' });
    if (opts.refund !== undefined) {
      const refunded = await admin.post(`${url}/refund`, opts.refund === 'all' ? { reason: 'Changed their mind' } : { amount: opts.refund, reason: 'Scratched' });
      expect(refunded.statusCode, refunded.body.slice(0, 300)).toBe(200);
      order = refunded.json() as AdminOrder;
    }
    if (order.status === 'refunded') return;
    const k = kept.get(currency) ?? { revenue: 0, orders: 0 };
    kept.set(currency, { revenue: k.revenue + order.total - order.refunded_total, orders: k.orders + 1 });
  }
  /** The reports' mix: two dollar sales (one partly refunded), three euro ones (one partly), a pound one, and two
   * euro orders that are not sold (one wholly refunded, one never paid). */
  async function sellTheMix() {
    await sale('USD');
    await sale('USD', { pdf: true, refund: 300 });
    await sale('EUR');
    await sale('EUR', { refund: 500 });
    await sale('EUR', { pdf: true });
    await sale('EUR', { pdf: true, refund: 'all' });
    await sale('EUR', { pay: false });
    await sale('GBP', { pdf: true });
  }
  return { sale, sellTheMix, kept, of: (currency: string) => ({ currency, ...kept.get(currency)! }) };
}
