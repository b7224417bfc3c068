import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@/contract/admin-settings';
import type { Order, Quote } from '@/contract/shop';
import { invoices, orders } from '@/server/db/schema/index';
import { signedInClient } from '@/server/test/auth-client';
import { startStripeServer, type StripeServer } from '@/server/test/loopback/stripe-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue, shoppers, US_ADDRESS } from './test-support';

/**
 * Tax by destination (issue 28, docs/decisions/133): VAT or GST at the destination's rate from the rate table, held in
 * the price where consumer law wants the shelf price to be the price paid (the EU, UK, AU, NZ), added on its own line
 * elsewhere (Canada by province); US sales tax off unless a provider collects it; the admin's overrides; a PDF taxed
 * where its buyer lives. Each tax rounded half up once, on the whole order.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let admin: Awaited<ReturnType<typeof signedInClient>>;
const shopper = shoppers(() => t.app, '198.18.7');

const address = (country: string, state: string, city: string, postal_code: string) => ({ ...US_ADDRESS, name: 'Robin Sample', country, state, city, postal_code });
const DE = address('DE', '', 'Berlin', '10117');
const FR = address('FR', '', 'Paris', '75001');
const GB = address('GB', '', 'London', 'SW1A 1AA');
const AU = address('AU', 'NSW', 'Sydney', '2000');
const ON = address('CA', 'ON', 'Toronto', 'M5H 2N2');
const QC = address('CA', 'QC', 'Montréal', 'H2Y 1C6');

/** Two A4 prints ($24.00 each) and a PDF ($9.00), standard shipping ($5.99): $62.99 before any tax. */
const cart = () => [
  { variant_id: shop.variant('PRINT-A4').id, quantity: 2, design: { award_id: shop.award.id, recipient_name: 'Robin' } },
  { variant_id: shop.variant('PDF').id, quantity: 1, design: { award_id: shop.award.id, recipient_name: 'Robin' } },
];

async function quoteFor(a: { country: string; state: string; postal_code: string }, lines = cart()): Promise<Quote> {
  const res = await shopper().post('/api/store/quote', { lines, shipping_method: 'standard', country: a.country, state: a.state, postal_code: a.postal_code });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Quote;
}

/** Places and pays an order to `shipping_address`, runs its receipt (and invoice), and answers its order page. */
async function paidOrderTo(shipping_address: typeof US_ADDRESS) {
  const buyer = shopper();
  const { res, result } = await placeOrder(buyer, { ...checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { shipping_address }), lines: cart() });
  expect(res.statusCode, res.body).toBe(200);
  expect((await pay(buyer, result!.payment_url, '4242 4242 4242 4242')).outcome?.status).toBe('succeeded');
  await t.drain();
  return (await buyer.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
  admin = await signedInClient(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
});

describe('VAT and GST held in the price (EU, UK, Australia)', () => {
  it('Germany: the total is the shelf price and 19 % VAT of it is shown inside', async () => {
    const q = await quoteFor(DE);
    // 6299 × 19 ÷ 119 = 1005.71 → 1006
    expect(q).toMatchObject({ subtotal: 5700, shipping_total: 599, prices_include_tax: true, tax_rate_bps: 1900, tax_total: 1006 });
    expect(q.total).toBe(6299);
    expect(q.tax_lines).toEqual([{ name: 'VAT', rate_bps: 1900, amount: 1006 }]);
  });

  it('France 20 %, the UK 20 %, Australia 10 % GST: same shelf total, each its own tax', async () => {
    for (const [a, name, rate, tax] of [
      [FR, 'VAT', 2000, 1050], // 6299 ÷ 6 = 1049.83 → 1050
      [GB, 'VAT', 2000, 1050],
      [AU, 'GST', 1000, 573], // 6299 ÷ 11 = 572.64 → 573
    ] as const) {
      const q = await quoteFor(a);
      expect(q, a.country).toMatchObject({ prices_include_tax: true, total: 6299, tax_total: tax, tax_lines: [{ name, rate_bps: rate, amount: tax }] });
    }
  });

  it('the paid order keeps its taxes: order page, receipt and invoice say VAT 19 % is included', async () => {
    const order = await paidOrderTo(DE);
    expect(order).toMatchObject({ total: 6299, tax_total: 1006, prices_include_tax: true, tax_lines: [{ name: 'VAT', rate_bps: 1900, amount: 1006 }] });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(row!.document).toMatchObject({ total: 6299, taxIncluded: true, taxes: [{ label: 'VAT 19%', rateBps: 1900, base: 6299 - 1006, amount: 1006 }] });
    const pdf = await shopper().get(order.documents[0]!.url);
    expect(pdf.statusCode).toBe(200);
  });
});

