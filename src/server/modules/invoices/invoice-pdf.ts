/**
 * An invoice or a credit note as an A4 portrait PDF, drawn with PDFKit: real text (selectable, searchable) in the
 * brand's sans face, Inter, embedded as subsets. A pure function of its input: no database, no clock, no randomness —
 * the metadata dates are the date of issue and PDFKit derives the file ID from the metadata, so the same document
 * always gives the same bytes (a stored invoice can be drawn again and compared).
 *
 * Amounts arrive as positive minor units; a credit note prints them negated (it gives money back), so its rows read
 * as the mirror image of the invoice they correct.
 *
 * The layout is plain on purpose: this is a legal document, not a certificate.
 */
import PDFDocument from 'pdfkit';
import { formatDate } from '@/contract/format';
import { fontFor } from '@/server/lib/fonts';
import { formatMoney } from '@/server/modules/store';

export interface InvoiceParty {
  name: string;
  /** Postal address lines (may be empty), already formatted, one per line. */
  lines: string[];
  email: string | null;
  /** VAT / tax registration number, or null. */
  taxId: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Minor units (cents) of the document's currency; always positive, also on a credit note. */
  unitPrice: number;
  total: number;
}

export interface InvoiceTax {
  /** e.g. "VAT 19%" or "Sales tax 8.25%" */
  label: string;
  rateBps: number;
  /** Taxable amount and the tax on it, minor units, positive. */
  base: number;
  amount: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** "INV-000042" or "CN-000003" */
  number: string;
  issuedAt: Date;
  /** For a credit note: the number of the invoice it corrects; null on an invoice. */
  correcting: string | null;
  orderNumber: string;
  currency: string; // ISO 4217, e.g. "USD", "EUR"
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  /** Minor units, positive numbers; a credit note prints them as negative amounts (credited). */
  subtotal: number;
  discount: number;
  shipping: number;
  taxes: InvoiceTax[];
  /** The amounts hold their taxes (a VAT-inclusive price, docs/decisions/133): the taxes are shown inside the total. */
  taxIncluded?: boolean | undefined;
  total: number;
  /** When it was paid (invoice) or refunded (credit note); null when not (yet). */
  settledAt: Date | null;
  /** A line under the totals, e.g. "Paid by card (test mode)."; may be ''. */
  note: string;
}

/** A4 portrait in PostScript points (210 × 297 mm). */
const A4_PORTRAIT_PT: [number, number] = [595.28, 841.89];

// ---- Fonts ------------------------------------------------------------------------------------------------------
// The brand's sans face, the very files (and parsed fonts) the certificates draw and measure with (lib/fonts.ts).

const FACES = { regular: 400, semibold: 600, bold: 700 } as const;
type Face = keyof typeof FACES;
const interFont = (face: Face) => fontFor({ family: 'sans', weight: FACES[face] });

// ---- Layout -----------------------------------------------------------------------------------------------------

const [PAGE_W, PAGE_H] = A4_PORTRAIT_PT;
const MARGIN = 50;
/** Content stops here; the footer lives below it. */
const BOTTOM = PAGE_H - 70;
const FOOTER_Y = PAGE_H - 45;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const RIGHT = MARGIN + CONTENT_W;

const GAP = 10;
const QTY_W = 40;
const MONEY_W = 90;
const DESC_W = CONTENT_W - QTY_W - 2 * MONEY_W - 3 * GAP;
const COL = {
  desc: MARGIN,
  qty: MARGIN + DESC_W + GAP,
  unit: MARGIN + DESC_W + GAP + QTY_W + GAP,
  amount: RIGHT - MONEY_W,
};
const TOTALS_W = 260;
const TOTALS_X = RIGHT - TOTALS_W;

const BODY = 9.5;
const SMALL = 8;
const INK = '#111111';
const MUTED = '#5c5c5c';
const RULE = '#c8c8c8';
/** Space above and below the text of a table row. */
const ROW_PAD = 5;

/** U+2212, the typographic minus: Inter has it, and it is as wide as the figures, so columns stay aligned. */
const MINUS = '\u2212';

const quantities = new Intl.NumberFormat('en-US');

type Doc = PDFKit.PDFDocument;

interface TextStyle {
  face?: Face;
  size?: number;
  color?: string;
  align?: 'left' | 'right';
  width: number;
}

function style(doc: Doc, s: TextStyle): PDFKit.Mixins.TextOptions {
  doc.font(s.face ?? 'regular').fontSize(s.size ?? BODY).fillColor(s.color ?? INK);
  // Tabular figures: amounts in a column line up digit under digit.
  return { width: s.width, align: s.align ?? 'left', features: ['tnum'] };
}

