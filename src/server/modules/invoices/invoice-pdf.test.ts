/**
 * The invoice and credit note PDFs, read back as a PDF reader would (the certificates' reader: text through the
 * fonts' ToUnicode maps), so a check that "$24.00" is on the page proves it is real, selectable text.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../certificates/test-support';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';

const MINUS = '\u2212';

function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    number: 'INV-000042',
    issuedAt: new Date('2026-11-27T09:30:00Z'),
    correcting: null,
    orderNumber: 'CF-1042',
    currency: 'USD',
    seller: { name: 'Certifiable Ltd', lines: ['1 Paper Lane', 'Springfield, IL 62701', 'United States'], email: 'billing@certifiable.example', taxId: 'US12-3456789' },
    buyer: { name: 'Dana Whitfield', lines: ['42 Reply-All Road', 'Leeds LS1 4AP', 'United Kingdom'], email: 'dana@example.com', taxId: null },
    lines: [
      { description: 'Distinguished Service in Reply-All — framed print, A4', quantity: 1, unitPrice: 2400, total: 2400 },
      { description: 'Heroic Meeting Survivor — PDF download', quantity: 2, unitPrice: 599, total: 1198 },
    ],
    subtotal: 3598,
    discount: 360,
    shipping: 599,
    taxes: [{ label: 'Sales tax 8.25%', rateBps: 825, base: 3837, amount: 317 }],
    total: 4154,
    settledAt: new Date('2026-11-27T09:31:00Z'),
    note: 'Paid by card (test mode).',
    ...overrides,
  };
}

function sampleCreditNote(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return sampleInvoice({
    kind: 'credit_note',
    number: 'CN-000003',
    correcting: 'INV-000042',
    issuedAt: new Date('2026-12-02T15:00:00Z'),
    currency: 'EUR',
    buyer: { name: 'Jonas Becker GmbH', lines: ['Hauptstraße 5', '10115 Berlin', 'Germany'], email: null, taxId: 'DE123456789' },
    lines: [{ description: 'Heroic Meeting Survivor — PDF download', quantity: 2, unitPrice: 599, total: 1198 }],
    subtotal: 1198,
    discount: 0,
    shipping: 0,
    taxes: [{ label: 'VAT 19%', rateBps: 1900, base: 1198, amount: 228 }],
    total: 1426,
    settledAt: new Date('2026-12-03T08:00:00Z'),
    note: 'Refunded to the card it was paid with.',
    ...overrides,
  });
}

/** One page of a PDF, as a one-page PDF of its own (pdf-lib copies the page with its fonts), for `readPdf`. */
async function pageOf(pdf: Buffer, index: number): Promise<Buffer> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const single = await PDFDocument.create({ updateMetadata: false });
  const [page] = await single.copyPages(source, [index < 0 ? source.getPageCount() + index : index]);
  single.addPage(page);
  return Buffer.from(await single.save({ useObjectStreams: false }));
}

async function pageText(pdf: Buffer, index = 0): Promise<string> {
  const { texts } = await readPdf(index === 0 ? pdf : await pageOf(pdf, index));
  return texts.join('\n');
}