describe('taxes added on their own lines (Canada)', () => {
  it('Ontario: 13 % HST added to goods and shipping', async () => {
    const q = await quoteFor(ON);
    // 6299 × 13 % = 818.87 → 819
    expect(q).toMatchObject({ prices_include_tax: false, tax_lines: [{ name: 'HST', rate_bps: 1300, amount: 819 }], tax_total: 819, total: 6299 + 819 });
  });

  it('Quebec: GST 5 % and QST 9.975 %, each rounded once', async () => {
    const q = await quoteFor(QC);
    // 6299 × 5 % = 314.95 → 315 (half up); 6299 × 9.975 % = 628.33 → 628
    expect(q.tax_lines).toEqual([
      { name: 'GST', rate_bps: 500, amount: 315 },
      { name: 'QST', rate_bps: 997.5, amount: 628 },
    ]);
    expect(q).toMatchObject({ tax_total: 943, total: 6299 + 943 });
  });

  it('the Ontario order charges the total with its tax, and its invoice shows HST on the amount', async () => {
    const order = await paidOrderTo(ON);
    expect(order).toMatchObject({ total: 7118, tax_total: 819, prices_include_tax: false });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ total: 7118, taxRateBps: 1300, taxLines: [{ name: 'HST', rate_bps: 1300, amount: 819 }] });
    const [doc] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(doc!.document).toMatchObject({ total: 7118, taxIncluded: false, taxes: [{ label: 'HST 13%', base: 6299, amount: 819 }] });
  });
});

describe('in the buyer’s currency: the shop’s price lists with the destination’s tax (decision 134)', () => {
  // The seeded price lists: PRINT-A4 €24 / £21 / CA$32 / A$36, PDF €9 / £8 / CA$12 / A$14; standard shipping
  // €5.99 / £4.99 / CA$7.99 / A$8.99.
  const quoteIn = async (a: { country: string; state: string; postal_code: string }, currency: string) => {
    const res = await shopper().post('/api/store/quote', { lines: cart(), shipping_method: 'standard', country: a.country, state: a.state, postal_code: a.postal_code, currency });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Quote;
  };

  it('Germany and France in euros, the UK in pounds, Australia in Australian dollars: VAT or GST inside the shelf price', async () => {
    expect(await quoteIn(DE, 'EUR')).toMatchObject({ currency: 'EUR', subtotal: 5700, shipping_total: 599, total: 6299, tax_lines: [{ name: 'VAT', rate_bps: 1900, amount: 1006 }] });
    expect(await quoteIn(FR, 'EUR')).toMatchObject({ currency: 'EUR', total: 6299, tax_lines: [{ name: 'VAT', rate_bps: 2000, amount: 1050 }] });
    // 2 × £21 + £8 + £4.99 = £54.99, of which 20 %: 5499 ÷ 6 = 916.5 → £9.17
    expect(await quoteIn(GB, 'GBP')).toMatchObject({ currency: 'GBP', subtotal: 5000, shipping_total: 499, total: 5499, prices_include_tax: true, tax_lines: [{ name: 'VAT', rate_bps: 2000, amount: 917 }] });
    // 2 × A$36 + A$14 + A$8.99 = A$94.99, of which 10 %: 9499 ÷ 11 = 863.5 → A$8.64
    expect(await quoteIn(AU, 'AUD')).toMatchObject({ currency: 'AUD', subtotal: 8600, shipping_total: 899, total: 9499, tax_lines: [{ name: 'GST', rate_bps: 1000, amount: 864 }] });
  });

  it('Ontario in Canadian dollars: HST added to the shelf price', async () => {
    // 2 × CA$32 + CA$12 + CA$7.99 = CA$83.99; 13 % = 1091.87 → CA$10.92
    expect(await quoteIn(ON, 'CAD')).toMatchObject({ currency: 'CAD', subtotal: 7600, shipping_total: 799, prices_include_tax: false, tax_lines: [{ name: 'HST', rate_bps: 1300, amount: 1092 }], total: 8399 + 1092 });
  });

  it('the order is written, charged and invoiced in its currency', async () => {
    const buyer = shopper();
    const { res, result } = await placeOrder(buyer, { ...checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { shipping_address: GB, currency: 'GBP' }), lines: cart() });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pay(buyer, result!.payment_url, '4242 4242 4242 4242')).outcome?.status).toBe('succeeded');
    await t.drain();
    const order = (await buyer.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
    expect(order).toMatchObject({ currency: 'GBP', total: 5499, tax_total: 917, prices_include_tax: true });
    const [doc] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(doc!.document).toMatchObject({ currency: 'GBP', total: 5499, taxIncluded: true, taxes: [{ label: 'VAT 20%', amount: 917 }] });
  });

  it('a currency the shop does not sell in is refused, naming the field', async () => {
    const res = await shopper().post('/api/store/quote', { lines: cart(), currency: 'JPY' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'CURRENCY_NOT_SOLD', field: 'currency', message: 'We don’t sell in JPY. Choose USD, EUR, GBP, CAD, AUD.' });
    const placed = await placeOrder(shopper(), { ...checkoutBody(shop.award.id, shop.variant('PRINT-A4').id), currency: 'JPY' });
    expect(placed.res.statusCode).toBe(400);
    expect(placed.res.json().error.field).toBe('currency');
  });
});

