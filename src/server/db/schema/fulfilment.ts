import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { awards } from './awards';
import { orders } from './orders';
import { users } from './users';

/**
 * The fulfilment module's tables (docs/decisions/083, 108): only src/server/modules/fulfilment writes them.
 *
 * A fulfilment is one hand-off to the printer: one provider order (or, when an order ships in parts, one more
 * shipment of it). Its machine:
 *  pending → submitted | problem | shipped (marked by hand) | cancelled (refunded before it reached the printer);
 *  submitted → in_production | shipped | problem;  in_production → shipped | problem;  shipped → delivered;
 *  problem → pending (sent again) | submitted | in_production | shipped.
 * An order with nothing to print has none: its fulfilment reads 'none'.
 */
export const FULFILMENT_STATUSES = ['pending', 'submitted', 'in_production', 'shipped', 'delivered', 'problem', 'cancelled'] as const;
export type FulfilmentStatusValue = (typeof FULFILMENT_STATUSES)[number];
/** An order's fulfilment as a whole: its least advanced hand-off, or 'none'. */
export type OrderFulfilmentStatus = FulfilmentStatusValue | 'none';

export const fulfilments = pgTable(
  'fulfilments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1 for the order's hand-off made at payment; 2, 3, … for further shipments the provider reports. */
    part: integer('part').notNull().default(1),
    /** 'local' | 'printful' | 'admin' (shipped by hand, outside any provider) */
    provider: text('provider').notNull(),
    status: text('status').$type<FulfilmentStatusValue>().notNull().default('pending'),
    /** The provider's order id, once it accepted the order. */
    providerOrderId: text('provider_order_id'),
    /** Why it is waiting or stuck, in words an admin acts on. */
    error: text('error'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** The provider's shipment id (Printful: shipment.id), so a shipment reported twice is recognised. */
    shipmentKey: text('shipment_key'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fulfilments_order_part_idx').on(t.orderId, t.part),
    index('fulfilments_provider_order_idx').on(t.providerOrderId),
    index('fulfilments_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} in ('pending', 'problem')`),
    check('fulfilments_status_check', sql`${t.status} in ('pending', 'submitted', 'in_production', 'shipped', 'delivered', 'problem', 'cancelled')`),
  ],
);

/** Every change of a fulfilment's status: when, from what, to what, who and why. */
export const fulfilmentTransitions = pgTable(
  'fulfilment_transitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fulfilmentId: uuid('fulfilment_id')
      .notNull()
      .references(() => fulfilments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<FulfilmentStatusValue>(),
    toStatus: text('to_status').$type<FulfilmentStatusValue>().notNull(),
    /** 'customer' | 'admin' | 'provider' | 'system' */
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('fulfilment_transitions_order_idx').on(t.orderId, t.createdAt)],
);

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
  (t) => [
    check('print_shop_orders_status_check', sql`${t.status} in ('pending', 'inprocess', 'fulfilled')`),
    index('print_shop_orders_files_idx').on(t.createdAt).where(sql`${t.filesReadyAt} is null`),
  ],
);