function heightOf(doc: Doc, text: string, s: TextStyle): number {
  return doc.heightOfString(text, style(doc, s));
}

/** Draws `text` at (x, y) and answers its height. */
function put(doc: Doc, text: string, x: number, y: number, s: TextStyle): number {
  const options = style(doc, s);
  const height = doc.heightOfString(text, options);
  doc.text(text, x, y, options);
  return height;
}

function rule(doc: Doc, x1: number, x2: number, y: number, width = 0.5, color = RULE): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** A party's block of lines under its name; answers its height. */
function partyBlock(doc: Doc, party: InvoiceParty, x: number, y: number, width: number, align: 'left' | 'right'): number {
  let h = put(doc, party.name, x, y, { face: 'semibold', size: 10.5, width, align });
  const rest = [...party.lines, ...(party.email ? [party.email] : []), ...(party.taxId ? [`VAT no. ${party.taxId}`] : [])];
  for (const line of rest) h += put(doc, line, x, y + h, { width, align, color: MUTED });
  return h;
}

/** The document's own data: what it is, when, for which order. Answers its height. */
function metaBlock(doc: Doc, d: InvoiceDocument, y: number, width: number): number {
  const labelW = 80;
  const rows: [string, string][] = [
    [d.kind === 'invoice' ? 'Invoice no.' : 'Credit note no.', d.number],
    ['Date of issue', formatDate(d.issuedAt, { timeZone: 'UTC' })],
    ['Order', d.orderNumber],
  ];
  let h = 0;
  for (const [label, value] of rows) {
    put(doc, label, MARGIN, y + h, { width: labelW, color: MUTED });
    h += put(doc, value, MARGIN + labelW, y + h, { width: width - labelW }) + 2;
  }
  // One sentence, so it reads (and is found by a search) as a whole.
  if (d.correcting) h += 4 + put(doc, `Corrects invoice ${d.correcting}`, MARGIN, y + h + 4, { face: 'semibold', width });
  return h;
}

function tableHeader(doc: Doc, y: number): number {
  const s = { face: 'semibold' as const, size: SMALL, color: MUTED };
  const h = put(doc, 'Description', COL.desc, y, { ...s, width: DESC_W });
  put(doc, 'Qty', COL.qty, y, { ...s, width: QTY_W, align: 'right' });
  put(doc, 'Unit price', COL.unit, y, { ...s, width: MONEY_W, align: 'right' });
  put(doc, 'Amount', COL.amount, y, { ...s, width: MONEY_W, align: 'right' });
  rule(doc, MARGIN, RIGHT, y + h + 4, 0.8, MUTED);
  return h + 4;
}

/**
 * Draws the document into `doc` (pages buffered, so the footer can say "page 2 of 3" once all are drawn).
 */
