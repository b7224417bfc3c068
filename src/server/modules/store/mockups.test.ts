import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwardProductTemplate } from '@/contract/fulfilment';
import type { AwardMockups } from '@/contract/shop';
import { awards, products } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { shopCatalogue } from '../checkout/test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let other: { id: string; imageUrl: string | null };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInClient(t.app, { admin: true });
  shop = await shopCatalogue(t.app, t.database.db);
  const list = await t.database.db.select({ id: awards.id, imageUrl: awards.imageUrl }).from(awards).where(eq(awards.isActive, true)).orderBy(asc(awards.sortOrder)).limit(2);
  other = list[1]!;
});
afterAll(async () => {
  await t.close();
});

const product = (slug: string) => shop.cat.products.find((p) => p.slug === slug)!;
const mockupsOf = async (awardId: string) => {
  const res = await new TestClient(t.app).get(`/api/store/mockups?award=${awardId}`);
  expect(res.statusCode).toBe(200);
  return res;
};
const map = async (body: Record<string, unknown>) => {
  const res = await admin.client.post('/api/admin/award-product-templates', body);
  expect(res.statusCode).toBe(200);
  return res.json() as AwardProductTemplate;
};

describe('GET /api/store/mockups', () => {
  it('shows an award’s active mappings with a mockup, sized and described, and nothing else', async () => {
    const emblem = shop.award.imageUrl!;
    expect(emblem).toMatch(/^\/awards\/.+\.svg$/);
    const framed = product('framed-certificate');
    const gold = shop.variant('FRAME-A4-GOLD');
    const shown = await map({ award_id: shop.award.id, product_id: framed.id, variant_id: gold.id, mockup_url: emblem });
    const remote = await map({ award_id: shop.award.id, product_id: product('paper-print').id, mockup_url: 'https://files.example.test/mockups/paper.png' });
    // Not shown: switched off, without a mockup, another award's, a product that is off.
    await map({ award_id: shop.award.id, product_id: framed.id, mockup_url: '/products/framed-oak.svg', is_active: false });
    await map({ award_id: shop.award.id, product_id: framed.id, base_template_id: '5001' });
    await map({ award_id: other.id, product_id: framed.id, mockup_url: '/products/framed-black.svg' });
    const hidden = await t.database.db.insert(products).values({ slug: 'hidden-mug', name: 'Mug', kind: 'print', isActive: false }).returning();
    await map({ award_id: shop.award.id, product_id: hidden[0]!.id, mockup_url: '/products/paper-print.svg' });

    const res = await mockupsOf(shop.award.id);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=60/);
    expect(res.headers.etag).toBeTruthy();
    const body = res.json() as AwardMockups;
    expect(body.award_id).toBe(shop.award.id);
    expect(body.mockups).toEqual([
      { product_id: remote.product_id, variant_id: null, url: 'https://files.example.test/mockups/paper.png', width: null, height: null, alt: `Paper print, with the ${shop.award.title} certificate` },
      { product_id: framed.id, variant_id: gold.id, url: emblem, width: 240, height: 240, alt: `${framed.name}, ${gold.name}, with the ${shop.award.title} certificate` },
    ]);
    expect(shown.is_active).toBe(true);

    // The other award sees its own mapping only.
    expect(((await mockupsOf(other.id)).json() as AwardMockups).mockups.map((m) => m.url)).toEqual(['/products/framed-black.svg']);
  });

  it('follows the admin at once: a mapping switched off or deleted is gone from the store', async () => {
    const framed = product('framed-certificate');
    const award = other.id;
    const before = ((await mockupsOf(award)).json() as AwardMockups).mockups.length;
    const m = await map({ award_id: award, product_id: framed.id, mockup_url: '/products/framed-gold.svg' });
    expect(((await mockupsOf(award)).json() as AwardMockups).mockups).toHaveLength(before + 1);

    expect((await admin.client.patch(`/api/admin/award-product-templates/${m.id}`, { is_active: false })).statusCode).toBe(200);
    expect(((await mockupsOf(award)).json() as AwardMockups).mockups.map((x) => x.url)).not.toContain('/products/framed-gold.svg');

    expect((await admin.client.patch(`/api/admin/award-product-templates/${m.id}`, { is_active: true })).statusCode).toBe(200);
    expect(((await mockupsOf(award)).json() as AwardMockups).mockups.map((x) => x.url)).toContain('/products/framed-gold.svg');
    expect((await admin.client.delete(`/api/admin/award-product-templates/${m.id}`)).statusCode).toBe(200);
    expect(((await mockupsOf(award)).json() as AwardMockups).mockups).toHaveLength(before);
  });

  it('answers an award without mappings with an empty list, and refuses a malformed award id naming the field', async () => {
    const [last] = await t.database.db.select({ id: awards.id }).from(awards).orderBy(asc(awards.sortOrder)).offset(5).limit(1);
    expect(((await mockupsOf(last!.id)).json() as AwardMockups).mockups).toEqual([]);
    const bad = await new TestClient(t.app).get('/api/store/mockups?award=not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'award' } });
  });
});
