import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MAX, type AdminProduct, type AdminProductList, type DiscountCode, type DiscountCodeList } from '@/contract/admin-products';
import type { Quote, StoreCatalogue } from '@/contract/shop';
import { auditLog, awards, discountCodes, products, variantPrices, variants } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
});

const audits = async (entityId: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
const storeSkus = async () =>
  ((await new TestClient(t.app).get('/api/store/products')).json() as StoreCatalogue).products.flatMap((p) => p.variants.map((v) => v.sku));
/** The store's catalogue in a currency: SKU → price. */
const storePrices = async (currency: string) => {
  const res = await new TestClient(t.app).get(`/api/store/products?currency=${currency}`);
  expect(res.statusCode).toBe(200);
  return new Map((res.json() as StoreCatalogue).products.flatMap((p) => p.variants.map((v) => [v.sku, v.price] as const)));
};
const adminList = async () => (await admin.client.get('/api/admin/products')).json() as AdminProductList;
const priceRows = async (variantId: string) =>
  (await t.database.db.select().from(variantPrices).where(eq(variantPrices.variantId, variantId)).orderBy(asc(variantPrices.currency))).map((r) => [r.currency, r.price]);

describe('/api/admin/products', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/products')).statusCode).toBe(401);
    const user = await signedInClient(t.app);
    expect((await user.client.get('/api/admin/products')).statusCode).toBe(403);
    expect((await user.client.post('/api/admin/discount-codes', { code: 'HACK', kind: 'percent', value: 100 })).statusCode).toBe(403);
  });

  it('lists the seeded catalogue, active or not, with every variant, its price lists and the currencies the shop sells in', async () => {
    const list = await adminList();
    expect(list.products.map((p) => [p.slug, p.variants.length])).toEqual([
      ['framed-certificate', 6],
      ['paper-print', 2],
      ['digital-pdf', 1],
    ]);
    expect({ currency: list.currency, currencies: list.currencies }).toEqual({ currency: 'USD', currencies: ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] });
    const oak = list.products[0]!.variants.find((v) => v.sku === 'FRAME-A4-OAK')!;
    expect(oak).toMatchObject({ price: 6400, currency: 'USD', prices: { EUR: 6400, GBP: 5500, CAD: 8600, AUD: 9600 } });
  });

  it('creates a product and a variant, changes a price and deactivates it — each audited, and the store follows at once', async () => {
    const created = await admin.client.post('/api/admin/products', { slug: 'poster', name: 'Poster', kind: 'print', description: 'Big.' });
    expect(created.statusCode).toBe(200);
    const product = created.json() as AdminProduct;
    expect((await audits(product.id, 'product.created')).length).toBe(1);

    const withVariant = await admin.client.post(`/api/admin/products/${product.id}/variants`, { sku: 'poster-a2', name: 'A2', size: 'A2 (420 × 594 mm)', price: 4500, weight_grams: 200 });
    expect(withVariant.statusCode).toBe(200);
    const variant = (withVariant.json() as AdminProduct).variants[0]!;
    expect(variant).toMatchObject({ sku: 'POSTER-A2', price: 4500, currency: 'USD', is_active: true });
    expect(await storeSkus()).toContain('POSTER-A2');

    const repriced = await admin.client.patch(`/api/admin/variants/${variant.id}`, { price: 3900 });
    expect((repriced.json() as AdminProduct).variants[0]!.price).toBe(3900);
    const [row] = await audits(variant.id, 'variant.updated');
    expect(row).toMatchObject({ actorUserId: admin.user.id, before: expect.objectContaining({ price: 4500 }), after: { price: 3900 } });

    await admin.client.patch(`/api/admin/products/${product.id}`, { is_active: false });
    expect(await storeSkus()).not.toContain('POSTER-A2');

    const gone = await admin.client.delete(`/api/admin/products/${product.id}`);
    expect(gone.json()).toEqual({ deleted: true });
    expect((await audits(product.id, 'product.deleted')).length).toBe(1);
    expect(await t.database.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
  });

  it('refuses bad input naming the field, and a duplicate slug or SKU with 409; nothing is stored', async () => {
    const before = Number((await t.database.db.select({ n: count() }).from(products))[0]!.n);
    for (const [body, field] of [
      [{ slug: 'Not A Slug', name: 'X', kind: 'print' }, 'slug'],
      [{ slug: 'ok-slug', name: '', kind: 'print' }, 'name'],
      [{ slug: 'ok-slug', name: 'X', kind: 'mug' }, 'kind'],
      [{ slug: 'ok-slug', name: 'X', kind: 'print', thumbnail_url: 'javascript:alert(1)' }, 'thumbnail_url'],
    ] as const) {
      const res = await admin.client.post('/api/admin/products', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    const dup = await admin.client.post('/api/admin/products', { slug: 'paper-print', name: 'Again', kind: 'print' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'slug' });
    expect(Number((await t.database.db.select({ n: count() }).from(products))[0]!.n)).toBe(before);

    const list = (await admin.client.get('/api/admin/products')).json() as { products: AdminProduct[] };
    const framed = list.products.find((p) => p.slug === 'framed-certificate')!;
    const dupSku = await admin.client.post(`/api/admin/products/${framed.id}/variants`, { sku: 'frame-a4-oak', name: 'Again', size: 'A4', price: 1 });
    expect(dupSku.json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'sku' });
    const negative = await admin.client.patch(`/api/admin/variants/${framed.variants[0]!.id}`, { price: -1 });
    expect(negative.json().error.field).toBe('price');
  });
});

