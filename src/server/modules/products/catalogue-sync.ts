import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SyncProduct } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { Db } from '@/server/db/client';
import { products, variantPrices, variants } from '@/server/db/schema/index';

type Tx = Pick<Db, 'select' | 'insert' | 'delete'>;

/**
 * sync-printful-products' write (spec §7): in the caller's transaction, deletes every variant and product, then
 * writes the provider's catalogue. Our own digital product (nothing to print) is written back as it was. Rows keep
 * their ids where the slug / SKU is the same, so carts and award mappings survive, and so do the price lists in other
 * currencies (the provider has none; deleting a variant deletes its list): written back for the variants kept.
 */
export async function replaceCatalogue(tx: Tx, catalogue: SyncProduct[]): Promise<{ before: { products: number; variants: number }; products: number; variants: number }> {
  const oldProducts = await tx.select().from(products);
  const oldVariants = await tx.select().from(variants);
  const oldPrices = await tx.select().from(variantPrices);
  const productIdBy = new Map<string, string>();
  for (const p of oldProducts) {
    productIdBy.set(`slug:${p.slug}`, p.id);
    if (p.fulfilmentRef) productIdBy.set(`ref:${p.fulfilmentRef}`, p.id);
  }
  const variantIdBy = new Map(oldVariants.map((v) => [v.sku, v.id]));
  const keptProducts = oldProducts.filter((p) => p.kind === 'digital');
  const keptVariants = oldVariants.filter((v) => keptProducts.some((p) => p.id === v.productId));

  // The spec's order: all variants, then all products.
  await tx.delete(variants);
  await tx.delete(products);

  let variantCount = 0;
  for (const [i, p] of catalogue.entries()) {
    const id = productIdBy.get(`ref:${p.ref}`) ?? productIdBy.get(`slug:${p.slug}`);
    const [row] = await tx
      .insert(products)
      .values({
        ...(id ? { id } : {}),
        slug: p.slug,
        name: p.name,
        description: p.description,
        kind: p.kind,
        thumbnailUrl: p.thumbnailUrl,
        fulfilmentRef: p.ref,
        sortOrder: i,
      })
      .returning({ id: products.id });
    if (p.variants.length) {
      await tx.insert(variants).values(
        p.variants.map((v, j) => ({
          ...(variantIdBy.get(v.sku) ? { id: variantIdBy.get(v.sku) } : {}),
          productId: row!.id,
          sku: v.sku,
          name: v.name,
          size: v.size,
          finish: v.finish,
          price: v.price,
          currency: v.currency,
          weightGrams: v.weightGrams,
          imageUrl: v.imageUrl,
          fulfilmentRef: v.ref,
          requiresShipping: true,
          sortOrder: j,
        })),
      );
      variantCount += p.variants.length;
    }
  }
  for (const p of keptProducts) await tx.insert(products).values({ ...p, sortOrder: catalogue.length + p.sortOrder });
  if (keptVariants.length) await tx.insert(variants).values(keptVariants);
  if (oldPrices.length) {
    // A variant the provider now prices in one of its list's currencies has its price there already.
    const own = new Map((await tx.select({ id: variants.id, currency: variants.currency }).from(variants)).map((v) => [v.id, v.currency]));
    const kept = oldPrices.filter((p) => own.has(p.variantId) && own.get(p.variantId) !== p.currency);
    if (kept.length) await tx.insert(variantPrices).values(kept);
  }
  return { before: { products: oldProducts.length, variants: oldVariants.length }, products: catalogue.length, variants: variantCount };
}

/** Every product and variant id, as subqueries (a catalogue sync unlinks mappings to anything else). */
export function catalogueIds(): { productIds: SQL; variantIds: SQL } {
  return { productIds: sql`(select id from ${products})`, variantIds: sql`(select id from ${variants})` };
}

/** The provider's variant id of each SKU (what an order's lines are printed as). */
export async function variantRefsBySku(db: Pick<Db, 'select'>, skus: string[]): Promise<Map<string, string | null>> {
  if (!skus.length) return new Map();
  const rows = await db.select({ sku: variants.sku, ref: variants.fulfilmentRef }).from(variants).where(inArray(variants.sku, skus));
  return new Map(rows.map((r) => [r.sku, r.ref]));
}

/** A variant with its product, by id (the funnel's offers and the cart's lines read the catalogue through this). */
export async function variantWithProduct(db: Pick<Db, 'select'>, variantId: string) {
  const [row] = await db.select({ variant: variants, product: products }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(variants.id, variantId));
  return row ?? null;
}
