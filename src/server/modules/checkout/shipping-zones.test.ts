import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@/contract/admin-settings';
import type { Quote } from '@/contract/shop';
import { auditLog, orders } from '@/server/db/schema/index';
import { signedInClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, placeOrder, shopCatalogue, shoppers, US_ADDRESS } from './test-support';

/**
 * Shipping by zone (issue 28, docs/decisions/131): an admin keeps zones with their own prices and delivery promises;
 * the quote and the checkout charge the destination's zone, and a country the shop does not ship to is refused,
 * naming the country field, while a PDF-only order still goes through.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let admin: Awaited<ReturnType<typeof signedInClient>>;
const shopper = shoppers(() => t.app, '203.0.113');

const DE = { name: 'Jonas Weber', line1: 'Unter den Linden 1', line2: '', city: 'Berlin', state: '', postal_code: '10117', country: 'DE', phone: '' };
const AU = { name: 'Mia Nguyen', line1: '1 Macquarie St', line2: '', city: 'Sydney', state: 'NSW', postal_code: '2000', country: 'AU', phone: '' };
const BR = { name: 'Ana Souza', line1: 'Av. Paulista 1000', line2: '', city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR', phone: '' };

/** The zones' prices in the seeded shop's other currencies (docs/decisions/134): each must be priced in every one. */
const zones = [
  {
    name: 'Europe',
    countries: ['DE', 'FR', 'IT', 'GB'],
    standard: { price: 899, prices: { EUR: 849, GBP: 749, CAD: 1199, AUD: 1349 }, min_days: 4, max_days: 8 },
    express: { price: 2499, prices: { EUR: 2399, GBP: 1999, CAD: 3299, AUD: 3699 }, min_days: 2, max_days: 3 },
  },
  { name: 'Oceania', countries: ['AU', 'NZ'], standard: { price: 1299, prices: { EUR: 1199, GBP: 999, CAD: 1699, AUD: 1899 }, min_days: 10, max_days: 18 }, express: null },
];

const quote = async (body: object) => {
  const res = await shopper().post('/api/store/quote', body);
  expect(res.statusCode).toBe(200);
  return res.json() as Quote;
};
const print = () => [{ variant_id: shop.variant('PRINT-A4').id, quantity: 1, design: { award_id: shop.award.id, recipient_name: 'Dana' } }];
const pdf = () => [{ variant_id: shop.variant('PDF').id, quantity: 1, design: { award_id: shop.award.id, recipient_name: 'Dana' } }];
const orderCount = async () => Number((await t.database.db.select({ n: count() }).from(orders))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
  admin = await signedInClient(t.app, { admin: true });
  const current = ((await admin.client.get('/api/admin/settings')).json() as AdminSettings).values.shop;
  expect(current).toMatchObject({ currencies: ['EUR', 'GBP', 'CAD', 'AUD'], shipping_zones: [], ships_elsewhere: true });
  const res = await admin.client.put('/api/admin/settings/shop', { ...current, shipping_zones: zones, ships_elsewhere: false });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('shipping zones', () => {
  it('are saved, shown back and audited', async () => {
    const saved = ((await admin.client.get('/api/admin/settings')).json() as AdminSettings).values.shop;
    expect(saved.shipping_zones).toEqual(zones);
    expect(saved.ships_elsewhere).toBe(false);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'settings'), eq(auditLog.entityId, 'shop')));
    expect(JSON.stringify(audit?.after)).toContain('Oceania');
  });

  it('price the quote by the destination’s zone, with its promise, and offer express only where the zone does', async () => {
    const de = await quote({ lines: print(), country: 'DE', shipping_method: 'express' });
    expect(de.ships_to_country).toBe(true);
    expect(de.shipping_methods.map((m) => [m.id, m.label, m.price, m.min_days, m.max_days])).toEqual([
      ['standard', 'Standard', 899, 4, 8],
      ['express', 'Express', 2499, 2, 3],
    ]);
    expect(de.shipping_total).toBe(2499);
    expect(de.total).toBe(2400 + 2499);
    // In another currency the shop sells in: the zone's price in it (docs/decisions/134).
    const eur = await quote({ lines: print(), country: 'DE', shipping_method: 'express', currency: 'EUR' });
    expect(eur.shipping_methods.map((m) => [m.id, m.price])).toEqual([
      ['standard', 849],
      ['express', 2399],
    ]);
    expect(eur.shipping_total).toBe(2399);

    const au = await quote({ lines: print(), country: 'AU', shipping_method: 'express' });
    expect(au.shipping_methods.map((m) => [m.id, m.price, m.min_days, m.max_days])).toEqual([['standard', 1299, 10, 18]]);
    expect(au.shipping_method).toBeNull();
    expect(au.shipping_total).toBe(0);

    // No country yet: the shop's own methods, as the cart shows them before an address.
    const none = await quote({ lines: print() });
    expect(none.ships_to_country).toBe(true);
    expect(none.shipping_methods.map((m) => m.price)).toEqual([599, 1999]);
  });

  it('say at the quote that a country in no zone gets no prints, while the shop ships nowhere else', async () => {
    const br = await quote({ lines: print(), country: 'BR', shipping_method: 'standard' });
    expect(br).toMatchObject({ ships_to_country: false, shipping_methods: [], shipping_method: null, shipping_total: 0 });
    const pdfOnly = await quote({ lines: pdf(), country: 'BR' });
    expect(pdfOnly.ships_to_country).toBe(true);
    expect(pdfOnly.total).toBe(900);
  });

  it('charge the zone’s price on the order', async () => {
    const { res, result } = await placeOrder(shopper(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { shipping_address: DE, shipping_method: 'standard' }));
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    expect(order).toMatchObject({ shippingTotal: 899, total: 2400 + 899, shippingLabel: 'Standard (4–8 business days)' });
  });

  it('refuse prints to a country the shop does not ship to, naming the country field, and keep nothing', async () => {
    const before = await orderCount();
    const { res } = await placeOrder(shopper(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { shipping_address: BR, shipping_method: 'standard' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'COUNTRY_NOT_SHIPPED', field: 'shipping_address.country' });
    expect(res.json().error.message).toBe('We don’t ship prints to Brazil yet. Choose another address, or take the PDF edition — it arrives anywhere.');
    expect(await orderCount()).toBe(before);
  });

  it('refuse express where the zone offers only standard', async () => {
    const { res } = await placeOrder(shopper(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { shipping_address: AU, shipping_method: 'express' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('shipping_method');
  });

  it('still sell the PDF edition to that country', async () => {
    const { res } = await placeOrder(
      shopper(),
      checkoutBody(shop.award.id, shop.variant('PDF').id, { shipping_address: BR, shipping_method: null }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('send countries in no zone the shop’s own prices again once it ships elsewhere', async () => {
    const current = ((await admin.client.get('/api/admin/settings')).json() as AdminSettings).values.shop;
    expect((await admin.client.put('/api/admin/settings/shop', { ...current, ships_elsewhere: true })).statusCode).toBe(200);
    const br = await quote({ lines: print(), country: 'BR', shipping_method: 'standard' });
    expect(br.ships_to_country).toBe(true);
    expect(br.shipping_total).toBe(599);
    const us = await placeOrder(shopper(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { shipping_address: US_ADDRESS }));
    expect(us.res.statusCode, us.res.body).toBe(200);
  });
});