describe('a variant’s prices in the shop’s other currencies (docs/decisions/134)', () => {
  it('sets them with the variant, reads them back, sells at them and stops selling where one is taken out — one audit entry each', async () => {
    const product = (await admin.client.post('/api/admin/products', { slug: 'sticker', name: 'Sticker', kind: 'print' })).json() as AdminProduct;
    const created = await admin.client.post(`/api/admin/products/${product.id}/variants`, { sku: 'sticker-a6', name: 'A6', size: 'A6', price: 500, prices: { EUR: 550, GBP: 450 } });
    expect(created.statusCode).toBe(200);
    const variant = (created.json() as AdminProduct).variants[0]!;
    expect(variant).toMatchObject({ currency: 'USD', price: 500, prices: { EUR: 550, GBP: 450 } });
    expect(await priceRows(variant.id)).toEqual([['EUR', 550], ['GBP', 450]]);
    expect((await audits(variant.id, 'variant.created'))[0]).toMatchObject({ after: { sku: 'STICKER-A6', price: 500, prices: { EUR: 550, GBP: 450 } } });
    expect((await storePrices('EUR')).get('STICKER-A6')).toBe(550);
    expect((await storePrices('GBP')).get('STICKER-A6')).toBe(450);
    // Not priced in Canadian dollars: not sold in them.
    expect((await storePrices('CAD')).has('STICKER-A6')).toBe(false);

    // The list is replaced whole: GBP left out is no longer sold in; NZD may be priced before the shop sells in it.
    const changed = await admin.client.patch(`/api/admin/variants/${variant.id}`, { prices: { EUR: 600, NZD: 900 } });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as AdminProduct).variants[0]!.prices).toEqual({ EUR: 600, NZD: 900 });
    expect((await adminList()).products.find((p) => p.id === product.id)!.variants[0]!.prices).toEqual({ EUR: 600, NZD: 900 });
    expect((await storePrices('EUR')).get('STICKER-A6')).toBe(600);
    expect((await storePrices('GBP')).has('STICKER-A6')).toBe(false);
    expect((await storePrices('USD')).get('STICKER-A6')).toBe(500);
    const [entry, ...more] = await audits(variant.id, 'variant.updated');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorUserId: admin.user.id, before: { price: 500, prices: { EUR: 550, GBP: 450 } }, after: { prices: { EUR: 600, NZD: 900 } } });

    // The quote follows: a cart in pounds cannot buy it any more.
    const [award] = await t.database.db.select().from(awards).where(eq(awards.isActive, true)).limit(1);
    const lines = [{ variant_id: variant.id, quantity: 1, design: { award_id: award!.id, recipient_name: 'Dana' } }];
    const inGbp = (await new TestClient(t.app).post('/api/store/quote', { lines, currency: 'GBP' })).json() as Quote;
    expect(inGbp.lines[0]).toMatchObject({ available: false });
    const inEur = (await new TestClient(t.app).post('/api/store/quote', { lines, currency: 'EUR' })).json() as Quote;
    expect(inEur.lines[0]).toMatchObject({ available: true, unit_price: 600 });

    // A change that names no prices leaves the list (and every other field) as it is.
    await admin.client.patch(`/api/admin/variants/${variant.id}`, { is_active: false });
    const repriced = (await admin.client.patch(`/api/admin/variants/${variant.id}`, { price: 450 })).json() as AdminProduct;
    expect(repriced.variants[0]).toMatchObject({ price: 450, is_active: false, prices: { EUR: 600, NZD: 900 } });

    // An empty list: sold in its own currency only.
    await admin.client.patch(`/api/admin/variants/${variant.id}`, { prices: {}, is_active: true });
    expect(await priceRows(variant.id)).toEqual([]);
    expect((await storePrices('EUR')).has('STICKER-A6')).toBe(false);
    expect((await storePrices('USD')).get('STICKER-A6')).toBe(450);
    await admin.client.delete(`/api/admin/products/${product.id}`);
  });

  it('refuses a currency the shop cannot sell in, the variant’s own, a price out of range — naming the entry; nothing is stored', async () => {
    const framed = (await adminList()).products.find((p) => p.slug === 'framed-certificate')!;
    const oak = framed.variants.find((v) => v.sku === 'FRAME-A4-OAK')!;
    const before = await priceRows(oak.id);
    for (const [prices, field] of [
      [{ XYZ: 100 }, 'prices.XYZ'],
      [{ EUR: 100, JPY: 100 }, 'prices.JPY'],
      [{ eur: 100 }, 'prices.eur'],
      [{ EUR: -1 }, 'prices.EUR'],
      [{ GBP: PRICE_MAX + 1 }, 'prices.GBP'],
      [{ EUR: 12.5 }, 'prices.EUR'],
      [{ EUR: '12.50' }, 'prices.EUR'],
      [{ USD: 6400 }, 'prices.USD'],
      [['EUR', 100], 'prices'],
    ] as const) {
      const patched = await admin.client.patch(`/api/admin/variants/${oak.id}`, { prices });
      expect([patched.statusCode, patched.json().error.field]).toEqual([400, field]);
      const posted = await admin.client.post(`/api/admin/products/${framed.id}/variants`, { sku: 'FRAME-NEW', name: 'New', size: 'A4', price: 100, prices });
      expect([posted.statusCode, posted.json().error.field]).toEqual([400, field]);
    }
    expect((await admin.client.patch(`/api/admin/variants/${oak.id}`, { prices: { EUR: 1 } })).json().error).toBeUndefined();
    // A new own currency its list has a price in: the admin says which list goes with it.
    const moved = await admin.client.patch(`/api/admin/variants/${oak.id}`, { currency: 'EUR' });
    expect([moved.statusCode, moved.json().error.field]).toEqual([400, 'currency']);
    const refused = await admin.client.patch(`/api/admin/variants/${oak.id}`, { currency: 'EUR', prices: { EUR: 1 } });
    expect([refused.statusCode, refused.json().error.field]).toEqual([400, 'prices.EUR']);
    await admin.client.patch(`/api/admin/variants/${oak.id}`, { prices: Object.fromEntries(before) });
    expect(await priceRows(oak.id)).toEqual(before);
    expect(await t.database.db.select().from(variants).where(eq(variants.sku, 'FRAME-NEW'))).toEqual([]);
  });

  it('a product change leaves the fields it does not name as they are', async () => {
    const product = (await admin.client.post('/api/admin/products', { slug: 'mug', name: 'Mug', kind: 'print', description: 'Holds tea.', sort_order: 7 })).json() as AdminProduct;
    const off = (await admin.client.patch(`/api/admin/products/${product.id}`, { is_active: false })).json() as AdminProduct;
    expect(off).toMatchObject({ description: 'Holds tea.', sort_order: 7, is_active: false });
    await admin.client.delete(`/api/admin/products/${product.id}`);
  });
});

