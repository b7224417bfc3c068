import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Quote } from '@/contract/shop';
import { products, variants } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { startPrintfulServer, type PrintfulServer } from '@/server/test/loopback/printful-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, placeOrder, shopCatalogue, US_ADDRESS } from './test-support';

/**
 * Shipping priced by the print provider (docs/decisions/087): with Printful configured (here the loopback server that
 * speaks its API), the quote and the order take Printful's live rate for the cart and address; when Printful fails,
 * the shop settings' price applies, after a bounded wait, and the failure is logged.
 */

let printful: PrintfulServer;
let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
const logged: { level: number; msg: string }[] = [];
let ip = 0;
const shopper = () => {
  const c = new TestClient(t.app);
  c.ip = `203.0.113.${(ip++ % 250) + 1}`;
  return c;
};

beforeAll(async () => {
  printful = await startPrintfulServer();
  t = await createTestApp({
    env: { PRINTFUL_API_TOKEN: printful.token, PRINTFUL_WEBHOOK_SECRET: 'loopback-webhook-secret-0123', PRINTFUL_API_URL: printful.url },
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as { level: number; msg: string });
          done();
        },
      }),
    },
  });
  const admin = await signedInClient(t.app, { admin: true });
  // The shop sells what Printful prints (variants with Printful's sync variant ids).
  expect((await admin.client.post('/api/admin/functions/sync-printful-products', {})).statusCode).toBe(200);
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
  await printful.close();
});

const line = (sku: string, quantity = 1) => ({ variant_id: shop.variant(sku).id, quantity, design: { award_id: shop.award.id, recipient_name: 'Dana' } });
const settingsPrice = (id: 'standard' | 'express') => shop.cat.shipping_methods.find((m) => m.id === id)!.price;

describe('shipping rates from Printful', () => {
  it('prices the quote with Printful’s rates for the cart and address', async () => {
    const res = await shopper().post('/api/store/quote', { lines: [line('CERT-POSTER-12x16')], shipping_method: 'standard', country: 'US', state: 'CA', postal_code: '95014' });
    expect(res.statusCode).toBe(200);
    const q = res.json() as Quote;
    // The loopback's domestic rates: standard 4.99, express 14.99 for one item (the settings say 5.99 and 19.99).
    expect(q.shipping_source).toBe('provider');
    expect(q.shipping_methods.map((m) => [m.id, m.price])).toEqual([
      ['standard', 499],
      ['express', 1499],
    ]);
    expect(q).toMatchObject({ shipping_method: 'standard', shipping_total: 499, total: q.subtotal + 499 });
    const asked = printful.requests.filter((r) => r.path === '/shipping/rates').at(-1)!;
    expect(asked.body).toMatchObject({ recipient: { country_code: 'US', state_code: 'CA', zip: '95014' }, items: [{ variant_id: '6239', quantity: 1 }], currency: 'USD' });

    // Before an address there is no rate to ask for: the settings' prices show.
    const early = (await shopper().post('/api/store/quote', { lines: [line('CERT-POSTER-12x16')] })).json() as Quote;
    expect(early).toMatchObject({ shipping_source: 'settings', shipping_total: 0 });
  });

  it('charges the order the rate the quote showed, asking Printful once', async () => {
    const before = printful.requests.filter((r) => r.path === '/shipping/rates').length;
    const body = checkoutBody(shop.award.id, shop.variant('CERT-POSTER-12x16').id, { shipping_method: 'express', lines: [line('CERT-POSTER-12x16', 2)] });
    const quoted = (await shopper().post('/api/store/quote', { lines: body.lines, shipping_method: 'express', country: 'US', state: US_ADDRESS.state, postal_code: US_ADDRESS.postal_code })).json() as Quote;
    expect(quoted).toMatchObject({ shipping_source: 'provider', shipping_total: 1499 + 250 });

    const client = shopper();
    const { res, result } = await placeOrder(client, body);
    expect(res.statusCode).toBe(200);
    const order = (await client.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
    expect(order).toMatchObject({ shipping_method: 'express', shipping_total: 1749, total: quoted.total, subtotal: quoted.subtotal });
    expect(printful.requests.filter((r) => r.path === '/shipping/rates').length - before).toBe(1);
  });

  it('falls back to the settings’ price, in bounded time, when Printful answers 5xx', async () => {
    printful.failNext(500, 100, {}, { method: 'POST', path: '/shipping/rates' });
    try {
      const started = Date.now();
      const res = await shopper().post('/api/store/quote', { lines: [line('CERT-POSTER-18x24')], shipping_method: 'standard', country: 'US', state: 'NY', postal_code: '10001' });
      expect(Date.now() - started).toBeLessThan(6_000);
      const q = res.json() as Quote;
      expect(q).toMatchObject({ shipping_source: 'settings', shipping_method: 'standard', shipping_total: settingsPrice('standard') });
      expect(q.shipping_methods.map((m) => m.price)).toEqual([settingsPrice('standard'), settingsPrice('express')]);
      expect(logged.some((l) => l.level === 40 && /shipping rates: the print provider did not answer/.test(l.msg))).toBe(true);

      // The order of the same cart to the same address is priced the same way, without waiting again.
      const client = shopper();
      const body = checkoutBody(shop.award.id, shop.variant('CERT-POSTER-18x24').id, { shipping_address: { ...US_ADDRESS, state: 'NY', city: 'New York', postal_code: '10001' } });
      const placedAt = Date.now();
      const { result } = await placeOrder(client, body);
      expect(Date.now() - placedAt).toBeLessThan(2_000);
      const order = (await client.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
      expect(order).toMatchObject({ shipping_total: settingsPrice('standard'), total: q.total });
    } finally {
      printful.clearFailures();
    }
  });

  it('quotes only what ships, and uses the settings’ prices for a product Printful does not print', async () => {
    // The digital PDF is not shipped: only the poster is quoted, by Printful (Europe: 6.95).
    const q = (await shopper().post('/api/store/quote', { lines: [line('PDF'), line('CERT-POSTER-12x16')], shipping_method: 'standard', country: 'DE' })).json() as Quote;
    expect(q).toMatchObject({ shipping_source: 'provider', shipping_total: 695 });

    // A product an admin added by hand has no Printful variant: Printful cannot quote it.
    const [mug] = await t.database.db.insert(products).values({ slug: 'hand-made-mug', name: 'Mug', kind: 'print' }).returning();
    const [cup] = await t.database.db.insert(variants).values({ productId: mug!.id, sku: 'MUG-1', name: 'Mug', size: 'One size', price: 1500 }).returning();
    t.app.catalogCache.clear(); // what the admin's product routes do after a change
    const mixed = (
      await shopper().post('/api/store/quote', {
        lines: [line('CERT-POSTER-12x16'), { variant_id: cup!.id, quantity: 1, design: { award_id: shop.award.id } }],
        shipping_method: 'standard',
        country: 'DE',
      })
    ).json() as Quote;
    expect(mixed).toMatchObject({ shipping_source: 'settings', shipping_total: settingsPrice('standard') });
  });
});