describe('the United States', () => {
  it('California: no sales tax unless the shop collects it through a provider', async () => {
    const q = await quoteFor(US_ADDRESS);
    expect(q).toMatchObject({ prices_include_tax: false, tax_lines: [], tax_total: 0, total: 6299 });
  });
});

describe('discounts, PDFs and the admin’s overrides', () => {
  it('tax is on the goods after the discount plus shipping', async () => {
    await t.database.db.execute(`insert into discount_codes (code, kind, value) values ('TAXTEN', 'percent', 10)`);
    const res = await shopper().post('/api/store/quote', { lines: cart(), shipping_method: 'standard', country: 'CA', state: 'ON', discount_code: 'TAXTEN' });
    const q = res.json() as Quote;
    // 5700 − 570 + 599 = 5729; × 13 % = 744.77 → 745
    expect(q).toMatchObject({ subtotal: 5700, discount: { amount: 570 }, tax_total: 745, total: 5729 + 745 });
  });

  it('a PDF-only order is taxed where its buyer says they live', async () => {
    const pdf = [{ variant_id: shop.variant('PDF').id, quantity: 1, design: { award_id: shop.award.id, recipient_name: 'Robin' } }];
    const buyer = shopper();
    const { res, result } = await placeOrder(buyer, { email: 'robin@example.test', lines: pdf, country: 'IE' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    // Ireland 23 %, inside the €/$ 9.00: 900 × 23 ÷ 123 = 168.29 → 168
    expect(row).toMatchObject({ total: 900, taxTotal: 168, pricesIncludeTax: true, taxLines: [{ name: 'VAT', rate_bps: 2300, amount: 168 }] });
    const bad = await placeOrder(shopper(), { email: 'robin@example.test', lines: pdf, country: 'Ireland' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().error).toMatchObject({ field: 'country', message: 'country must be a two-letter country code' });
  });

  it('the admin overrides a country or a province: 0 for none, or another rate; saved and audited', async () => {
    const current = ((await admin.client.get('/api/admin/settings')).json() as AdminSettings).values.shop;
    const saved = await admin.client.put('/api/admin/settings/shop', { ...current, tax_rates: { DE: 0, 'CA-ON': 1500 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await quoteFor(DE)).tax_lines).toEqual([]);
    // 6299 × 15 % = 944.85 → 945
    expect(await quoteFor(ON)).toMatchObject({ tax_lines: [{ name: 'Tax', rate_bps: 1500, amount: 945 }], total: 6299 + 945 });
    // The rest of Canada and Europe still follow the table.
    expect((await quoteFor(QC)).tax_total).toBe(943);
    expect((await quoteFor(FR)).tax_total).toBe(1050);
    const bad = await admin.client.put('/api/admin/settings/shop', { ...current, tax_rates: { 'CA-ONTARIO': 1300 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('tax_rates.CA-ONTARIO');
    await admin.client.put('/api/admin/settings/shop', current);
  });
});

describe('US sales tax through Stripe Tax (US_SALES_TAX=stripe), against a loopback server that speaks Stripe', () => {
  let stripe: StripeServer;
  let us: TestApp;
  const buyer = shoppers(() => us.app, '198.18.8');

  beforeAll(async () => {
    stripe = await startStripeServer({ secretKey: 'sk_test_51TaxLoopback0000', webhookSecret: 'whsec_taxLoopback', taxRates: { CA: '7.25' } });
    us = await createTestApp({
      jobs: 'manual',
      env: { STRIPE_SECRET_KEY: 'sk_test_51TaxLoopback0000', STRIPE_WEBHOOK_SECRET: 'whsec_taxLoopback', STRIPE_API_URL: stripe.url, US_SALES_TAX: 'stripe' },
    });
  });
  afterAll(async () => {
    await us.close();
    await stripe.close();
  });

  it('California: the provider’s tax is added, and the payment is asked for the total in the order’s currency', async () => {
    const catalogue = await shopCatalogue(us.app, us.database.db);
    const lines = [{ variant_id: catalogue.variant('PRINT-A4').id, quantity: 2, design: { award_id: catalogue.award.id, recipient_name: 'Robin' } }];
    const q = (await buyer().post('/api/store/quote', { lines, shipping_method: 'standard', country: 'US', state: 'CA', postal_code: '95014' })).json() as Quote;
    // 4800 × 7.25 % = 348; 599 × 7.25 % = 43.43 → 43 (the loopback rounds each amount, as Stripe does)
    expect(q).toMatchObject({ prices_include_tax: false, tax_lines: [{ name: 'California sales tax', rate_bps: 725, amount: 391 }], tax_total: 391, total: 4800 + 599 + 391 });
    const sent = [...stripe.taxCalculations.values()].at(-1)!;
    expect(sent).toMatchObject({ currency: 'usd', customer_details: { address: { country: 'US', state: 'CA', postal_code: '95014' } } });

    const { res, result } = await placeOrder(buyer(), { ...checkoutBody(catalogue.award.id, catalogue.variant('PRINT-A4').id), lines });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await us.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    expect(row).toMatchObject({ total: 5790, taxTotal: 391, currency: 'USD' });
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.params).toMatchObject({ line_items: [{ price_data: { currency: 'usd', unit_amount: '5790' } }] });
  });

  it('an order in euros asks Stripe for euros', async () => {
    const catalogue = await shopCatalogue(us.app, us.database.db);
    const lines = [{ variant_id: catalogue.variant('PRINT-A4').id, quantity: 1, design: { award_id: catalogue.award.id, recipient_name: 'Jonas' } }];
    const { res, result } = await placeOrder(buyer(), { ...checkoutBody(catalogue.award.id, catalogue.variant('PRINT-A4').id, { shipping_address: DE, currency: 'EUR' }), lines });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await us.database.db.select().from(orders).where(eq(orders.id, result!.order_id));
    // €24.00 + €5.99, VAT 19 % inside.
    expect(row).toMatchObject({ currency: 'EUR', total: 2999, taxTotal: 479 });
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.params).toMatchObject({ line_items: [{ price_data: { currency: 'eur', unit_amount: '2999' } }] });
  });

  it('an address Stripe cannot tax is refused on its postal code; Stripe not answering is a 502 and no order', async () => {
    const catalogue = await shopCatalogue(us.app, us.database.db);
    const lines = [{ variant_id: catalogue.variant('PRINT-A4').id, quantity: 1, design: { award_id: catalogue.award.id, recipient_name: 'Robin' } }];
    const bad = await buyer().post('/api/store/quote', { lines, shipping_method: 'standard', country: 'US', state: 'CA', postal_code: '9' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'ADDRESS_NOT_TAXABLE', field: 'shipping_address.postal_code', message: 'We could not work out the sales tax for this address. Please check the ZIP code.' });

    const before = (await us.database.db.select().from(orders)).length;
    stripe.failTaxCalculations({ status: 500 });
    try {
      const down = await placeOrder(buyer(), checkoutBody(catalogue.award.id, catalogue.variant('PRINT-A4').id));
      expect(down.res.statusCode).toBe(502);
      expect(down.res.json().error).toMatchObject({ code: 'TAX_PROVIDER_UNAVAILABLE' });
    } finally {
      stripe.failTaxCalculations(null);
    }
    expect((await us.database.db.select().from(orders)).length).toBe(before);
  });
});
