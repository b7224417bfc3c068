import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminProduct,
  AdminProductList,
  productBodySchema,
  productPatchSchema,
  variantBodySchema,
  variantPatchSchema,
} from '@/contract/admin-products';
import type { Db } from '@/server/db/client';
import { products, variantPrices, variants } from '@/server/db/schema/index';
import { badRequest, notFound } from '@/server/lib/http-errors';
import { conflictOnUnique } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { shopCurrencies, type ShopSettings } from '../settings';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;
/** variant id → its price list (currency → minor units), docs/decisions/134. */
type PriceLists = Map<string, Record<string, number>>;

const variantView = (v: VariantRow, prices: PriceLists) => ({
  id: v.id,
  sku: v.sku,
  name: v.name,
  size: v.size,
  finish: v.finish,
  price: v.price,
  currency: v.currency,
  prices: prices.get(v.id) ?? {},
  weight_grams: v.weightGrams,
  image_url: v.imageUrl,
  requires_shipping: v.requiresShipping,
  is_active: v.isActive,
  sort_order: v.sortOrder,
});
const productView = (p: ProductRow, vs: VariantRow[], prices: PriceLists): AdminProduct => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  kind: p.kind,
  thumbnail_url: p.thumbnailUrl,
  is_active: p.isActive,
  sort_order: p.sortOrder,
  variants: vs.map((v) => variantView(v, prices)),
});

/** The price lists of these variants (all of them without `ids`). */
async function priceListsOf(db: Pick<Db, 'select'>, ids?: string[]): Promise<PriceLists> {
  if (ids && !ids.length) return new Map();
  const rows = await db
    .select({ variantId: variantPrices.variantId, currency: variantPrices.currency, price: variantPrices.price })
    .from(variantPrices)
    .where(ids ? inArray(variantPrices.variantId, ids) : undefined)
    .orderBy(asc(variantPrices.currency));
  const lists: PriceLists = new Map();
  for (const r of rows) lists.set(r.variantId, { ...lists.get(r.variantId), [r.currency]: r.price });
  return lists;
}

export async function listProducts(db: Db, shop: Pick<ShopSettings, 'currency' | 'currencies'>): Promise<AdminProductList> {
  const [ps, vs, prices] = await Promise.all([
    db.select().from(products).orderBy(asc(products.sortOrder), asc(products.name)),
    db.select().from(variants).orderBy(asc(variants.sortOrder), asc(variants.name)),
    priceListsOf(db),
  ]);
  return {
    products: ps.map((p) => productView(p, vs.filter((v) => v.productId === p.id), prices)),
    currency: shop.currency,
    currencies: shopCurrencies(shop),
  };
}

async function productById(db: Pick<Db, 'select'>, id: string): Promise<AdminProduct> {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) throw notFound('No product with that id.', 'PRODUCT_NOT_FOUND');
  const vs = await db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sortOrder), asc(variants.name));
  return productView(p, vs, await priceListsOf(db, vs.map((v) => v.id)));
}

/**
 * A price list may not hold the variant's own currency: that price is `price`, and the store would show one of the two
 * while the admin edits the other. Refused naming the entry (`prices.USD`).
 */
function checkOwnCurrency(prices: Record<string, number>, own: string): void {
  if (Object.hasOwn(prices, own)) throw badRequest(`${own} is this variant’s own currency: its price there is the variant’s price, not a price list entry.`, `prices.${own}`);
}

/**
 * Replaces the variant's price list with exactly `prices`, in the caller's transaction: the currencies left out are
 * deleted (no longer sold in), the others written; a price that did not change keeps its updated_at.
 */
async function replacePrices(tx: Pick<Db, 'insert' | 'delete'>, variantId: string, prices: Record<string, number>): Promise<void> {
  const codes = Object.keys(prices);
  await tx
    .delete(variantPrices)
    .where(and(eq(variantPrices.variantId, variantId), codes.length ? notInArray(variantPrices.currency, codes) : undefined));
  if (!codes.length) return;
  await tx
    .insert(variantPrices)
    .values(codes.map((currency) => ({ variantId, currency, price: prices[currency]! })))
    .onConflictDoUpdate({
      target: [variantPrices.variantId, variantPrices.currency],
      set: { price: sql`excluded.price`, updatedAt: sql`now()` },
      setWhere: sql`${variantPrices.price} <> excluded.price`,
    });
}

const productColumns = (b: Partial<z.output<typeof productBodySchema>>) => ({
  ...(b.slug !== undefined ? { slug: b.slug } : {}),
  ...(b.name !== undefined ? { name: b.name } : {}),
  ...(b.description !== undefined ? { description: b.description } : {}),
  ...(b.kind !== undefined ? { kind: b.kind } : {}),
  ...(b.thumbnail_url !== undefined ? { thumbnailUrl: b.thumbnail_url } : {}),
  ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
  ...(b.sort_order !== undefined ? { sortOrder: b.sort_order } : {}),
});

