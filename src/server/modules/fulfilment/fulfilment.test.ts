import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AwardProductTemplate, FetchTemplatesResponse, JobList } from '@/contract/fulfilment';
import type { AdminOrder, CheckoutResult, Order } from '@/contract/shop';
import { LocalPrintShop } from '@/server/adapters/fulfilment/local-print-shop';
import { auditLog, fulfilments, fulfilmentTransitions, orderOverview, printShopOrders, products, variants } from '@/server/db/schema/index';
import { pngPhys, pngSize } from '@/server/modules/certificates/raster';
import { mailsTo, signedInClient, TestClient } from '@/server/test/auth-client';
import { startPrintfulServer, type PrintfulServer } from '@/server/test/loopback/printful-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue, US_ADDRESS } from '../checkout/test-support';
import { externalIdOf, printFileUrl, submitJob } from './index';

/**
 * Printing and shipping (docs/decisions/083, 108), with the built-in print shop and with Printful (a loopback
 * server). Jobs run only when a test drains them; the print shop draws its files only when asked (`drawFiles`).
 */

// Print files are drawn by the render pool: on a busy machine the first ones take a while.
vi.setConfig({ testTimeout: 150_000 });

async function paidOrder(t: TestApp, sku: string, email: string) {
  const shop = await shopCatalogue(t.app, t.database.db);
  const client = new TestClient(t.app);
  const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant(sku).id, { email }));
  expect((await pay(client, result!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
  return result!;
}

const overview = async (t: TestApp, id: string) => (await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, id)))[0]!;
const handOffs = (t: TestApp, orderId: string) => t.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)).orderBy(asc(fulfilments.part));
const printShopOrdersOf = (t: TestApp, orderId: string) => t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(orderId)));
const customerView = async (t: TestApp, placed: CheckoutResult) =>
  (await new TestClient(t.app).get(`/api/orders/${placed.order_id}?token=${placed.access_token}`)).json() as Order;
/** Its hand-off, at the printer (the submission job has run). */
async function submitted(t: TestApp, orderId: string) {
  const [f] = await handOffs(t, orderId);
  expect(f).toMatchObject({ part: 1, status: 'submitted' });
  return f!;
}