function draw(doc: Doc, d: InvoiceDocument): void {
  const credit = d.kind === 'credit_note';
  /** An amount as printed: negated on a credit note; `sign` -1 for a row that is subtracted (a discount). */
  const money = (minor: number, sign: 1 | -1 = 1): string => {
    const signed = (credit ? -1 : 1) * sign * minor;
    const text = formatMoney(Math.abs(signed), d.currency);
    return signed < 0 ? `${MINUS}${text}` : text;
  };

  // Head: the title and the document's data on the left, the seller's letterhead on the right.
  const sellerW = 210;
  const leftW = CONTENT_W - sellerW - 20;
  let left = MARGIN;
  left += put(doc, credit ? 'Credit note' : 'Invoice', MARGIN, left, { face: 'bold', size: 24, width: leftW }) + 10;
  left += metaBlock(doc, d, left, leftW);
  const sellerBottom = MARGIN + partyBlock(doc, d.seller, RIGHT - sellerW, MARGIN + 4, sellerW, 'right');

  let y = Math.max(left, sellerBottom) + 26;
  y += put(doc, 'Billed to', MARGIN, y, { face: 'semibold', size: SMALL, color: MUTED, width: CONTENT_W }) + 3;
  y += partyBlock(doc, d.buyer, MARGIN, y, 260, 'left') + 28;

  // The lines. Each row is measured before it is drawn: a row that does not fit starts a new page under a
  // repeated header, so a long order flows over as many pages as it needs and no row is split.
  const newPage = (): number => {
    doc.addPage();
    return MARGIN;
  };
  y += tableHeader(doc, y);
  for (const line of d.lines) {
    const descH = heightOf(doc, line.description, { width: DESC_W });
    const rowH = descH + 2 * ROW_PAD;
    if (y + rowH > BOTTOM) {
      y = newPage();
      y += tableHeader(doc, y);
    }
    const ty = y + ROW_PAD;
    put(doc, line.description, COL.desc, ty, { width: DESC_W });
    put(doc, quantities.format(line.quantity), COL.qty, ty, { width: QTY_W, align: 'right' });
    put(doc, money(line.unitPrice), COL.unit, ty, { width: MONEY_W, align: 'right' });
    put(doc, money(line.total), COL.amount, ty, { width: MONEY_W, align: 'right' });
    y += rowH;
    rule(doc, MARGIN, RIGHT, y);
  }

  // Totals: label on the left of a right-hand block, amount right-aligned under the Amount column. Measured as a
  // whole first, so the block is never split across pages and never runs into the table.
  const totalLabel = credit ? 'Total credited' : 'Total';
  const rows: { label: string; amount: string; strong?: boolean }[] = [
    { label: 'Subtotal', amount: money(d.subtotal) },
    ...(d.discount > 0 ? [{ label: 'Discount', amount: money(d.discount, -1) }] : []),
    { label: 'Shipping', amount: money(d.shipping) },
    ...(d.taxIncluded ? [] : d.taxes.map((t) => ({ label: `${t.label} on ${money(t.base)}`, amount: money(t.amount) }))),
    { label: totalLabel, amount: money(d.total), strong: true },
    ...(d.taxIncluded ? d.taxes.map((t) => ({ label: `Includes ${t.label} on ${money(t.base)} net`, amount: money(t.amount) })) : []),
  ];
  const labelW = TOTALS_W - MONEY_W - GAP;
  const rowStyle = (strong?: boolean) => ({ face: strong ? ('bold' as const) : ('regular' as const), size: strong ? 11 : BODY });
  const rowHeights = rows.map((r) => heightOf(doc, r.label, { ...rowStyle(r.strong), width: labelW }) + (r.strong ? 10 : 4));
  const totalsH = 12 + rowHeights.reduce((s, h) => s + h, 0);
  if (y + totalsH > BOTTOM) y = newPage();
  y += 12;
  rows.forEach((r, i) => {
    if (r.strong) {
      rule(doc, TOTALS_X, RIGHT, y, 0.8, MUTED);
      y += 6;
    }
    put(doc, r.label, TOTALS_X, y, { ...rowStyle(r.strong), width: labelW });
    put(doc, r.amount, COL.amount, y, { ...rowStyle(r.strong), width: MONEY_W, align: 'right' });
    y += rowHeights[i]! - (r.strong ? 6 : 0);
  });

  // Under the totals: when it was settled, and the note.
  const after = [
    ...(d.settledAt ? [`${credit ? 'Refunded' : 'Paid'} on ${formatDate(d.settledAt, { timeZone: 'UTC' })}`] : []),
    ...(d.note.trim() ? [d.note.trim()] : []),
  ];
  if (after.length) {
    y += 18;
    for (const text of after) {
      const h = heightOf(doc, text, { width: CONTENT_W });
      if (y + h > BOTTOM) y = newPage();
      y += put(doc, text, MARGIN, y, { width: CONTENT_W }) + 3;
    }
  }

  footers(doc, d);
}

/** The footer of every page: who issued it, which document, which page. */
function footers(doc: Doc, d: InvoiceDocument): void {
  const range = doc.bufferedPageRange();
  const title = `${d.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${d.number}`;
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin PDFKit would start a new page for the text; the footer is allowed there.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(doc, MARGIN, RIGHT, FOOTER_Y - 6);
    const s = { size: SMALL - 0.5, color: MUTED };
    put(doc, d.seller.name, MARGIN, FOOTER_Y, { ...s, width: CONTENT_W * 0.6 });
    put(doc, `${title} · page ${i + 1} of ${range.count}`, RIGHT - CONTENT_W * 0.4, FOOTER_Y, { ...s, width: CONTENT_W * 0.4, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/** The document as PDF bytes: A4 portrait, Inter embedded, the same bytes for the same input. */
export async function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const title = `${d.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${d.number}`;
  const doc = new PDFDocument({
    size: A4_PORTRAIT_PT,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: PAGE_H - BOTTOM },
    bufferPages: true,
    compress: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: title,
      Author: d.seller.name,
      Subject: `${title} for order ${d.orderNumber}`,
      Creator: `${d.seller.name} invoicing`,
      Producer: 'PDFKit',
      // The date of issue, not the time of drawing: the file ID is derived from these, so the bytes are stable.
      CreationDate: d.issuedAt,
      ModDate: d.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const face of Object.keys(FACES) as Face[]) doc.registerFont(face, interFont(face) as unknown as Buffer);
  try {
    draw(doc, d);
  } finally {
    doc.end();
  }
  await ended;
  return Buffer.concat(chunks);
}
