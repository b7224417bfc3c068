import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@/contract/admin-settings';
import type { Order } from '@/contract/shop';
import { invoices } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { seedOrder } from '@/server/test/seed-order';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';
import { findOrder } from './orders.service';
import { issueOrderInvoice } from './order-invoices';
import { findPayment } from '../payments';

/**
 * Invoices and credit notes (issue 28, docs/decisions/132): every paid order gets an invoice with the next number of
 * a gapless series, issued with its receipt; a refund gets a credit note correcting it; both are PDFs on the order
 * for whoever may see it.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let admin: Awaited<ReturnType<typeof signedInClient>>;
let ip = 0;
const shopper = () => {
  const c = new TestClient(t.app);
  c.ip = `192.0.2.${(ip++ % 250) + 1}`;
  return c;
};
const deps = () => ({ db: t.database.db, settings: t.app.settings, testMode: true });

/** A paid order of a framed certificate shipped to the US, its receipt (and so its invoice) written. */
async function paidOrder() {
  const buyer = shopper();
  const { result } = await placeOrder(buyer, checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id));
  expect((await pay(buyer, result!.payment_url, '4242 4242 4242 4242')).outcome?.status).toBe('succeeded');
  await t.drain();
  return result!;
}

const orderPage = async (orderId: string, token: string) => (await shopper().get(`/api/orders/${orderId}?token=${token}`)).json() as Order;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
  admin = await signedInClient(t.app, { admin: true });
});
afterAll(async () => {
  await t.close();
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
