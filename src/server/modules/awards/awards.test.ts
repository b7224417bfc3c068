import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import { awards, categories } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const [office, kitchen, retired] = await t.database.db
    .insert(categories)
    .values([
      { slug: 'office', name: 'Office', color: '#1d4ed8', sortOrder: 1 },
      { slug: 'kitchen', name: 'Kitchen', color: null, sortOrder: 2 },
      { slug: 'retired', name: 'Retired', color: '#000000', sortOrder: 3, isActive: false },
    ])
    .returning();
  ids.office = office!.id;
  ids.kitchen = kitchen!.id;
  ids.retired = retired!.id;
  const rows = await t.database.db
    .insert(awards)
    .values([
      { slug: 'reply-all', title: 'Reply-All Champion', description: 'For copying everyone.', tagline: 'Everyone knows.', sortOrder: 10, categoryId: office!.id, categorySlug: 'office', stats: { Rarity: '1 in 5' } },
      { slug: 'microwave', title: 'Microwave Fish Laureate', description: 'Lunch, weaponised.', tagline: 'The whole FLOOR noticed', sortOrder: 20, categoryId: kitchen!.id, categorySlug: 'kitchen' },
      { slug: 'percent', title: 'Gave 110%', description: 'Mathematically impossible effort of 100% plus.', tagline: null, sortOrder: 30, categoryId: null },
      { slug: 'orphan', title: 'Orphaned Achievement', description: 'Category went missing.', tagline: 'Lost and found', sortOrder: 40, categoryId: retired!.id, categorySlug: 'retired' },
      { slug: 'hidden', title: 'Retired Fax Etiquette', description: 'No longer issued.', tagline: 'Beep', sortOrder: 50, isActive: false, categoryId: office!.id },
    ])
    .returning();
  for (const r of rows) ids[r.slug] = r.id;
});

afterAll(async () => {
  await t.close();
});

async function list(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/awards${query}` });
  return { res, body: res.json() as Award[] };
}

describe('GET /api/awards', () => {
  it('returns active awards by sort_order with the category joined', async () => {
    const { res, body } = await list();
    expect(res.statusCode).toBe(200);
    expect(body.map((a) => a.slug)).toEqual(['reply-all', 'microwave', 'percent', 'orphan']);
    const replyAll = body[0]!;
    expect(replyAll.category).toMatchObject({ id: ids.office, name: 'Office', color: '#1d4ed8' });
    expect(replyAll.stats).toEqual({ Rarity: '1 in 5' });
    expect(body.find((a) => a.slug === 'percent')!.category).toBeNull();
    // A category that is no longer active is not a known category: the award goes to 'Other Awards'.
    expect(body.find((a) => a.slug === 'orphan')!.category).toBeNull();
  });

  it('searches title, description and tagline case-insensitively', async () => {
    expect((await list('?search=REPLY')).body.map((a) => a.slug)).toEqual(['reply-all']);
    expect((await list('?search=weaponised')).body.map((a) => a.slug)).toEqual(['microwave']);
    expect((await list('?search=whole%20floor')).body.map((a) => a.slug)).toEqual(['microwave']);
    expect((await list('?search=nothing-matches-this')).body).toEqual([]);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await list('?search=100%25')).body.map((a) => a.slug)).toEqual(['percent']);
    expect((await list('?search=_')).body).toEqual([]);
  });

  it('filters by category_id', async () => {
    expect((await list(`?category_id=${ids.kitchen}`)).body.map((a) => a.slug)).toEqual(['microwave']);
  });

  it('filters by a sort_order range, inclusive', async () => {
    expect((await list('?min_sort_order=20&max_sort_order=30')).body.map((a) => a.slug)).toEqual([
      'microwave',
      'percent',
    ]);
    expect((await list('?min_sort_order=35')).body.map((a) => a.slug)).toEqual(['orphan']);
    expect((await list('?max_sort_order=10')).body.map((a) => a.slug)).toEqual(['reply-all']);
  });

  it('never shows inactive awards to public callers', async () => {
    expect((await list('?is_active=false')).body).toEqual([]);
    expect((await list(`?category_id=${ids.office}`)).body.map((a) => a.slug)).toEqual(['reply-all']);
    expect((await list('?is_active=true')).body).toHaveLength(4);
  });

  it('limits the number of results', async () => {
    expect((await list('?limit=2')).body.map((a) => a.slug)).toEqual(['reply-all', 'microwave']);
  });

  it.each([
    ['?is_active=yes', 'is_active'],
    ['?category_id=not-a-uuid', 'category_id'],
    ['?min_sort_order=abc', 'min_sort_order'],
    ['?max_sort_order=1.5', 'max_sort_order'],
    ['?min_sort_order=50&max_sort_order=10', 'max_sort_order'],
    ['?limit=0', 'limit'],
    ['?limit=1000', 'limit'],
    [`?search=${'x'.repeat(101)}`, 'search'],
    ['?colour=red', 'colour'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { res } = await list(query);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string; field?: string } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.field).toBe(field);
    expect(body.error.message).toContain(field);
  });

  it('sends cache headers and answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/awards' });
    expect(first.headers['cache-control']).toContain('max-age');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const second = await t.app.inject({ method: 'GET', url: '/api/awards', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
  });

  it('returns stats as an object even when the stored value is not one', async () => {
    await t.database.db.insert(awards).values({ slug: 'odd', title: 'Odd Stats', stats: ['not', 'an', 'object'] as never, sortOrder: 60 });
    const { body } = await list('?min_sort_order=60');
    expect(body[0]!.stats).toEqual({});
  });
});

describe('GET /api/categories', () => {
  it('lists active categories by sort_order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { slug: string }[]).map((c) => c.slug)).toEqual(['office', 'kitchen']);
    expect(res.headers.etag).toBeTruthy();
  });
});
