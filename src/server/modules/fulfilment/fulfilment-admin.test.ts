import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@/contract/shop';
import { auditLog, orders } from '@/server/db/schema/index';
import { signedInClient, TestClient, waitForMailTo } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';

// Print files are drawn by the render pool: on a busy machine the first ones take a while.
vi.setConfig({ testTimeout: 150_000 });
const waitOpts = { timeout: 60_000, interval: 200 };

/** What the /admin/orders fulfilment panel is told it may do (docs/decisions/083, 088). */
describe('the fulfilment block of an admin order', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInClient(t.app, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidOrder(sku: string, email: string) {
    const shop = await shopCatalogue(t.app, t.database.db);
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant(sku).id, { email }));
    expect((await pay(client, result!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
    return result!;
  }
  const view = async (id: string) => (await admin.client.get(`/api/admin/orders/${id}`)).json() as AdminOrder;

  it('offers nothing for a digital order, and resubmit and mark shipped for a printed order paid before printing was connected', async () => {
    const digital = await paidOrder('PDF', 'panel-pdf@example.test');
    await waitForMailTo(t.database.db, 'panel-pdf@example.test', 'order_confirmation');
    expect((await view(digital.order_id)).fulfilment).toMatchObject({ status: 'none', can_resubmit: false, can_mark_shipped: false, can_advance: false });
    const refused = await admin.client.post(`/api/admin/orders/${digital.order_id}/fulfilment/resubmit`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'NOTHING_TO_PRINT' } });

    const placed = await paidOrder('PRINT-A4', 'panel-old@example.test');
    await vi.waitFor(async () => expect((await view(placed.order_id)).fulfilment.status).toBe('submitted'), waitOpts);
    expect((await view(placed.order_id)).fulfilment).toMatchObject({ provider: 'local', id: expect.stringMatching(/^LPS-/), can_resubmit: true, can_mark_shipped: true, can_advance: true });

    // As an order paid before this release looks: never handed to a printer.
    await t.database.db.update(orders).set({ fulfilmentStatus: 'none', fulfilmentId: null, fulfilmentProvider: null }).where(eq(orders.id, placed.order_id));
    expect((await view(placed.order_id)).fulfilment).toMatchObject({ status: 'none', can_resubmit: true, can_mark_shipped: true, can_advance: false });
    const resubmitted = await admin.client.post(`/api/admin/orders/${placed.order_id}/fulfilment/resubmit`, {});
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((resubmitted.json() as AdminOrder).fulfilment.status).toBe('pending');
    // The print shop answers the same external id with the order it already has.
    await vi.waitFor(async () => expect((await view(placed.order_id)).fulfilment).toMatchObject({ status: 'submitted', provider: 'local', can_advance: true }), waitOpts);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, placed.order_id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'order.fulfilment_resubmitted' })]),
    );
  });

  it('names the field a bad tracking link is in, and nothing is offered once the order has shipped', async () => {
    const placed = await paidOrder('PRINT-A3', 'panel-ship@example.test');
    const url = `/api/admin/orders/${placed.order_id}/fulfilment/mark-shipped`;
    const bad = await admin.client.post(url, { carrier: 'Royal Mail', tracking_number: 'RM123', tracking_url: 'http://track.example/RM123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'tracking_url', message: 'tracking_url must be an https:// address' } });

    const shipped = (await admin.client.post(url, { carrier: 'Royal Mail', tracking_number: 'RM123', tracking_url: 'https://track.example/RM123' })).json() as AdminOrder;
    expect(shipped).toMatchObject({ status: 'shipped', tracking: { carrier: 'Royal Mail', number: 'RM123', url: 'https://track.example/RM123' } });
    expect(shipped.fulfilment).toMatchObject({ can_resubmit: false, can_mark_shipped: false, can_advance: false });
  });
});
