import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, DiscountCode } from '@/contract/admin-products';
import type { StoreCatalogue } from '@/contract/shop';
import { auditLog, discountCodes, products } from '@/server/db/schema/index';
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

describe('/api/admin/products', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/products')).statusCode).toBe(401);
    const user = await signedInClient(t.app);
    expect((await user.client.get('/api/admin/products')).statusCode).toBe(403);
    expect((await user.client.post('/api/admin/discount-codes', { code: 'HACK', kind: 'percent', value: 100 })).statusCode).toBe(403);
  });

  it('lists the seeded catalogue, active or not, with every variant', async () => {
    const list = (await admin.client.get('/api/admin/products')).json() as { products: AdminProduct[] };
    expect(list.products.map((p) => [p.slug, p.variants.length])).toEqual([
      ['framed-certificate', 6],
      ['paper-print', 2],
      ['digital-pdf', 1],
    ]);
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

    expect((await admin.client.delete(`/api/admin/discount-codes/${code.id}`)).json()).toEqual({ deleted: true });
    expect(await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id))).toEqual([]);
    expect((await audits(code.id, 'discount_code.deleted')).length).toBe(1);
  });
});
