import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * A variant's price in another currency than its own (docs/decisions/134): the price lists the admin keeps, no exchange
 * rates. A variant is sold in its own currency at `variants.price`, and in each currency listed here at that price;
 * in any other, not at all. Prices are shelf prices: tax-inclusive for the destinations whose prices hold their tax
 * (docs/decisions/133).
 */
export const variantPrices = pgTable(
  'variant_prices',
  {
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    price: integer('price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.currency] }), check('variant_prices_price_check', sql`${t.price} >= 0`), check('variant_prices_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`)],
);
