import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { awards } from './awards';
import { orders } from './orders';

/**
 * An award mapped to a printed product (spec §3 "Award-product template mapping"): which product and variant it
 * sells as, the provider's base and generated templates, and the mockup the store shows. product_id and
 * variant_id reference products/variants through foreign keys that are checked at commit (see migration 0005),
 * so the product sync — which deletes every product and variant and writes them again with the same ids in one
 * transaction — keeps the mappings (docs/decisions/083).
 */
export const awardProductTemplates = pgTable(
  'award_product_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'cascade' }),
    productId: uuid('product_id'),
    variantId: uuid('variant_id'),
    baseTemplateId: text('base_template_id'),
    generatedTemplateId: text('generated_template_id'),
    mockupUrl: text('mockup_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_product_templates_award_idx').on(t.awardId, t.createdAt), index('award_product_templates_created_idx').on(t.createdAt)],
);

/**
 * Every shipment webhook, by a key stable across redeliveries (docs/decisions/083): a replayed event is
 * recognised and changes nothing.
 */
export const fulfilmentEvents = pgTable(
  'fulfilment_events',
  {
    key: text('key').primaryKey(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<unknown>().notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fulfilment_events_order_idx').on(t.orderId, t.receivedAt)],
);

export interface PrintShopItem {
  externalId: string;
  sku: string;
  name: string;
  quantity: number;
  /** Where the print shop keeps the rendered files, relative to DATA_DIR. */
  printFile: string | null;
  pdfFile: string | null;
}

/**
 * The built-in local print shop's own book of orders (it plays the provider, like test_payment_sessions plays
 * the card processor): one row per external id, so a retried submission finds the first one.
 */
export const printShopOrders = pgTable(
  'print_shop_orders',
  {
    id: text('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    orderNumber: text('order_number').notNull(),
    /** Printful's words: pending → inprocess → fulfilled */
    status: text('status').notNull().default('pending'),
    shipping: text('shipping').notNull(),
    recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
    items: jsonb('items').$type<PrintShopItem[]>().notNull(),
    /** Set once its files are drawn (the 300 DPI PNG and the A4 PDF of each item). */
    filesReadyAt: timestamp('files_ready_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('print_shop_orders_status_check', sql`${t.status} in ('pending', 'inprocess', 'fulfilled')`)],
);
