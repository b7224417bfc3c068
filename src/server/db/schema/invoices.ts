import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * The last number given in each series (docs/decisions/132): 'invoice' and 'credit_note', one row each (written by
 * the migration). A document takes the next number by updating its row in the transaction that writes it, so a
 * number is used only when its document commits — gapless across requests, jobs and server instances (the row
 * lock orders them).
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    series: text('series').$type<InvoiceKind>().primaryKey(),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('invoice_series_series_check', sql`${t.series} in ('invoice', 'credit_note')`)],
);

/**
 * Invoices and credit notes (docs/decisions/132): what the buyer was charged or credited, frozen when issued — the
 * parties, lines, totals and taxes as the document shows them (`document`), so a later change of settings, prices or
 * the order's data never changes a document already issued. One invoice per order; one credit note per refund
 * request (`source_key`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    /** INV-000001, CN-000001: the series' prefix and its number. */
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** 'order' for the invoice; the refund request's key for a credit note. */
    sourceKey: text('source_key').notNull(),
    currency: text('currency').notNull(),
    /** Minor units, positive (a credit note's total is what it credits). */
    total: integer('total').notNull(),
    document: jsonb('document').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_source_idx').on(t.orderId, t.kind, t.sourceKey),
    index('invoices_order_idx').on(t.orderId),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);