const variantColumns = (b: Partial<z.output<typeof variantBodySchema>>) => ({
  ...(b.sku !== undefined ? { sku: b.sku } : {}),
  ...(b.name !== undefined ? { name: b.name } : {}),
  ...(b.size !== undefined ? { size: b.size } : {}),
  ...(b.finish !== undefined ? { finish: b.finish } : {}),
  ...(b.price !== undefined ? { price: b.price } : {}),
  ...(b.currency !== undefined ? { currency: b.currency } : {}),
  ...(b.weight_grams !== undefined ? { weightGrams: b.weight_grams } : {}),
  ...(b.image_url !== undefined ? { imageUrl: b.image_url } : {}),
  ...(b.requires_shipping !== undefined ? { requiresShipping: b.requires_shipping } : {}),
  ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
  ...(b.sort_order !== undefined ? { sortOrder: b.sort_order } : {}),
});

export function createProduct(db: Db, actor: Actor, body: z.output<typeof productBodySchema>): Promise<AdminProduct> {
  return conflictOnUnique('slug', 'Another product already has this slug.', () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(products).values({ ...productColumns(body), slug: body.slug, name: body.name, kind: body.kind }).returning();
      await audited(tx, actor, { action: 'product.created', entityType: 'product', entityId: row!.id, before: null, after: row }, async () => undefined);
      return productView(row!, [], new Map());
    }),
  );
}

export function updateProduct(db: Db, actor: Actor, id: string, body: z.output<typeof productPatchSchema>): Promise<AdminProduct> {
  return conflictOnUnique('slug', 'Another product already has this slug.', () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!before) throw notFound('No product with that id.', 'PRODUCT_NOT_FOUND');
      const [after] = await audited(tx, actor, { action: 'product.updated', entityType: 'product', entityId: id, before, after: body }, () =>
        tx.update(products).set({ ...productColumns(body), updatedAt: new Date() }).where(eq(products.id, id)).returning(),
      );
      return productById(tx, after!.id);
    }),
  );
}

/** Deletes a product and its variants. Orders keep their own copy of what was bought (docs/decisions/070). */
export async function deleteProduct(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await productById(tx, id);
    // The price lists go with the variants (on delete cascade); the audit entry's `before` holds them.
    await audited(tx, actor, { action: 'product.deleted', entityType: 'product', entityId: id, before, after: null }, () =>
      tx.delete(products).where(eq(products.id, id)),
    );
  });
}

/** Adds a variant with its price list; the audit entry holds both. */
export function createVariant(db: Db, actor: Actor, productId: string, body: z.output<typeof variantBodySchema>): Promise<AdminProduct> {
  return conflictOnUnique('sku', 'Another variant already has this SKU.', () =>
    db.transaction(async (tx) => {
      await productById(tx, productId);
      checkOwnCurrency(body.prices, body.currency);
      const [row] = await tx
        .insert(variants)
        .values({ ...variantColumns(body), productId, sku: body.sku, name: body.name, size: body.size, price: body.price })
        .returning();
      await replacePrices(tx, row!.id, body.prices);
      await audited(tx, actor, { action: 'variant.created', entityType: 'variant', entityId: row!.id, before: null, after: { ...row, prices: body.prices } }, async () => undefined);
      return productById(tx, productId);
    }),
  );
}

/**
 * Changes a variant; `prices`, when given, replaces its whole price list (docs/decisions/134). One audit entry: the
 * row and its price list before, the change after.
 */
export function updateVariant(db: Db, actor: Actor, id: string, body: z.output<typeof variantPatchSchema>): Promise<AdminProduct> {
  return conflictOnUnique('sku', 'Another variant already has this SKU.', () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(variants).where(eq(variants.id, id)).for('update');
      if (!before) throw notFound('No variant with that id.', 'VARIANT_NOT_FOUND');
      const beforePrices = (await priceListsOf(tx, [id])).get(id) ?? {};
      const own = body.currency ?? before.currency;
      if (body.prices) checkOwnCurrency(body.prices, own);
      // A new own currency that its kept price list has too: say which list to send, rather than drop a price unasked.
      else if (Object.hasOwn(beforePrices, own)) {
        throw badRequest(`This variant has a ${own} price in its price list: send its prices without ${own} along with the new currency.`, 'currency');
      }
      await audited(tx, actor, { action: 'variant.updated', entityType: 'variant', entityId: id, before: { ...before, prices: beforePrices }, after: body }, async () => {
        await tx.update(variants).set({ ...variantColumns(body), updatedAt: new Date() }).where(eq(variants.id, id));
        if (body.prices) await replacePrices(tx, id, body.prices);
      });
      return productById(tx, before.productId);
    }),
  );
}

export async function deleteVariant(db: Db, actor: Actor, id: string): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(variants).where(eq(variants.id, id));
    if (!before) throw notFound('No variant with that id.', 'VARIANT_NOT_FOUND');
    // Its price list goes with it (on delete cascade): kept in the audit entry.
    const prices = (await priceListsOf(tx, [id])).get(id) ?? {};
    await audited(tx, actor, { action: 'variant.deleted', entityType: 'variant', entityId: id, before: { ...before, prices }, after: null }, () =>
      tx.delete(variants).where(eq(variants.id, id)),
    );
    return productById(tx, before.productId);
  });
}
