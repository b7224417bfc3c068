import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AwardProductTemplate, FetchTemplatesResponse, JobList } from '@/contract/fulfilment';
import type { AdminOrder, Order } from '@/contract/shop';
import { auditLog, orderEvents, orders, printShopOrders, products, variants } from '@/server/db/schema/index';
import { pngPhys, pngSize } from '@/server/modules/certificates/raster';
import { signedInClient, TestClient, waitForMailTo } from '@/server/test/auth-client';
import { startPrintfulServer, type PrintfulServer } from '@/server/test/loopback/printful-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';
import { externalIdOf, FULFIL_JOB } from './fulfilment.service';

// Print files are drawn by the render pool: on a busy machine the first ones take a while.
vi.setConfig({ testTimeout: 150_000 });
const waitOpts = { timeout: 60_000, interval: 200 };

async function paidOrder(t: TestApp, sku: string, email: string) {
  const shop = await shopCatalogue(t.app, t.database.db);
  const client = new TestClient(t.app);
  const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant(sku).id, { email }));
  expect((await pay(client, result!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
  return result!;
}

const orderRow = async (t: TestApp, id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const waitSubmitted = (t: TestApp, id: string) =>
  vi.waitFor(async () => {
    const o = await orderRow(t, id);
    expect(o.fulfilmentStatus).toBe('submitted');
    return o;
  }, waitOpts);

describe('fulfilment by the built-in print shop', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInClient(t.app, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a paid order once, draws its 300 DPI print file and PDF, and ships it with tracking through the webhook', async () => {
    const placed = await paidOrder(t, 'FRAME-A4-OAK', 'framed@example.test');
    const submitted = await waitSubmitted(t, placed.order_id);
    expect(submitted).toMatchObject({ fulfilmentProvider: 'local', fulfilmentId: expect.stringMatching(/^LPS-/) });
    const [shopOrder] = await t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(placed.order_id)));
    const png = await fs.readFile(path.join(t.config.dataDir, shopOrder!.items[0]!.printFile!));
    expect(pngSize(png)).toEqual({ width: 3508, height: 2480 });
    expect(pngPhys(png)?.x).toBe(11811); // 300 DPI in pixels per metre
    expect((await fs.readFile(path.join(t.config.dataDir, shopOrder!.items[0]!.pdfFile!))).subarray(0, 5).toString()).toBe('%PDF-');

    // The job again (a crash after the provider answered): no second print-shop order, the same id.
    await t.database.db.update(orders).set({ fulfilmentId: null, fulfilmentStatus: 'pending' }).where(eq(orders.id, placed.order_id));
    await t.app.jobs.send(FULFIL_JOB, { orderId: placed.order_id });
    await t.app.jobs.send(FULFIL_JOB, { orderId: placed.order_id });
    expect((await waitSubmitted(t, placed.order_id)).fulfilmentId).toBe(submitted.fulfilmentId);
    expect(await t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(placed.order_id)))).toHaveLength(1);

    // An admin moves it on: in production, then shipped.
    const url = `/api/admin/orders/${placed.order_id}/fulfilment/advance`;
    expect(((await admin.client.post(url, {})).json() as AdminOrder).status).toBe('in_production');
    const shipped = (await admin.client.post(url, {})).json() as AdminOrder;
    expect(shipped.status).toBe('shipped');
    expect(shipped.tracking).toMatchObject({ carrier: 'USPS', number: expect.stringMatching(/^9400/), url: expect.stringContaining('usps.com') });
    expect((await admin.client.post(url, {})).statusCode).toBe(409);
    const mine = (await new TestClient(t.app).get(`/api/orders/${placed.order_id}?token=${placed.access_token}`)).json() as Order;
    expect(mine.timeline.map((e) => e.to_status)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped']);
    const mail = await waitForMailTo(t.database.db, 'framed@example.test', 'order_shipped');
    expect(mail.text).toContain(shipped.tracking!.number);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.print_shop_advanced'));
    expect(audits.filter((a) => a.entityId === placed.order_id)).toHaveLength(2);
  });

  it('authenticates the webhook and applies a replayed shipment once', async () => {
    const placed = await paidOrder(t, 'PRINT-A4', 'replay@example.test');
    const o = await waitSubmitted(t, placed.order_id);
    const body = JSON.stringify({
      type: 'package_shipped',
      created: 1_790_000_000,
      retries: 0,
      data: { order: { id: o.fulfilmentId, external_id: externalIdOf(o.id), status: 'fulfilled' }, shipment: { id: 77, carrier: 'DHL', service: 'Express', tracking_number: 'JD0001', tracking_url: 'https://dhl.example/JD0001' } },
    });
    const post = (token: string | null) =>
      t.app.inject({ method: 'POST', url: `/api/webhooks/fulfilment${token === null ? '' : `?token=${token}`}`, headers: { 'content-type': 'application/json' }, payload: body });
    expect((await post(null)).statusCode).toBe(401);
    expect((await post('wrong')).statusCode).toBe(401);
    const { LocalPrintShop } = await import('@/server/adapters/fulfilment/local-print-shop');
    const token = LocalPrintShop.webhookToken(t.app.authSecret);
    expect((await post(token)).json()).toEqual({ received: true, outcome: 'applied' });
    expect((await post(token)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events.filter((e) => e.toStatus === 'shipped')).toHaveLength(1);
    expect(await orderRow(t, o.id)).toMatchObject({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001' });
  });

  it('leaves a digital order alone, lets an admin mark an order shipped by hand, and checks what the admin typed', async () => {
    const digital = await paidOrder(t, 'PDF', 'pdf@example.test');
    await waitForMailTo(t.database.db, 'pdf@example.test', 'order_confirmation');
    expect((await orderRow(t, digital.order_id)).fulfilmentStatus).toBe('none');

    const placed = await paidOrder(t, 'PRINT-A3', 'byhand@example.test');
    await waitSubmitted(t, placed.order_id);
    const url = `/api/admin/orders/${placed.order_id}/fulfilment/mark-shipped`;
    const bad = await admin.client.post(url, { carrier: '', tracking_number: 'X1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'carrier' } });
    expect((await new TestClient(t.app).post(url, { carrier: 'UPS', tracking_number: '1Z999' })).statusCode).toBe(401);
    const done = (await admin.client.post(url, { carrier: 'UPS', tracking_number: '1Z999', tracking_url: 'https://ups.example/1Z999' })).json() as AdminOrder;
    expect(done).toMatchObject({ status: 'shipped', tracking: { carrier: 'UPS', number: '1Z999' } });
    expect((await admin.client.post(url, { carrier: 'UPS', tracking_number: '1Z999' })).statusCode).toBe(409);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.marked_shipped'))).toHaveLength(1);
  });

  it('serves print files only with their signed link', async () => {
    const placed = await paidOrder(t, 'PRINT-A4', 'file@example.test');
    await waitSubmitted(t, placed.order_id);
    const [line] = (await new TestClient(t.app).get(`/api/orders/${placed.order_id}?token=${placed.access_token}`)).json().lines as Order['lines'];
    const { printFileUrl } = await import('./fulfilment.service');
    const good = new URL(printFileUrl({ publicUrl: t.config.publicUrl, secret: t.app.authSecret }, placed.order_id, line!.id));
    const res = await t.app.inject({ method: 'GET', url: `${good.pathname}${good.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
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
    expect(list.queues).toEqual(expect.arrayContaining(['mail.send', 'order.mail', 'fulfilment.submit', 'print-shop.advance']));
    expect(list.jobs.some((j) => j.name === 'fulfilment.submit' && j.state === 'completed')).toBe(true);
    expect((await admin.client.get('/api/admin/jobs?state=nope')).statusCode).toBe(400);
    expect((await (await signedInClient(t.app)).client.get('/api/admin/jobs')).statusCode).toBe(403);
  });
});

describe('fulfilment through Printful (a loopback server speaking its API)', () => {
  let t: TestApp;
  let printful: PrintfulServer;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    printful = await startPrintfulServer();
    t = await createTestApp({
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
    // Every attempt of the first run fails (503s); the job retries and the order arrives once.
    printful.failNext(503, 4, {}, { method: 'POST', path: '/orders' });
    const placed = await paidOrder(t, 'CERT-FRAMED-BLK-12x16', 'pf@example.test');
    const o = await waitSubmitted(t, placed.order_id);
    const ext = externalIdOf(placed.order_id);
    expect(printful.createdCount(ext)).toBe(1);
    expect(o.fulfilmentProvider).toBe('printful');
    const sent = printful.orders.get(ext) as unknown as { items: { files: { url: string }[] }[]; recipient: { state_code: string; country_code: string } };
    expect(sent.recipient).toMatchObject({ country_code: 'US', state_code: 'CA' });
    // Paid with a test card: Printful gets a draft that is never printed or charged.
    expect(printful.requests.filter((r) => r.method === 'POST' && r.path === '/orders').at(-1)?.search).toBe('?confirm=false');
    const file = new URL(sent.items[0]!.files[0]!.url);
    expect((await t.app.inject({ method: 'GET', url: `${file.pathname}${file.search}` })).headers['content-type']).toBe('image/png');

    // Printful's own webhook for the shipment, delivered twice.
    const hook = printful.webhook('package_shipped', ext);
    const post = (body: Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks/fulfilment?token=loopback-webhook-secret-0123', headers: { 'content-type': 'application/json' }, payload: body });
    expect((await post(hook.body)).json()).toMatchObject({ outcome: 'applied' });
    expect((await post(printful.redeliver(hook).body)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await orderRow(t, placed.order_id)).toMatchObject({ status: 'shipped', carrier: 'USPS' });
  });

  it('flags a returned package for an admin', async () => {
    const placed = await paidOrder(t, 'CERT-POSTER-12x16', 'returned@example.test');
    await waitSubmitted(t, placed.order_id);
    const hook = printful.webhook('package_returned', externalIdOf(placed.order_id), { reason: 'Address not found' });
    await t.app.inject({ method: 'POST', url: '/api/webhooks/fulfilment?token=loopback-webhook-secret-0123', headers: { 'content-type': 'application/json' }, payload: hook.body });
    const view = (await admin.client.get(`/api/admin/orders/${placed.order_id}`)).json() as AdminOrder;
    expect(view.fulfilment).toMatchObject({ status: 'problem', error: 'Package returned: Address not found', can_resubmit: true });
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
