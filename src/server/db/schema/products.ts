import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const PRODUCT_KINDS = ['print', 'framed', 'digital'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * What the store sells (spec §3 "Printed product": id, name, thumbnail_url). Prices live on the
 * variants. Orders copy names and prices onto their lines, so editing or deleting a product never
 * rewrites an order (docs/decisions/070).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<ProductKind>().notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** The print provider's id for this product (Printful: the sync product id); null for our own digital product. */
    fulfilmentRef: text('fulfilment_ref'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('products_kind_check', sql`${t.kind} in ('print', 'framed', 'digital')`)],
);

/** One buyable option of a product: its size, finish, price (minor units), weight and picture. */
export const variants = pgTable(
  'variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    finish: text('finish').notNull().default(''),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('USD'),
    weightGrams: integer('weight_grams').notNull().default(0),
    imageUrl: text('image_url'),
    /** The print provider's id for this variant (Printful: the sync variant id), sent with each order. */
    fulfilmentRef: text('fulfilment_ref'),
    requiresShipping: boolean('requires_shipping').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('variants_price_check', sql`${t.price} >= 0`),
    check('variants_weight_check', sql`${t.weightGrams} >= 0`),
    index('variants_product_idx').on(t.productId, t.sortOrder),
  ],
);
