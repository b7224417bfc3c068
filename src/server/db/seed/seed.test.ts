import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@/server/config';
import { createTestDatabase } from '@/server/test/test-database';
import type { Database } from '../client';
import { awards, categories, products, settings, templates, variantPrices, variants } from '../schema/index';
import { seedAwards, seedCategories } from './catalog-data';
import { seedDatabase } from './seed';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('seed', () => {
  it('creates the catalogue once: 8+ categories, 40+ awards, 4+ templates', async () => {
    expect(await seedDatabase(database.db)).toEqual({ applied: true });
    const cats = await database.db.select().from(categories);
    const all = await database.db.select().from(awards);
    const tpl = await database.db.select().from(templates);
    expect(cats.length).toBeGreaterThanOrEqual(8);
    expect(all.filter((a) => a.isActive).length).toBeGreaterThanOrEqual(40);
    expect(tpl.length).toBeGreaterThanOrEqual(4);
    expect(all.filter((a) => a.categoryId === null).length).toBeGreaterThanOrEqual(2);
    for (const c of cats) expect(c.color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('sells in EUR, GBP, CAD and AUD with price lists for its products, the shop settings never saved', async () => {
    const [shop] = await database.db.select().from(settings).where(eq(settings.key, 'shop'));
    expect(shop?.value).toMatchObject({ currencies: ['EUR', 'GBP', 'CAD', 'AUD'] });
    const [oak] = await database.db.select().from(variants).where(eq(variants.sku, 'FRAME-A4-OAK'));
    const lists = await database.db.select().from(variantPrices).where(eq(variantPrices.variantId, oak!.id));
    expect(Object.fromEntries(lists.map((l) => [l.currency, l.price]))).toEqual({ EUR: 6400, GBP: 5500, CAD: 8600, AUD: 9600 });
  });

  it('leaves an install in one currency when an admin’s own product has no price lists', async () => {
    const other = await createTestDatabase();
    try {
      const [p] = await other.db.insert(products).values({ slug: 'mug', name: 'Mug', kind: 'print' }).returning();
      await other.db.insert(variants).values({ productId: p!.id, sku: 'MUG-1', name: 'Mug', size: '11 oz', price: 1500, currency: 'USD' });
      expect(await seedDatabase(other.db)).toEqual({ applied: true });
      expect(await other.db.select().from(settings).where(eq(settings.key, 'shop'))).toEqual([]);
      // The seeded products still get their lists, ready for when the admin prices the mug too.
      expect((await other.db.select().from(variantPrices)).length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('ships an SVG emblem in the repo for every award, referenced by a local URL', () => {
    for (const a of seedAwards) {
      const file = path.join(projectRoot, 'src', 'web', 'public', 'awards', `${a.slug}.svg`);
      expect(fs.existsSync(file), a.slug).toBe(true);
      const svg = fs.readFileSync(file, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
  });

  it('never brings back or overwrites what an admin changed on a later start', async () => {
    const [victim] = await database.db.select().from(awards).limit(1);
    await database.db.delete(awards).where(eq(awards.id, victim!.id));
    const [renamed] = await database.db.select().from(awards).limit(1);
    await database.db.update(awards).set({ title: 'Edited by an admin' }).where(eq(awards.id, renamed!.id));
    expect(await seedDatabase(database.db)).toEqual({ applied: false });
    expect(await database.db.select().from(awards).where(eq(awards.id, victim!.id))).toEqual([]);
    const [after] = await database.db.select().from(awards).where(eq(awards.id, renamed!.id));
    expect(after!.title).toBe('Edited by an admin');
  });

  it('has unique slugs and titles and only known categories', () => {
    expect(new Set(seedAwards.map((a) => a.slug)).size).toBe(seedAwards.length);
    expect(new Set(seedAwards.map((a) => a.title)).size).toBe(seedAwards.length);
    const known = new Set(seedCategories.map((c) => c.slug));
    for (const a of seedAwards) if (a.categorySlug) expect(known.has(a.categorySlug), a.slug).toBe(true);
  });
});
