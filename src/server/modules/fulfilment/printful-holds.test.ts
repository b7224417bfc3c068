import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, CheckoutResult } from '@/contract/shop';
import { PAYMENT_WEBHOOK_PATH } from '@/server/adapters/payments/payment-provider';
import { fulfilments, paymentSessions } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { startPrintfulServer, type PrintfulServer } from '@/server/test/loopback/printful-server';
import { startStripeServer, type StripeServer } from '@/server/test/loopback/stripe-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, placeOrder, shopCatalogue } from '../checkout/test-support';
import { confirmJob, externalIdOf } from './index';

/**
 * Printful's holds and the items it cannot print (issue 26, docs/decisions/123), with the shop paid through Stripe (a
 * loopback server speaking its API) so that orders go to Printful confirmed — a test card's order stays a draft — and
 * Printful a loopback server speaking its API. Jobs run only when a test drains them.
 */
const SECRET = 'sk_test_loopback_holds';
const WHSEC = 'whsec_loopback_holds';
const HOOK_TOKEN = 'loopback-webhook-secret-holds-0123';

describe('Printful holds and unlinked products', () => {
  let t: TestApp;
  let printful: PrintfulServer;
  let stripe: StripeServer;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  const hook = (body: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/webhooks/fulfilment?token=${HOOK_TOKEN}`, headers: { 'content-type': 'application/json' }, payload: body });
  const adminView = async (orderId: string) => (await admin.client.get(`/api/admin/orders/${orderId}`)).json() as AdminOrder;
  const fulfilmentHistory = (o: AdminOrder) => o.timeline.filter((e) => e.machine === 'fulfilment').map((e) => `${e.from_status ?? ''}→${e.to_status}: ${e.reason}`);

  /** An order for this SKU, paid by card through Stripe (a real payment: Printful gets it confirmed). */
  async function paidOrder(sku: string, variantId?: string): Promise<CheckoutResult> {
    const shop = await shopCatalogue(t.app, t.database.db);
    const { result } = await placeOrder(new TestClient(t.app), checkoutBody(shop.award.id, variantId ?? shop.variant(sku).id, { email: 'holds@example.test' }));
    const [payment] = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, result!.order_id));
    const paid = stripe.completeSession(payment!.providerSessionId!);
    const res = await t.app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': paid.header }, payload: paid.payload });
    expect(res.json().outcome).toBe('applied');
    return result!;
  }

  beforeAll(async () => {
    printful = await startPrintfulServer();
    stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WHSEC });
    t = await createTestApp({
      jobs: 'manual',
      env: {
        PRINTFUL_API_TOKEN: printful.token,
        PRINTFUL_WEBHOOK_SECRET: HOOK_TOKEN,
        PRINTFUL_API_URL: printful.url,
        STRIPE_SECRET_KEY: SECRET,
        STRIPE_WEBHOOK_SECRET: WHSEC,
        STRIPE_API_URL: stripe.url,
      },
    });
    admin = await signedInClient(t.app, { admin: true });
    expect((await admin.client.post('/api/admin/functions/sync-printful-products', {})).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await printful?.close();
    await stripe?.close();
  });

  it('confirms the draft again, once, when Printful takes an order off hold, and the admin sees each step', async () => {
    const placed = await paidOrder('CERT-POSTER-12x16');
    const ext = externalIdOf(placed.order_id);
    await t.drain();
    expect(printful.requests.filter((r) => r.method === 'POST' && r.path === '/orders').at(-1)?.search).toBe('?confirm=true');
    expect(printful.orders.get(ext)!.status).toBe('pending');

    // Printful holds it (a billing issue), then lifts the hold: the order is a draft there again.
    expect((await hook(printful.webhook('order_put_hold', ext, { reason: 'Billing issue' }).body)).json()).toMatchObject({ outcome: 'applied' });
    expect((await adminView(placed.order_id)).fulfilment).toMatchObject({ status: 'problem', error: 'Put on hold: Billing issue' });
    const lifted = printful.webhook('order_remove_hold', ext, { reason: 'Billing sorted' });
    expect(printful.orders.get(ext)!.status).toBe('draft');
    expect((await hook(lifted.body)).json()).toMatchObject({ outcome: 'applied' });
    // Delivered again by Printful: nothing more.
    expect((await hook(printful.redeliver(lifted).body)).json()).toMatchObject({ outcome: 'duplicate' });

    // Durably: a job committed with the event, by an id of the event's, waits to confirm it.
    const waiting = await t.app.jobs.list({ name: 'fulfilment.confirm', state: 'waiting' });
    expect(waiting).toHaveLength(1);
    const [f] = await t.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, placed.order_id));
    expect(waiting[0]!.data).toEqual({ fulfilmentId: f!.id });
    const before = await adminView(placed.order_id);
    expect(before.fulfilment).toMatchObject({ status: 'problem', error: 'Taken off hold at Printful: confirming the order again.' });
    expect(printful.confirmedCount(ext)).toBe(0);

    await t.drain();
    expect(printful.confirmedCount(ext)).toBe(1);
    expect(printful.orders.get(ext)!.status).toBe('pending');
    const after = await adminView(placed.order_id);
    expect(after.fulfilment).toMatchObject({ status: 'submitted', error: null });
    expect(fulfilmentHistory(after).slice(-3)).toEqual([
      'submitted→problem: Put on hold: Billing issue',
      'problem→problem: Taken off hold at Printful (Billing sorted): back to a draft there, to be confirmed again.',
      'problem→submitted: Confirmed again at Printful after its hold: back in the print queue (pending).',
    ]);

    // The same job run again (at least once: a crash after Printful answered) confirms nothing more.
    await t.app.jobs.send(confirmJob, { fulfilmentId: f!.id });
    await t.drain();
    expect(printful.confirmedCount(ext)).toBe(1);
    expect((await adminView(placed.order_id)).fulfilment.status).toBe('submitted');
  });

  it('when the confirmation is refused, the order stays a problem with Printful’s words, and Resubmit confirms the draft', async () => {
    const placed = await paidOrder('CERT-POSTER-12x16');
    const ext = externalIdOf(placed.order_id);
    await t.drain();
    await hook(printful.webhook('order_put_hold', ext, { reason: 'Address check' }).body);
    await hook(printful.webhook('order_remove_hold', ext).body);
    const id = printful.orders.get(ext)!.id;
    printful.failNext(400, 1, {}, { method: 'POST', path: `/orders/${id}/confirm` });
    await t.drain();
    const refused = await adminView(placed.order_id);
    expect(refused.fulfilment).toMatchObject({
      status: 'problem',
      error: 'Printful would not confirm the order after its hold: The request could not be processed.',
      can_resubmit: true,
    });
    expect(printful.confirmedCount(ext)).toBe(0);

    expect((await admin.client.post(`/api/admin/orders/${placed.order_id}/fulfilment/resubmit`, {})).statusCode).toBe(200);
    await t.drain();
    expect(printful.confirmedCount(ext)).toBe(1);
    expect(printful.createdCount(ext)).toBe(1);
    expect((await adminView(placed.order_id)).fulfilment).toMatchObject({ status: 'submitted', error: null });
  });

  it('refuses a product with no Printful variant before calling Printful, keeps the order, and tells the admin what to do', async () => {
    // A product an admin added by hand: the shop sells it, but Printful has no variant for it.
    const made = await admin.client.post('/api/admin/products', { slug: 'hand-made-scroll', name: 'Hand-made scroll', kind: 'print' });
    expect(made.statusCode).toBe(200);
    const product = (
      await admin.client.post(`/api/admin/products/${made.json().id}/variants`, { sku: 'SCROLL-A3', name: 'Scroll A3', size: 'A3', price: 3900 })
    ).json() as { variants: { id: string }[] };
    const placed = await paidOrder('SCROLL-A3', product.variants[0]!.id);
    const ext = externalIdOf(placed.order_id);
    const calls = printful.requests.length;
    await t.drain();
    // Not one request reached Printful for it.
    expect(printful.requests.slice(calls).filter((r) => r.path.includes(ext) || (r.method === 'POST' && r.path === '/orders'))).toEqual([]);

    const view = await adminView(placed.order_id);
    const message =
      'Not sent to the printer: Hand-made scroll (Scroll A3), SKU SCROLL-A3, has no Printful variant: give a Printful product that SKU and run Sync Printful products on the admin home, then resubmit.';
    expect(view).toMatchObject({ status: 'paid', states: { lifecycle: 'open', payment: 'paid', fulfilment: 'problem' } });
    expect(view.fulfilment).toMatchObject({ status: 'problem', error: message, can_resubmit: true });
    expect(fulfilmentHistory(view).at(-1)).toBe(`pending→problem: ${message}`);
  });
});
