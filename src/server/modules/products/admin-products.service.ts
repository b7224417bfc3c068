import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminProduct,
  productBodySchema,
  productPatchSchema,
  variantBodySchema,
  variantPatchSchema,
} from '@/contract/admin-products';
import type { Db } from '@/server/db/client';
import { products, variants } from '@/server/db/schema/index';
import { notFound } from '@/server/lib/http-errors';
import { conflictOnUnique } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

const variantView = (v: VariantRow) => ({
  id: v.id,
  sku: v.sku,
  name: v.name,
  size: v.size,
  finish: v.finish,
  price: v.price,
  currency: v.currency,
  weight_grams: v.weightGrams,
  image_url: v.imageUrl,
  requires_shipping: v.requiresShipping,
  is_active: v.isActive,
  sort_order: v.sortOrder,
});
const productView = (p: ProductRow, vs: VariantRow[]): AdminProduct => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  kind: p.kind,
  thumbnail_url: p.thumbnailUrl,
  is_active: p.isActive,
  sort_order: p.sortOrder,
  variants: vs.map(variantView),
});



export async function listProducts(db: Db): Promise<AdminProduct[]> {
  const [ps, vs] = await Promise.all([
    db.select().from(products).orderBy(asc(products.sortOrder), asc(products.name)),
    db.select().from(variants).orderBy(asc(variants.sortOrder), asc(variants.name)),
  ]);
  return ps.map((p) => productView(p, vs.filter((v) => v.productId === p.id)));
}

async function productById(db: Pick<Db, 'select'>, id: string): Promise<AdminProduct> {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) throw notFound('No product with that id.', 'PRODUCT_NOT_FOUND');
  const vs = await db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.sortOrder), asc(variants.name));
  return productView(p, vs);
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
      return productView(row!, []);
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
    await audited(tx, actor, { action: 'product.deleted', entityType: 'product', entityId: id, before, after: null }, () =>
      tx.delete(products).where(eq(products.id, id)),
    );
  });
}

export function createVariant(db: Db, actor: Actor, productId: string, body: z.output<typeof variantBodySchema>): Promise<AdminProduct> {
  return conflictOnUnique('sku', 'Another variant already has this SKU.', () =>
    db.transaction(async (tx) => {
      await productById(tx, productId);
      const [row] = await tx
        .insert(variants)
        .values({ ...variantColumns(body), productId, sku: body.sku, name: body.name, size: body.size, price: body.price })
        .returning();
      await audited(tx, actor, { action: 'variant.created', entityType: 'variant', entityId: row!.id, before: null, after: row }, async () => undefined);
      return productById(tx, productId);
    }),
  );
}

export function updateVariant(db: Db, actor: Actor, id: string, body: z.output<typeof variantPatchSchema>): Promise<AdminProduct> {
  return conflictOnUnique('sku', 'Another variant already has this SKU.', () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(variants).where(eq(variants.id, id)).for('update');
      if (!before) throw notFound('No variant with that id.', 'VARIANT_NOT_FOUND');
      await audited(tx, actor, { action: 'variant.updated', entityType: 'variant', entityId: id, before, after: body }, () =>
        tx.update(variants).set({ ...variantColumns(body), updatedAt: new Date() }).where(eq(variants.id, id)),
      );
      return productById(tx, before.productId);
    }),
  );
}

export async function deleteVariant(db: Db, actor: Actor, id: string): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(variants).where(eq(variants.id, id));
    if (!before) throw notFound('No variant with that id.', 'VARIANT_NOT_FOUND');
    await audited(tx, actor, { action: 'variant.deleted', entityType: 'variant', entityId: id, before, after: null }, () =>
      tx.delete(variants).where(eq(variants.id, id)),
    );
    return productById(tx, before.productId);
  });
}