// The print shop's tests draw print files (seconds of rendering each, far more on a busy machine): budgets of their own.
describe('fulfilment by the built-in print shop', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    t = await createTestApp({ jobs: 'manual' });
    admin = await signedInClient(t.app, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts an order at once and draws its files afterwards, on a queue of their own', { timeout: 120_000 }, async () => {
    const printPng = vi.spyOn(t.app.renderer, 'printPng');
    try {
      const placed = await paidOrder(t, 'PRINT-A4', 'undrawn@example.test');
      await t.drain();
      // Submitted, and the print shop has the order — without a single drawing.
      const f = await submitted(t, placed.order_id);
      expect(f).toMatchObject({ provider: 'local', providerOrderId: expect.stringMatching(/^LPS-/) });
      const [shopOrder] = await printShopOrdersOf(t, placed.order_id);
      expect(shopOrder).toMatchObject({ id: f.providerOrderId, status: 'pending', filesReadyAt: null });
      expect(shopOrder!.items.map((i) => [i.printFile, i.pdfFile])).toEqual([[null, null]]);
      expect(printPng).not.toHaveBeenCalled();
      const drawJobs = async () => (await t.app.jobs.list({ name: 'print-shop.draw', state: 'waiting' })).map((j) => j.data);
      expect(await drawJobs()).toContainEqual({ id: f.providerOrderId });
      // Nothing can move on before its files exist.
      const early = await admin.client.post(`/api/admin/orders/${placed.order_id}/fulfilment/advance`, {});
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe('The print shop is still preparing the print files. Try again in a moment.');

      await t.drain({ drawFiles: true });
      expect(printPng).toHaveBeenCalledTimes(1);
      const [drawn] = await printShopOrdersOf(t, placed.order_id);
      expect(drawn).toMatchObject({ status: 'pending', filesReadyAt: expect.any(Date) });
      expect(drawn!.items[0]).toMatchObject({ printFile: expect.stringMatching(/\.png$/), pdfFile: expect.stringMatching(/\.pdf$/) });
      expect(await drawJobs()).not.toContainEqual({ id: f.providerOrderId });
      // Drawn once: asked again (a job run twice), it draws nothing more.
      await (t.app.fulfilment as LocalPrintShop).drawFiles(drawn!.id);
      expect(printPng).toHaveBeenCalledTimes(1);
    } finally {
      printPng.mockRestore();
    }
  });

  it('takes a paid order once, draws its 300 DPI print file and PDF, and ships it with tracking through the webhook', { timeout: 120_000 }, async () => {
    const placed = await paidOrder(t, 'FRAME-A4-OAK', 'framed@example.test');
    expect((await overview(t, placed.order_id)).fulfilmentStatus).toBe('pending');
    await t.drain({ drawFiles: true });
    const first = await submitted(t, placed.order_id);
    expect(first).toMatchObject({ provider: 'local', providerOrderId: expect.stringMatching(/^LPS-/), submittedAt: expect.any(Date), error: null });
    const [shopOrder] = await printShopOrdersOf(t, placed.order_id);
    const png = await fs.readFile(path.join(t.config.dataDir, shopOrder!.items[0]!.printFile!));
    expect(pngSize(png)).toEqual({ width: 3508, height: 2480 });
    expect(pngPhys(png)?.x).toBe(11811); // 300 DPI in pixels per metre
    expect((await fs.readFile(path.join(t.config.dataDir, shopOrder!.items[0]!.pdfFile!))).subarray(0, 5).toString()).toBe('%PDF-');

    // The job again (a crash after the provider answered, before our record): no second print-shop order, the same id.
    await t.database.db.update(fulfilments).set({ providerOrderId: null, status: 'pending', submittedAt: null }).where(eq(fulfilments.id, first.id));
    await t.database.db.delete(fulfilmentTransitions).where(and(eq(fulfilmentTransitions.fulfilmentId, first.id), eq(fulfilmentTransitions.toStatus, 'submitted')));
    await t.app.jobs.send(submitJob, { fulfilmentId: first.id });
    await t.app.jobs.send(submitJob, { fulfilmentId: first.id });
    await t.drain();
    expect((await submitted(t, placed.order_id)).providerOrderId).toBe(first.providerOrderId);
    expect(await printShopOrdersOf(t, placed.order_id)).toHaveLength(1);
    expect(await handOffs(t, placed.order_id)).toHaveLength(1);

    // An admin moves it on: in production, then shipped.
    const url = `/api/admin/orders/${placed.order_id}/fulfilment/advance`;
    const inProduction = (await admin.client.post(url, {})).json() as AdminOrder;
    expect(inProduction).toMatchObject({ status: 'in_production', states: { lifecycle: 'open', fulfilment: 'in_production' }, fulfilment: { can_advance: true } });
    const shipped = (await admin.client.post(url, {})).json() as AdminOrder;
    expect(shipped).toMatchObject({ status: 'shipped', states: { lifecycle: 'completed', payment: 'paid', fulfilment: 'shipped' } });
    expect(shipped.tracking).toMatchObject({ carrier: 'USPS', number: expect.stringMatching(/^9400/), url: expect.stringContaining('usps.com') });
    expect(shipped.shipments).toEqual([shipped.tracking]);
    expect(shipped.fulfilment).toMatchObject({ can_advance: false, can_mark_shipped: false, can_resubmit: false });
    const done = await admin.client.post(url, {});
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('NOT_AT_PRINT_SHOP');

    const mine = await customerView(t, placed);
    expect(mine).toMatchObject({ status: 'shipped', status_label: 'On its way', tracking: shipped.tracking });
    // Each machine's history in the order it moved (the order's and the hand-off's interleave by time).
    const history = (machine: string) => mine.timeline.filter((e) => e.machine === machine).map((e) => `${e.from_status ?? ''}→${e.to_status}: ${e.label}`);
    expect(history('payment')).toEqual(['unpaid→paid: Paid']);
    expect(history('order')).toEqual(['→pending: Placed', 'pending→open: Confirmed', 'open→completed: Completed']);
    expect(history('fulfilment')).toEqual([
      '→pending: Waiting for the printer',
      'pending→submitted: At the printer',
      'submitted→in_production: Being printed',
      'in_production→shipped: On its way',
    ]);
    await t.drain();
    const mails = await mailsTo(t.database.db, 'framed@example.test');
    expect(mails.map((m) => m.kind)).toEqual(['order_confirmation', 'order_shipped']);
    expect(mails[1]!.text).toContain(shipped.tracking!.number);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.print_shop_advanced'));
    expect(audits.filter((a) => a.entityId === placed.order_id)).toHaveLength(2);
  });

  it('ships a UK test order with Royal Mail, and its page and mails say printing and shipping were simulated', { timeout: 120_000 }, async () => {
    const shop = await shopCatalogue(t.app, t.database.db);
    const client = new TestClient(t.app);
    const london = { ...US_ADDRESS, name: 'Sam Lee', line1: '10 Downing Street', city: 'London', state: '', postal_code: 'SW1A 2AA', country: 'GB' };
    const { result: placed } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'london@example.test', shipping_address: london }));
    expect((await pay(client, placed!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
    await t.drain({ drawFiles: true });
    const url = `/api/admin/orders/${placed!.order_id}/fulfilment/advance`;
    await admin.client.post(url, {});
    const shipped = (await admin.client.post(url, {})).json() as AdminOrder;
    expect(shipped.tracking).toMatchObject({ carrier: 'Royal Mail', number: expect.stringMatching(/^TT\d{9}GB$/), url: expect.stringContaining('royalmail.com') });

    const mine = await customerView(t, placed!);
    expect(mine).toMatchObject({ payment: { test_mode: true }, tracking: shipped.tracking });
    await t.drain();
    const [confirmation, shippedMail] = await mailsTo(t.database.db, 'london@example.test');
    expect(confirmation!.text).toContain('Printing and shipping are simulated too');
    expect(confirmation!.text).not.toContain('nothing will be printed');
    expect(shippedMail).toMatchObject({ kind: 'order_shipped', subject: `Order ${mine.number} has shipped (simulated, test mode)` });
    expect(shippedMail!.text).toContain(`has “shipped” with Royal Mail: in test mode the print shop only simulates it, so no parcel is on its way.`);
    expect(shippedMail!.text).toContain(`Made-up tracking number: ${shipped.tracking!.number}`);
    expect(shippedMail!.text).not.toContain('royalmail.com');
  });

  it('authenticates the webhook and applies a replayed shipment once', async () => {
    const placed = await paidOrder(t, 'PRINT-A4', 'replay@example.test');
    await t.drain();
    const f = await submitted(t, placed.order_id);
    const body = JSON.stringify({
      type: 'package_shipped',
      created: 1_790_000_000,
      retries: 0,
      data: {
        order: { id: f.providerOrderId, external_id: externalIdOf(placed.order_id), status: 'fulfilled' },
        shipment: { id: 77, carrier: 'DHL', service: 'Express', tracking_number: 'JD0001', tracking_url: 'https://dhl.example/JD0001' },
      },
    });
    const post = (token: string | null) =>
      t.app.inject({ method: 'POST', url: `/api/webhooks/fulfilment${token === null ? '' : `?token=${token}`}`, headers: { 'content-type': 'application/json' }, payload: body });
    expect((await post(null)).statusCode).toBe(401);
    expect((await post('wrong')).statusCode).toBe(401);
    expect((await handOffs(t, placed.order_id))[0]!.status).toBe('submitted');
    const token = LocalPrintShop.webhookToken(t.app.authSecret);
    expect((await post(token)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await post(token)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const moves = await t.database.db.select().from(fulfilmentTransitions).where(eq(fulfilmentTransitions.orderId, placed.order_id));
    expect(moves.filter((m) => m.toStatus === 'shipped')).toHaveLength(1);
    expect(await handOffs(t, placed.order_id)).toEqual([expect.objectContaining({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001', trackingUrl: 'https://dhl.example/JD0001' })]);
    expect(await overview(t, placed.order_id)).toMatchObject({ status: 'completed', fulfilmentStatus: 'shipped' });
    await t.drain();
    expect((await mailsTo(t.database.db, 'replay@example.test')).filter((m) => m.kind === 'order_shipped')).toHaveLength(1);
  });

  it('leaves a digital order alone, lets an admin mark an order shipped by hand, and checks what the admin typed', async () => {
    const digital = await paidOrder(t, 'PDF', 'pdf@example.test');
    await t.drain();
    expect((await mailsTo(t.database.db, 'pdf@example.test')).map((m) => m.kind)).toEqual(['order_confirmation']);
    expect(await overview(t, digital.order_id)).toMatchObject({ status: 'completed', fulfilmentStatus: 'none' });
    expect(await handOffs(t, digital.order_id)).toEqual([]);
    expect(await printShopOrdersOf(t, digital.order_id)).toEqual([]);

    const placed = await paidOrder(t, 'PRINT-A3', 'byhand@example.test');
    await t.drain();
    await submitted(t, placed.order_id);
    const url = `/api/admin/orders/${placed.order_id}/fulfilment/mark-shipped`;
    const bad = await admin.client.post(url, { carrier: '', tracking_number: 'X1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'carrier' } });
    expect((await new TestClient(t.app).post(url, { carrier: 'UPS', tracking_number: '1Z999' })).statusCode).toBe(401);
    const done = (await admin.client.post(url, { carrier: 'UPS', tracking_number: '1Z999', tracking_url: 'https://ups.example/1Z999' })).json() as AdminOrder;
    expect(done).toMatchObject({ status: 'shipped', states: { lifecycle: 'completed' }, tracking: { carrier: 'UPS', number: '1Z999', url: 'https://ups.example/1Z999' } });
    const again = await admin.client.post(url, { carrier: 'UPS', tracking_number: '1Z999' });
    expect(again.statusCode).toBe(409);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.marked_shipped'))).toHaveLength(1);
    await t.drain();
    const shippedMail = (await mailsTo(t.database.db, 'byhand@example.test')).filter((m) => m.kind === 'order_shipped');
    expect(shippedMail).toHaveLength(1);
    expect(shippedMail[0]!.text).toContain('1Z999');
  });

  it('serves print files only with their signed link', async () => {
    const placed = await paidOrder(t, 'PRINT-A4', 'file@example.test');
    await t.drain();
    const [line] = (await customerView(t, placed)).lines;
    const good = new URL(printFileUrl({ publicUrl: t.config.publicUrl, secret: t.app.authSecret }, placed.order_id, line!.id));
    const res = await t.app.inject({ method: 'GET', url: `${good.pathname}${good.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(pngSize(res.rawPayload)).toEqual({ width: 3508, height: 2480 });
    expect((await t.app.inject({ method: 'GET', url: `${good.pathname}?token=forged` })).statusCode).toBe(404);
  });

  it('fetches templates and syncs the catalogue, keeping ids, the digital product and award mappings', async () => {
    const anyone = await signedInClient(t.app);
    expect((await anyone.client.post('/api/admin/functions/fetch-all-printful-templates', {})).statusCode).toBe(403);
    const templates = (await admin.client.post('/api/admin/functions/fetch-all-printful-templates', {})).json() as FetchTemplatesResponse;
    expect(templates).toMatchObject({ success: true, error: null, summary: { total_products: 2, total_templates: 4 } });

    const shop = await shopCatalogue(t.app, t.database.db);
    const framed = shop.cat.products.find((p) => p.slug === 'framed-certificate')!;
    const bad = await admin.client.post('/api/admin/award-product-templates', { award_id: shop.award.id, product_id: framed.id, variant_id: shop.variant('PRINT-A4').id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'variant_id' } });
    const mapping = (
      await admin.client.post('/api/admin/award-product-templates', {
        award_id: shop.award.id,
        product_id: framed.id,
        variant_id: shop.variant('FRAME-A4-GOLD').id,
        base_template_id: '101',
        mockup_url: '/products/framed-gold.svg',
      })
    ).json() as AwardProductTemplate;
    expect(mapping).toMatchObject({ award_title: shop.award.title, product_name: framed.name, is_active: true });

    // An admin price on the digital product, and a product of their own that the sync will remove.
    await t.database.db.update(variants).set({ price: 1100 }).where(eq(variants.sku, 'PDF'));
    await t.database.db.insert(products).values({ slug: 'mug', name: 'Mug', kind: 'print' });
    const before = await t.database.db.select({ id: variants.id, sku: variants.sku }).from(variants);

    const sync = await admin.client.post('/api/admin/functions/sync-printful-products', {});
    expect(sync.json()).toEqual({ message: 'Synced 2 products and 8 variants from the print shop.' });
    const after = await t.database.db.select().from(variants);
    for (const v of before.filter((b) => b.sku !== 'PDF')) expect(after.find((a) => a.sku === v.sku)?.id).toBe(v.id);
    expect(after.find((a) => a.sku === 'PDF')).toMatchObject({ price: 1100, id: before.find((b) => b.sku === 'PDF')!.id });
    expect(await t.database.db.select().from(products).where(eq(products.slug, 'mug'))).toHaveLength(0);
    const list = (await admin.client.get('/api/admin/award-product-templates')).json() as { mappings: AwardProductTemplate[] };
    expect(list.mappings[0]).toMatchObject({ id: mapping.id, is_active: true, variant_id: mapping.variant_id });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.synced'))).toHaveLength(1);
    // The store shows the mapped mockup... and deleting the mapping is audited.
    expect((await admin.client.delete(`/api/admin/award-product-templates/${mapping.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'award_product_template.deleted'))).toHaveLength(1);
  });

  it('shows jobs to admins, with their queues', async () => {
    const list = (await admin.client.get('/api/admin/jobs')).json() as JobList;
    expect(list.queues).toEqual(expect.arrayContaining(['mail.send', 'order.released', 'order.mail', 'fulfilment.submit', 'print-shop.draw', 'print-shop.advance', 'funnel.close']));
    expect(list.jobs.some((j) => j.name === 'order.released' && j.state === 'completed')).toBe(true);
    expect(list.jobs.some((j) => j.name === 'print-shop.draw' && j.state === 'completed')).toBe(true);
    expect((await admin.client.get('/api/admin/jobs?state=nope')).statusCode).toBe(400);
    expect((await (await signedInClient(t.app)).client.get('/api/admin/jobs')).statusCode).toBe(403);
  });
});

describe('fulfilment through Printful (a loopback server speaking its API)', () => {
  let t: TestApp;
  let printful: PrintfulServer;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  const hookUrl = '/api/webhooks/fulfilment?token=loopback-webhook-secret-0123';
  const post = (body: Buffer) => t.app.inject({ method: 'POST', url: hookUrl, headers: { 'content-type': 'application/json' }, payload: body });
  beforeAll(async () => {
    printful = await startPrintfulServer();
    t = await createTestApp({
      jobs: 'manual',
      env: { PRINTFUL_API_TOKEN: printful.token, PRINTFUL_WEBHOOK_SECRET: 'loopback-webhook-secret-0123', PRINTFUL_API_URL: printful.url },
    });
    admin = await signedInClient(t.app, { admin: true });
    // The shop sells what Printful prints: its catalogue first.
    expect((await admin.client.post('/api/admin/functions/sync-printful-products', {})).json()).toEqual({ message: 'Synced 2 products and 5 variants from Printful.' });
  });
  afterAll(async () => {
    await t.close();
    await printful.close();
  });

  it('submits a paid order exactly once, through outages, with a print file Printful can download', async () => {
    // Every attempt of the first run fails (503s): the job fails, the hand-off says why, and its retry gets through.
    printful.failNext(503, 4, {}, { method: 'POST', path: '/orders' });
    const placed = await paidOrder(t, 'CERT-FRAMED-BLK-12x16', 'pf@example.test');
    const ext = externalIdOf(placed.order_id);
    await t.drain();
    expect(printful.createdCount(ext)).toBe(0);
    expect((await handOffs(t, placed.order_id))[0]).toMatchObject({ status: 'pending', error: expect.stringMatching(/^Waiting to retry: Printful POST \/orders: .*gave up after 4 attempts/) });
    expect((await admin.client.get(`/api/admin/orders/${placed.order_id}`)).json()).toMatchObject({ fulfilment: { status: 'pending', error: expect.stringContaining('Waiting to retry') } });
    await t.drain({ delayed: true });
    const f = await submitted(t, placed.order_id);
    expect(f).toMatchObject({ provider: 'printful', providerOrderId: expect.any(String), error: null });
    expect(printful.createdCount(ext)).toBe(1);
    const sent = printful.orders.get(ext) as unknown as { items: { files: { url: string }[] }[]; recipient: { state_code: string; country_code: string } };
    expect(sent.recipient).toMatchObject({ country_code: 'US', state_code: 'CA' });
    // Paid with a test card: Printful gets a draft that is never printed or charged.
    expect(printful.requests.filter((r) => r.method === 'POST' && r.path === '/orders').at(-1)?.search).toBe('?confirm=false');
    const file = new URL(sent.items[0]!.files[0]!.url);
    expect((await t.app.inject({ method: 'GET', url: `${file.pathname}${file.search}` })).headers['content-type']).toBe('image/png');

    // Printful's own webhook for the shipment, delivered twice.
    const hook = printful.webhook('package_shipped', ext);
    expect((await post(hook.body)).json()).toMatchObject({ outcome: 'applied' });
    expect((await post(printful.redeliver(hook).body)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await handOffs(t, placed.order_id)).toEqual([expect.objectContaining({ status: 'shipped', carrier: 'USPS', providerOrderId: f.providerOrderId })]);
    expect(await overview(t, placed.order_id)).toMatchObject({ status: 'completed', fulfilmentStatus: 'shipped' });
  });

  it('an order that ships in parts: each parcel is a hand-off of its own, with its tracking and its mail', async () => {
    const placed = await paidOrder(t, 'CERT-FRAMED-BLK-12x16', 'parts@example.test');
    const ext = externalIdOf(placed.order_id);
    await t.drain();
    const f = await submitted(t, placed.order_id);

    const firstParcel = printful.webhook('package_shipped', ext, { trackingNumber: 'PART-ONE-1' });
    expect((await post(firstParcel.body)).json()).toMatchObject({ outcome: 'applied' });
    await t.drain();
    const secondParcel = printful.webhook('package_shipped', ext, { carrier: 'FedEx', trackingNumber: 'PART-TWO-2' });
    expect((await post(secondParcel.body)).json()).toMatchObject({ outcome: 'applied' });
    await t.drain();

    expect((await handOffs(t, placed.order_id)).map((h) => [h.part, h.status, h.provider, h.providerOrderId, h.carrier, h.trackingNumber])).toEqual([
      [1, 'shipped', 'printful', f.providerOrderId, 'USPS', 'PART-ONE-1'],
      [2, 'shipped', 'printful', f.providerOrderId, 'FedEx', 'PART-TWO-2'],
    ]);
    const mine = await customerView(t, placed);
    expect(mine).toMatchObject({ status: 'shipped', states: { lifecycle: 'completed', fulfilment: 'shipped' } });
    expect(mine.shipments.map((s) => [s.carrier, s.number])).toEqual([
      ['USPS', 'PART-ONE-1'],
      ['FedEx', 'PART-TWO-2'],
    ]);
    expect(mine.shipments.every((s) => s.shipped_at !== null && s.url !== null)).toBe(true);
    expect(mine.tracking).toEqual(mine.shipments[1]);
    expect(mine.timeline.filter((e) => e.machine === 'fulfilment' && e.to_status === 'shipped').map((e) => e.reason)).toEqual([
      'Shipped with USPS (USPS Priority Mail), tracking PART-ONE-1.',
      'Shipped with FedEx (USPS Priority Mail), tracking PART-TWO-2.',
    ]);
    // One shipped mail per parcel, each with its own tracking number.
    const shippedMails = (await mailsTo(t.database.db, 'parts@example.test')).filter((m) => m.kind === 'order_shipped');
    expect(shippedMails).toHaveLength(2);
    expect(shippedMails[0]!.text).toContain('PART-ONE-1');
    expect(shippedMails[1]!.text).toContain('PART-TWO-2');

    // The second parcel again — Printful's retry, and the same parcel in an event of its own — adds nothing.
    expect((await post(printful.redeliver(secondParcel).body)).json()).toMatchObject({ outcome: 'duplicate' });
    const sameParcel = printful.rawWebhook('package_shipped', secondParcel.event.data, { created: secondParcel.event.created + 60 });
    expect((await post(sameParcel.body)).json()).toMatchObject({ outcome: 'no_change' });
    await t.drain();
    expect(await handOffs(t, placed.order_id)).toHaveLength(2);
    expect((await mailsTo(t.database.db, 'parts@example.test')).filter((m) => m.kind === 'order_shipped')).toHaveLength(2);
  });

  it('flags a returned package for an admin', async () => {
    const placed = await paidOrder(t, 'CERT-POSTER-12x16', 'returned@example.test');
    await t.drain();
    await submitted(t, placed.order_id);
    const hook = printful.webhook('package_returned', externalIdOf(placed.order_id), { reason: 'Address not found' });
    expect((await post(hook.body)).json()).toMatchObject({ outcome: 'applied' });
    const view = (await admin.client.get(`/api/admin/orders/${placed.order_id}`)).json() as AdminOrder;
    expect(view).toMatchObject({ status: 'paid', status_label: 'Paid · printing problem' });
    expect(view.fulfilment).toMatchObject({ status: 'problem', error: 'Package returned: Address not found', can_resubmit: true });
    // The customer sees a paid order, not the printer's trouble.
    const mine = await customerView(t, placed);
    expect(mine).toMatchObject({ status: 'paid', status_label: 'Paid' });
    expect(mine.timeline.some((e) => e.to_status === 'problem')).toBe(false);
  });

  it('never confirms the draft of a test-card order that Printful takes off hold', async () => {
    const placed = await paidOrder(t, 'CERT-POSTER-12x16', 'held-test@example.test');
    const ext = externalIdOf(placed.order_id);
    await t.drain();
    await post(printful.webhook('order_put_hold', ext, { reason: 'Billing issue' }).body);
    expect((await post(printful.webhook('order_remove_hold', ext).body)).json()).toMatchObject({ outcome: 'applied' });
    await t.drain();
    expect(printful.confirmedCount(ext)).toBe(0);
    expect(printful.orders.get(ext)!.status).toBe('draft');
    const view = (await admin.client.get(`/api/admin/orders/${placed.order_id}`)).json() as AdminOrder;
    expect(view.fulfilment).toMatchObject({ status: 'submitted', error: null });
    expect(view.timeline.at(-1)).toMatchObject({
      machine: 'fulfilment',
      to_status: 'submitted',
      reason: 'Left a draft at Printful after its hold: it was paid with a test card, so it is never confirmed or printed.',
    });
  });

  it('leaves the catalogue as it was when a sync fails half-way, and syncs Printful’s products when it can', async () => {
    const before = await t.database.db.select().from(variants);
    // Two Printful products with the same SKU: the second insert fails inside the transaction.
    printful.addSyncProduct({ name: 'Clash One', variants: [{ variantId: 1, retailPrice: '10.00', sku: 'CLASH' }] });
    const clash = printful.addSyncProduct({ name: 'Clash Two', variants: [{ variantId: 1, retailPrice: '11.00', sku: 'CLASH' }] });
    const failed = await admin.client.post('/api/admin/functions/sync-printful-products', {});
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.database.db.select().from(variants)).toEqual(before);

    printful.syncProducts.splice(printful.syncProducts.indexOf(clash.product), 1);
    const ok = await admin.client.post('/api/admin/functions/sync-printful-products', {});
    expect(ok.statusCode).toBe(200);
    const skus = (await t.database.db.select({ sku: variants.sku, price: variants.price }).from(variants)).map((v) => v.sku);
    expect(skus).toEqual(expect.arrayContaining(['CERT-POSTER-12x16', 'CLASH', 'PDF']));
    const [poster] = await t.database.db.select().from(variants).where(eq(variants.sku, 'CERT-POSTER-18x24'));
    expect(poster).toMatchObject({ price: 1999, fulfilmentRef: expect.any(String) });
  });
});
