import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@/contract/admin-settings';
import type { Order } from '@/contract/shop';
import { invoices, mailOutbox } from '@/server/db/schema/index';
import { signedInClient } from '@/server/test/auth-client';
import { startSmtpSink } from '@/server/test/loopback/smtp-sink';
import { seedOrder } from '@/server/test/seed-order';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue, shoppers } from '../checkout/test-support';
import { findOrder } from './orders.service';
import { issueOrderInvoice } from './order-invoices';
import { findPayment } from '../payments';

/**
 * Invoices and credit notes (issue 28, docs/decisions/132): every paid order gets an invoice with the next number of
 * a gapless series, issued with its receipt; a refund gets a credit note correcting it; both are PDFs on the order
 * for whoever may see it.
 */

let t: TestApp;
/** The mail server the app delivers to: the receipts and refund mails as they arrive, attachments included. */
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
/** The app's log lines (warnings and up). */
const logLines: string[] = [];
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let admin: Awaited<ReturnType<typeof signedInClient>>;
const shopper = shoppers(() => t.app, '192.0.2');
const deps = () => ({ db: t.database.db, settings: t.app.settings, testMode: true });

/** A paid order of a framed certificate shipped to the US, its receipt (and so its invoice) written. */
async function paidOrder() {
  const buyer = shopper();
  const { result } = await placeOrder(buyer, checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id));
  expect((await pay(buyer, result!.payment_url, '4242 4242 4242 4242')).outcome?.status).toBe('succeeded');
  await t.drain();
  return result!;
}

/** The mail about this order whose subject says `subject` (as the loopback SMTP server received it). */
async function mailOf(orderId: string, subject: RegExp) {
  const number = (await findOrder(t.database.db, orderId))!.number;
  const mails = smtp.mails.filter((m) => m.subject.includes(number) && subject.test(m.subject));
  expect(mails, `one mail about ${number} matching ${subject}`).toHaveLength(1);
  return mails[0]!;
}