describe('/api/admin/discount-codes', () => {
  it('creates, changes and deletes codes (audited); a percentage over 100 or a duplicate code is refused', async () => {
    const created = await admin.client.post('/api/admin/discount-codes', { code: 'spring10', kind: 'percent', value: 10, min_subtotal: 2000, usage_limit: 100 });
    expect(created.statusCode).toBe(200);
    const code = created.json() as DiscountCode;
    expect(code).toMatchObject({ code: 'SPRING10', used_count: 0, expires_at: null });
    expect((await audits(code.id, 'discount_code.created')).length).toBe(1);

    expect((await admin.client.post('/api/admin/discount-codes', { code: 'TOO-MUCH', kind: 'percent', value: 101 })).json().error.field).toBe('value');
    expect((await admin.client.post('/api/admin/discount-codes', { code: 'SPRING10', kind: 'fixed', value: 5 })).json().error).toMatchObject({ code: 'ALREADY_EXISTS', field: 'code' });
    expect((await admin.client.patch(`/api/admin/discount-codes/${code.id}`, { value: 150 })).json().error.field).toBe('value');

    const changed = await admin.client.patch(`/api/admin/discount-codes/${code.id}`, { expires_at: '2031-01-01T00:00:00Z', is_active: false });
    expect(changed.json()).toMatchObject({ expires_at: '2031-01-01T00:00:00.000Z', is_active: false });
    const listed = (await admin.client.get('/api/admin/discount-codes')).json() as { discount_codes: DiscountCode[] };
    expect(listed.discount_codes.map((c) => c.code)).toContain('SPRING10');

    // Switched off, it keeps its minimum.
    expect(changed.json()).toMatchObject({ min_subtotal: 2000 });

    expect((await admin.client.delete(`/api/admin/discount-codes/${code.id}`)).json()).toEqual({ deleted: true });
    expect(await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id))).toEqual([]);
    expect((await audits(code.id, 'discount_code.deleted')).length).toBe(1);
  });

  it('a fixed code in euros: created through the admin API, it takes money off orders in euros and says so on orders in dollars', async () => {
    const created = await admin.client.post('/api/admin/discount-codes', { code: 'EURO5', kind: 'fixed', value: 500, currency: 'eur' });
    expect(created.statusCode).toBe(200);
    const code = created.json() as DiscountCode;
    expect(code).toMatchObject({ code: 'EURO5', kind: 'fixed', value: 500, currency: 'EUR' });
    expect((await audits(code.id, 'discount_code.created'))[0]).toMatchObject({ after: { currency: 'EUR', value: 500 } });
    const listed = (await admin.client.get('/api/admin/discount-codes')).json() as DiscountCodeList;
    expect(listed).toMatchObject({ currency: 'USD', currencies: ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] });
    expect(listed.discount_codes.find((c) => c.code === 'EURO5')).toMatchObject({ currency: 'EUR' });

    const catalogue = (await new TestClient(t.app).get('/api/store/products')).json() as StoreCatalogue;
    const oak = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'FRAME-A4-OAK')!;
    const [award] = await t.database.db.select().from(awards).where(eq(awards.isActive, true)).limit(1);
    const lines = [{ variant_id: oak.id, quantity: 1, design: { award_id: award!.id, recipient_name: 'Dana' } }];
    const inEur = (await new TestClient(t.app).post('/api/store/quote', { lines, currency: 'EUR', discount_code: 'euro5' })).json() as Quote;
    expect(inEur).toMatchObject({ currency: 'EUR', discount: { code: 'EURO5', amount: 500 }, discount_error: null });
    const inUsd = (await new TestClient(t.app).post('/api/store/quote', { lines, currency: 'USD', discount_code: 'EURO5' })).json() as Quote;
    expect(inUsd).toMatchObject({ discount: null, discount_error: 'This code works on orders in EUR only.' });

    // Moved to pounds (audited), then to the shop's own: stored as null, "the shop's own".
    const gbp = await admin.client.patch(`/api/admin/discount-codes/${code.id}`, { currency: 'GBP' });
    expect(gbp.json()).toMatchObject({ currency: 'GBP' });
    expect((await audits(code.id, 'discount_code.updated'))[0]).toMatchObject({ before: { currency: 'EUR' }, after: { currency: 'GBP' } });
    expect((await admin.client.patch(`/api/admin/discount-codes/${code.id}`, { currency: 'USD' })).json()).toMatchObject({ currency: null });
    const own = await admin.client.post('/api/admin/discount-codes', { code: 'DOLLAR5', kind: 'fixed', value: 500 });
    expect(own.json()).toMatchObject({ currency: null });
  });

  it('refuses a currency the shop does not sell in, naming currency', async () => {
    for (const currency of ['JPY', 'NZD', 'XX', 5]) {
      const res = await admin.client.post('/api/admin/discount-codes', { code: `C-${String(currency)}`, kind: 'fixed', value: 100, currency });
      expect([res.statusCode, res.json().error.field]).toEqual([400, 'currency']);
    }
    expect((await admin.client.post('/api/admin/discount-codes', { code: 'C-NZD', kind: 'fixed', value: 100, currency: 'NZD' })).json().error).toMatchObject({
      code: 'CURRENCY_NOT_SOLD',
      message: 'The shop does not sell in NZD: choose USD, EUR, GBP, CAD, AUD.',
    });
    const code = (await admin.client.post('/api/admin/discount-codes', { code: 'C-OK', kind: 'percent', value: 10, min_subtotal: 5000, currency: 'CAD' })).json() as DiscountCode;
    const res = await admin.client.patch(`/api/admin/discount-codes/${code.id}`, { currency: 'JPY' });
    expect([res.statusCode, res.json().error.field]).toEqual([400, 'currency']);
    expect(await t.database.db.select({ c: discountCodes.currency }).from(discountCodes).where(eq(discountCodes.id, code.id))).toEqual([{ c: 'CAD' }]);
  });
});
