import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncProduct } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { Database } from '@/server/db/client';
import { variantPrices, variants } from '@/server/db/schema/index';
import { seedDatabase } from '@/server/db/seed/seed';
import { createTestDatabase } from '@/server/test/test-database';
import { replaceCatalogue } from './catalogue-sync';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  await seedDatabase(database.db);
});
afterAll(async () => {
  await database.close();
});

const listOf = async (sku: string) =>
  (
    await database.db
      .select({ currency: variantPrices.currency, price: variantPrices.price })
      .from(variantPrices)
      .innerJoin(variants, eq(variants.id, variantPrices.variantId))
      .where(eq(variants.sku, sku))
      .orderBy(asc(variantPrices.currency))
  ).map((r) => [r.currency, r.price]);

const product = (sku: string, currency = 'USD'): SyncProduct => ({
  ref: 'pf-1',
  slug: 'framed-certificate',
  name: 'Framed certificate',
  description: '',
  kind: 'framed',
  thumbnailUrl: null,
  variants: [{ ref: 'pf-v-1', sku, name: 'A4, oak', size: 'A4', finish: 'Oak frame', price: 7000, currency, imageUrl: null, weightGrams: 900 }],
});

describe('replaceCatalogue (the print provider’s catalogue sync)', () => {
  it('keeps the price lists of the variants it keeps — by SKU — and of our own digital product (docs/decisions/134)', async () => {
    const oak = await listOf('FRAME-A4-OAK');
    const pdf = await listOf('PDF');
    expect(oak.map(([c]) => c)).toEqual(['AUD', 'CAD', 'EUR', 'GBP']);
    await database.db.transaction((tx) => replaceCatalogue(tx, [product('FRAME-A4-OAK')]));
    expect(await listOf('FRAME-A4-OAK')).toEqual(oak);
    expect(await listOf('PDF')).toEqual(pdf);
    // The variants the provider no longer has are gone, and their lists with them.
    expect((await database.db.select().from(variantPrices)).length).toBe(oak.length + pdf.length);
  });

  it('drops a list entry in the currency the provider now prices the variant in: its own price is that one', async () => {
    await database.db.transaction((tx) => replaceCatalogue(tx, [product('FRAME-A4-OAK', 'EUR')]));
    expect((await listOf('FRAME-A4-OAK')).map(([c]) => c)).toEqual(['AUD', 'CAD', 'GBP']);
  });
});