const orderPage = async (orderId: string, token: string) => (await shopper().get(`/api/orders/${orderId}?token=${token}`)).json() as Order;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    jobs: 'manual',
    env: { SMTP_URL: smtp.url },
    logger: { level: 'warn', stream: { write: (l: string) => void logLines.push(l) } },
  });
  shop = await shopCatalogue(t.app, t.database.db);
  admin = await signedInClient(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('invoices', () => {
  it('a paid order gets the next invoice number with its receipt, and its PDF on the order page', async () => {
    const placed = await paidOrder();
    const order = await orderPage(placed.order_id, placed.access_token);
    expect(order.documents).toEqual([{ kind: 'invoice', number: 'INV-000001', issued_at: expect.any(String), total: order.total, url: expect.stringContaining('/documents/INV-000001.pdf?token=') }]);
    const pdf = await shopper().get(order.documents[0]!.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The receipt, delivered over SMTP, carries the same PDF (the outbox kept only a reference to it).
    const receipt = await mailOf(placed.order_id, /confirmed/);
    expect(receipt.text).toContain('Your invoice INV-000001 is attached (PDF).');
    expect(receipt.attachments.map((a) => [a.filename, a.contentType])).toEqual([['INV-000001.pdf', 'application/pdf']]);
    expect(receipt.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(receipt.attachments[0]!.content.equals(pdf.rawPayload)).toBe(true);
    const outbox = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_confirmation'))).find((r) => r.dedupeKey?.startsWith(`order:${placed.order_id}:`));
    expect(outbox).toMatchObject({ transport: 'smtp', status: 'sent', attachments: [{ kind: 'invoice', orderId: placed.order_id, number: 'INV-000001', filename: 'INV-000001.pdf' }] });

    // The receipt written again (a job run twice) issues nothing new.
    const row = await findOrder(t.database.db, placed.order_id);
    const again = await issueOrderInvoice(deps(), row!, await findPayment(t.database.db, placed.order_id));
    expect(again.number).toBe('INV-000001');
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed.order_id))).toHaveLength(1);
  });

  it('freezes what the invoice says: the lines, totals, buyer and seller as sold', async () => {
    const shopSettings = ((await admin.client.get('/api/admin/settings')).json() as AdminSettings).values.shop;
    const seller = { address: '1 Dubious Lane\nLondon EC1A 1BB\nUnited Kingdom', tax_id: 'GB123456789' };
    expect((await admin.client.put('/api/admin/settings/shop', { ...shopSettings, seller })).statusCode).toBe(200);
    const placed = await paidOrder();
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed.order_id));
    expect(row!.number).toBe('INV-000002');
    expect(row!.document).toMatchObject({
      orderNumber: expect.stringMatching(/^ORD-/),
      currency: 'USD',
      seller: { name: 'Dubious Enterprises Ltd.', lines: ['1 Dubious Lane', 'London EC1A 1BB', 'United Kingdom'], taxId: 'GB123456789' },
      buyer: { name: 'Dana Whitfield', email: 'shopper@example.test' },
      lines: [{ quantity: 1, unitPrice: 6400, total: 6400 }],
      subtotal: 6400,
      shipping: 599,
      total: 6999,
      correcting: null,
    });
    // The first invoice, issued before the seller's address was set, still says what it said.
    const [first] = await t.database.db.select().from(invoices).where(eq(invoices.number, 'INV-000001'));
    expect(first!.document).toMatchObject({ seller: { lines: [], taxId: null } });
  });

  it('keeps the PDF to those who may see the order', async () => {
    const placed = await paidOrder();
    const url = `/api/orders/${placed.order_id}/documents/INV-000003.pdf`;
    expect((await shopper().get(url)).statusCode).toBe(401);
    expect((await shopper().get(`${url}?token=forged`)).statusCode).toBe(404);
    const stranger = await signedInClient(t.app);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await admin.client.get(url)).statusCode).toBe(200);
    // Another order's number through this order's link: not found.
    expect((await shopper().get(`/api/orders/${placed.order_id}/documents/INV-000001.pdf?token=${placed.access_token}`)).json().error.code).toBe('DOCUMENT_NOT_FOUND');
    expect((await shopper().get(`/api/orders/${placed.order_id}/documents/invoice.pdf?token=${placed.access_token}`)).statusCode).toBe(404);
  });

  it('a refund gets a credit note correcting the invoice, with the tax share it carried', async () => {
    const placed = await paidOrder();
    const refund = await admin.client.post(`/api/admin/orders/${placed.order_id}/refund`, { amount: 1000, reason: 'Frame scratched' });
    expect(refund.statusCode, refund.body).toBe(200);
    // The refund's mail waits two seconds for the rest of a refund in pieces; its credit note comes with it.
    await t.drain({ delayed: true });
    const order = await orderPage(placed.order_id, placed.access_token);
    expect(order.documents.map((d) => [d.kind, d.number, d.total])).toEqual([
      ['invoice', 'INV-000004', 6999],
      ['credit_note', 'CN-000001', 1000],
    ]);
    const [note] = await t.database.db.select().from(invoices).where(eq(invoices.number, 'CN-000001'));
    expect(note!.document).toMatchObject({ correcting: 'INV-000004', total: 1000, lines: [{ description: expect.stringMatching(/^Refund on order ORD-/), total: 1000 }] });
    const pdf = await shopper().get(order.documents[1]!.url);
    expect(pdf.statusCode).toBe(200);

    // The refund's mail carries the credit note (and not the invoice, which went with the receipt).
    const mail = await mailOf(placed.order_id, /refunded/);
    expect(mail.text).toContain('Your credit note CN-000001 is attached (PDF).');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['CN-000001.pdf', 'application/pdf']]);
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail.attachments[0]!.content.equals(pdf.rawPayload)).toBe(true);
  });

  it("the admin's resend of the confirmation carries the invoice too", async () => {
    const placed = await paidOrder();
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed.order_id));
    const res = await admin.client.post(`/api/admin/orders/${placed.order_id}/resend-confirmation`, {});
    expect(res.statusCode, res.body).toBe(200);
    await t.drain();
    const copy = await mailOf(placed.order_id, /^\(Copy\) /);
    expect(copy.text).toContain(`Your invoice ${invoice!.number} is attached (PDF).`);
    expect(copy.attachments.map((a) => a.filename)).toEqual([`${invoice!.number}.pdf`]);
    expect(copy.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Still one invoice for the order: the resend found the one the receipt issued.
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, placed.order_id))).toHaveLength(1);

    // The admin's mail log names the file; resending that mail from it sends the PDF again.
    const receipt = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_confirmation'))).find((r) => r.dedupeKey?.startsWith(`order:${placed.order_id}:`));
    const detail = await admin.client.get(`/api/admin/mail/${receipt!.id}`);
    expect(detail.json()).toMatchObject({ state: 'sent', attachments: [`${invoice!.number}.pdf`] });
    expect((await admin.client.post(`/api/admin/mail/${receipt!.id}/resend`, {})).statusCode).toBe(200);
    await t.drain();
    const { number } = (await findOrder(t.database.db, placed.order_id))!;
    const receipts = smtp.mails.filter((m) => m.subject.startsWith(`Order ${number} confirmed`));
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.attachments.map((a) => a.filename)).toEqual([`${invoice!.number}.pdf`]);
  });

  it('a mail whose attachment cannot be found is still delivered, without it, and says so in the log', async () => {
    const [first] = await t.database.db.select().from(invoices).where(eq(invoices.number, 'INV-000001'));
    const to = `lost-attachment-${randomUUID()}@example.test`;
    const missing = { kind: 'invoice' as const, orderId: randomUUID(), number: 'INV-999999', filename: 'INV-999999.pdf' };
    const id = await t.app.mailer.send(
      { to, subject: 'Your documents', text: 'Two documents, one of them lost.', kind: 'test_attachments' },
      { attachments: [missing, { kind: 'invoice', orderId: first!.orderId, number: 'INV-000001', filename: 'INV-000001.pdf' }] },
    );
    await t.drain();
    const [delivered] = smtp.mailsTo(to);
    expect(delivered?.text).toBe('Two documents, one of them lost.');
    expect(delivered!.attachments.map((a) => a.filename)).toEqual(['INV-000001.pdf']);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'sent', error: null, attempts: 1 });
    const warning = logLines.map((l) => JSON.parse(l) as { msg: string; attachment?: { number: string } }).find((l) => l.attachment?.number === 'INV-999999');
    expect(warning?.msg).toMatch(/not found; the mail goes without it/);
  });

  it('numbers invoices without gaps or repeats when fifty orders are invoiced at once, each asked twice', async () => {
    const made = await Promise.all(Array.from({ length: 50 }, () => seedOrder(t.database.db, { payment: { status: 'paid' } })));
    const before = (await t.database.db.select().from(invoices).where(eq(invoices.kind, 'invoice'))).length;
    const rows = await Promise.all(
      [...made, ...made].map(async (m) => issueOrderInvoice(deps(), (await findOrder(t.database.db, m.id))!, await findPayment(t.database.db, m.id))),
    );
    const numbers = [...new Set(rows.map((r) => r.number))].sort();
    expect(numbers).toHaveLength(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(before + i + 1).padStart(6, '0')}`));
    for (const m of made) expect(new Set(rows.filter((r) => r.orderId === m.id).map((r) => r.number)).size).toBe(1);
  });
});
