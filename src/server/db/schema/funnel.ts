import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './orders';
import { variants } from './products';

export const FUNNEL_OFFER_KINDS = ['oto1', 'downsell'] as const;
export type FunnelOfferKind = (typeof FUNNEL_OFFER_KINDS)[number];

/**
 * waiting: not shown yet (the downsell, until offer 1 is declined); offered: on screen until the order's offers
 * close; accepting: its charge is under way; accepted: charged and added to the order; declined; failed: the card
 * refused the charge (nothing charged); expired: the order went to print first; skipped: never shown.
 */
export const FUNNEL_OFFER_STATUSES = ['waiting', 'offered', 'accepting', 'accepted', 'declined', 'failed', 'expired', 'skipped'] as const;
export type FunnelOfferStatus = (typeof FUNNEL_OFFER_STATUSES)[number];

/**
 * A funnel order's window for its one-time offers (the funnel module's, docs/decisions/099): opened when its payment
 * arrives, closed when the offers are settled — then its confirmation and printing go out.
 */
export const funnelSessions = pgTable(
  'funnel_sessions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** When the offers end and the order goes to print. */
    offersCloseAt: timestamp('offers_close_at', { withTimezone: true }).notNull(),
    /** When the offers were settled and the confirmation and printing released. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('funnel_sessions_open_idx').on(t.offersCloseAt).where(sql`${t.closedAt} is null`)],
);

/**
 * The one-time offers of a funnel order (docs/decisions/099), made when its payment arrives: what is offered and
 * its price, frozen from the catalogue and the funnel settings at that moment, and what became of it.
 */
export const funnelOffers = pgTable(
  'funnel_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FunnelOfferKind>().notNull(),
    status: text('status').$type<FunnelOfferStatus>().notNull(),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productId: uuid('product_id'),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    variantName: text('variant_name').notNull(),
    requiresShipping: boolean('requires_shipping').notNull(),
    headline: text('headline').notNull(),
    pitch: text('pitch').notNull(),
    /** The catalogue price, minor units. */
    listPrice: integer('list_price').notNull(),
    /** The offer's price before tax. */
    unitPrice: integer('unit_price').notNull(),
    /** Tax at the order's rates; the charge is unit_price + tax, or unit_price when the price holds it (tax_included). */
    tax: integer('tax').notNull(),
    /** The order's prices hold their taxes (docs/decisions/133): the offer's price does too. */
    taxIncluded: boolean('tax_included').notNull().default(false),
    orderLineId: uuid('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    providerPaymentId: text('provider_payment_id'),
    failureMessage: text('failure_message'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funnel_offers_order_kind_idx').on(t.orderId, t.kind),
    index('funnel_offers_status_idx').on(t.status),
    check('funnel_offers_kind_check', sql`${t.kind} in ('oto1', 'downsell')`),
    check(
      'funnel_offers_status_check',
      sql`${t.status} in ('waiting', 'offered', 'accepting', 'accepted', 'declined', 'failed', 'expired', 'skipped')`,
    ),
    check('funnel_offers_price_check', sql`${t.unitPrice} > 0 and ${t.tax} >= 0 and ${t.listPrice} >= ${t.unitPrice}`),
  ],
);
