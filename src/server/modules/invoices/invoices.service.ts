import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { invoiceSeries, invoices, type InvoiceKind } from '@/server/db/schema/index';
import { isUniqueViolation } from '@/server/lib/sql-text';
import type { InvoiceDocument } from './invoice-pdf';

export type InvoiceRow = typeof invoices.$inferSelect;

/** What an invoice or credit note says, but for what its issue gives it: the number and the date. */
export type InvoiceContent = Omit<InvoiceDocument, 'kind' | 'number' | 'issuedAt' | 'settledAt'> & { settledAt: string | null };

const SERIES_PREFIX: Record<InvoiceKind, string> = { invoice: 'INV-', credit_note: 'CN-' };

/** INV-000042: six digits while they suffice; numbers keep growing past them. */
const documentNumber = (kind: InvoiceKind, n: number) => `${SERIES_PREFIX[kind]}${String(n).padStart(6, '0')}`;

export interface IssueRequest {
  kind: InvoiceKind;
  orderId: string;
  /** 'order' for the invoice; the refund request's key for a credit note. */
  sourceKey: string;
  /** What the document says: asked for only when the source has no document yet (its reads are not repeated). */
  content: () => Promise<InvoiceContent>;
}

/**
 * Issues the invoice or credit note for `source` once, and returns it (docs/decisions/132). The document and its
 * number are written in ONE transaction that first takes the series' next number with an update of its row: a
 * concurrent issue — another request, job or server instance — waits on that row lock, and a transaction that rolls
 * back gives its number back with it, so the numbers have no gaps and no repeats. A second issue of the same source
 * finds the first (also when both raced: the loser's unique violation rolls its number back and it reads the winner's).
 */
export async function issueDocument(db: Db, request: IssueRequest): Promise<InvoiceRow> {
  const existing = await findDocument(db, request);
  if (existing) return existing;
  const content = await request.content();
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .update(invoiceSeries)
        .set({ last: sql`${invoiceSeries.last} + 1` })
        .where(eq(invoiceSeries.series, request.kind))
        .returning({ last: invoiceSeries.last });
      if (!taken) throw new Error(`no invoice series ${request.kind}: migration 0016 writes it`);
      const [row] = await tx
        .insert(invoices)
        .values({
          kind: request.kind,
          number: documentNumber(request.kind, taken.last),
          orderId: request.orderId,
          sourceKey: request.sourceKey,
          currency: content.currency,
          total: content.total,
          document: content,
        })
        .returning();
      return row!;
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findDocument(db, request);
    if (!winner) throw err;
    return winner;
  }
}

async function findDocument(db: Db, source: Pick<IssueRequest, 'kind' | 'orderId' | 'sourceKey'>): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, source.orderId), eq(invoices.kind, source.kind), eq(invoices.sourceKey, source.sourceKey)));
  return row ?? null;
}

/** An order's invoice and credit notes, in the order they were issued. */
export function documentsOf(db: Pick<Db, 'select'>, orderId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt), asc(invoices.number));
}

/** One of an order's documents by its number (null when the order has no such document). */
export async function documentOf(db: Pick<Db, 'select'>, orderId: string, number: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.number, number)));
  return row ?? null;
}

/** The document as the PDF draws it: its frozen content, its number and its date. */
export function invoiceDocument(row: InvoiceRow): InvoiceDocument {
  const content = row.document as InvoiceContent;
  return { ...content, kind: row.kind, number: row.number, issuedAt: row.issuedAt, settledAt: content.settledAt ? new Date(content.settledAt) : null };
}