describe('renderInvoicePdf', () => {
  it('draws an invoice as text in the embedded Inter faces, on one A4 portrait page', async () => {
    const pdf = await renderInvoicePdf(sampleInvoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { fonts, images } = await readPdf(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      expect(font.name).toMatch(/^[A-Z]{6}\+Inter/);
      expect(font.embedded).toBe(true);
    }
    expect(images).toEqual([]);

    const loaded = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(loaded.getPageCount()).toBe(1);
    const { width, height } = loaded.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
    expect(loaded.getTitle()).toBe('Invoice INV-000042');
    expect(loaded.getAuthor()).toBe('Certifiable Ltd');
    expect(loaded.getCreationDate()?.toISOString()).toBe('2026-11-27T09:30:00.000Z');

    const text = await pageText(pdf);
    for (const expected of [
      'Invoice',
      'INV-000042',
      '27 November 2026',
      'CF-1042',
      'Certifiable Ltd',
      '1 Paper Lane',
      'billing@certifiable.example',
      'VAT no. US12-3456789',
      'Billed to',
      'Dana Whitfield',
      'Leeds LS1 4AP',
      'Distinguished Service in Reply-All',
      'Heroic Meeting Survivor — PDF download',
      'Description',
      'Unit price',
      '$24.00',
      '$5.99',
      '$11.98',
      'Subtotal',
      '$35.98',
      'Discount',
      `${MINUS}$3.60`,
      'Shipping',
      'Sales tax 8.25% on $38.37',
      '$3.17',
      'Total',
      '$41.54',
      'Paid on 27 November 2026',
      'Paid by card (test mode).',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Credit note');
    expect(text).not.toContain('Corrects invoice');
    expect(text).not.toContain(MINUS + '$24.00');
  });

  it('leaves out a zero discount, the paid line when unpaid and an empty note', async () => {
    const text = await pageText(await renderInvoicePdf(sampleInvoice({ discount: 0, settledAt: null, note: '' })));
    expect(text).toContain('Subtotal');
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Paid on');
    expect(text).not.toContain('Paid by card');
  });

  it('draws a credit note: its title, the invoice it corrects and every amount credited (negative)', async () => {
    const pdf = await renderInvoicePdf(sampleCreditNote());
    const loaded = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(loaded.getTitle()).toBe('Credit note CN-000003');

    const text = await pageText(pdf);
    for (const expected of [
      'Credit note',
      'CN-000003',
      '2 December 2026',
      'Corrects invoice INV-000042',
      'Jonas Becker GmbH',
      'Hauptstraße 5',
      'VAT no. DE123456789',
      `${MINUS}€5.99`,
      `${MINUS}€11.98`,
      `VAT 19% on ${MINUS}€11.98`,
      `${MINUS}€2.28`,
      'Total credited',
      `${MINUS}€14.26`,
      'Refunded on 3 December 2026',
    ]) {
      expect(text).toContain(expected);
    }
    // No positive money left on the page besides the zero shipping (never "−€0.00").
    expect(text).toContain('€0.00');
    expect(text).not.toContain(`${MINUS}€0.00`);
    expect(text.match(/(?<!\u2212)€(?!0\.00)\d/g)).toBeNull();
    expect(text).not.toContain('Paid on');
  });

  it('mirrors the invoice on a credit note: its discount is the one amount added back, so the column still adds up', async () => {
    const text = await pageText(await renderInvoicePdf(sampleCreditNote({ subtotal: 1198, discount: 120, shipping: 599, total: 1902 })));
    expect(text).toContain('Discount');
    expect(text).toMatch(/(?<!\u2212)€1\.20/);
    expect(text).toContain(`${MINUS}€5.99`);
    expect(text).toContain(`${MINUS}€19.02`);
  });

  it('gives the same bytes for the same document', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(sampleInvoice()), renderInvoicePdf(sampleInvoice())]);
    expect(a.equals(b)).toBe(true);
    const [c, d] = [await renderInvoicePdf(sampleCreditNote()), await renderInvoicePdf(sampleCreditNote())];
    expect(c.equals(d)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('flows 60 lines over several pages, with the totals after the last line on the last page', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description:
        i % 7 === 0
          ? `Line ${i + 1}: Most Improved Email Signature, with a citation long enough to wrap over more than one line of its column`
          : `Line ${i + 1}: Employee of the Month (Every Month)`,
      quantity: 1,
      unitPrice: 1000 + i,
      total: 1000 + i,
    }));
    const subtotal = lines.reduce((s, l) => s + l.total, 0);
    const pdf = await renderInvoicePdf(sampleInvoice({ lines, subtotal, discount: 0, shipping: 0, taxes: [], total: subtotal }));

    const loaded = await PDFDocument.load(pdf, { updateMetadata: false });
    const pages = loaded.getPageCount();
    expect(pages).toBeGreaterThan(1);

    const first = await pageText(pdf, 0);
    expect(first).toContain('Line 1: Most Improved Email Signature');
    expect(first).toContain(`page 1 of ${pages}`);
    expect(first).not.toContain('Total');

    const last = await pageText(pdf, pages - 1);
    expect(last).toContain('Line 60: Employee of the Month');
    expect(last).toContain('Description'); // the table header, repeated
    expect(last).toContain('Total');
    expect(last).toContain(`$${(subtotal / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);
    expect(last).toContain(`page ${pages} of ${pages}`);
    expect(last.indexOf('Line 60:')).toBeLessThan(last.indexOf('Subtotal'));

    // Every line is drawn once, somewhere.
    let all = '';
    for (let i = 0; i < pages; i++) all += await pageText(pdf, i);
    for (let i = 1; i <= 60; i++) expect(all.split(`Line ${i}:`).length - 1).toBe(1);
  });
});
