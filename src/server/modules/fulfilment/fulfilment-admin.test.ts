import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contract/shop';
import { auditLog, fulfilments, printShopOrders } from '@/server/db/schema/index';
import { mailsTo, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';
import { externalIdOf } from './index';

/**
 * What the /admin/orders fulfilment panel is told it may do (docs/decisions/083, 088, 108). Jobs run only when a
 * test drains them.
 */
describe('the fulfilment block of an admin order', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInClient>>;
  beforeAll(async () => {
    t = await createTestApp({ jobs: 'manual' });
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
  const printShopOrdersOf = (orderId: string) => t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(orderId)));

  // Draws an order's print files (seconds of rendering each, far more on a busy machine): a budget of its own.
  it('offers nothing for a digital order, and mark shipped (not resubmit) for an order at the printer', { timeout: 120_000 }, async () => {
    const digital = await paidOrder('PDF', 'panel-pdf@example.test');
    await t.drain();
    expect((await mailsTo(t.database.db, 'panel-pdf@example.test')).map((m) => m.kind)).toEqual(['order_confirmation']);
    expect(await view(digital.order_id)).toMatchObject({
      status: 'paid',
      states: { lifecycle: 'completed', payment: 'paid', fulfilment: 'none' },
      fulfilment: { status: 'none', provider: null, id: null, can_resubmit: false, can_mark_shipped: false, can_advance: false },
    });
    const refused = await admin.client.post(`/api/admin/orders/${digital.order_id}/fulfilment/resubmit`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'NOTHING_TO_PRINT' } });
    expect(await t.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, digital.order_id))).toEqual([]);

    const placed = await paidOrder('PRINT-A4', 'panel-old@example.test');
    // Paid: the hand-off waits for its job.
    expect((await view(placed.order_id)).fulfilment).toMatchObject({ status: 'pending', provider: 'local', id: null, can_resubmit: true, can_mark_shipped: true, can_advance: false });
    await t.drain();
    // At the printer: it cannot be sent again (the print shop has it), but it can be shipped by hand — and moved on
    // once the print shop has drawn its files.
    expect((await view(placed.order_id)).fulfilment).toMatchObject({
      status: 'submitted',
      provider: 'local',
      id: expect.stringMatching(/^LPS-/),
      error: null,
      submitted_at: expect.any(String),
      can_resubmit: false,
      can_mark_shipped: true,
      can_advance: false,
    });
    await t.drain({ drawFiles: true });
    expect((await view(placed.order_id)).fulfilment).toMatchObject({ status: 'submitted', can_advance: true });
    const again = await admin.client.post(`/api/admin/orders/${placed.order_id}/fulfilment/resubmit`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'ALREADY_SUBMITTED' } });
  });

  it('resubmits an order paid before printing was connected: the print shop answers with the order it has', async () => {
    const placed = await paidOrder('PRINT-A4', 'panel-legacy@example.test');
    await t.drain();
    const first = (await view(placed.order_id)).fulfilment.id;
    expect(first).toMatch(/^LPS-/);

    // As an order paid before this release looks after migration 0012: no hand-off to a printer at all.
    await t.database.db.delete(fulfilments).where(eq(fulfilments.orderId, placed.order_id));
    expect(await view(placed.order_id)).toMatchObject({
      states: { fulfilment: 'none' },
      fulfilment: { status: 'none', provider: null, id: null, can_resubmit: true, can_mark_shipped: true, can_advance: false },
    });
    const resubmitted = await admin.client.post(`/api/admin/orders/${placed.order_id}/fulfilment/resubmit`, {});
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect((resubmitted.json() as AdminOrder).fulfilment).toMatchObject({ status: 'pending', can_resubmit: true });
    // Asked twice before its job ran: one job, one hand-off.
    expect((await admin.client.post(`/api/admin/orders/${placed.order_id}/fulfilment/resubmit`, {})).statusCode).toBe(200);
    expect(await t.database.db.select().from(fulfilments).where(eq(fulfilments.orderId, placed.order_id))).toHaveLength(1);

    await t.drain();
    // The print shop answers the same external id with the order it already has.
    expect((await view(placed.order_id)).fulfilment).toMatchObject({ status: 'submitted', provider: 'local', id: first, can_resubmit: false });
    expect(await printShopOrdersOf(placed.order_id)).toHaveLength(1);
    // Audited each time, with what the admin saw: no hand-off, then the one waiting.
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, placed.order_id)).orderBy(asc(auditLog.createdAt));
    expect(audits.filter((a) => a.action === 'order.fulfilment_resubmitted').map((a) => [a.before, a.after])).toEqual([
      [{ fulfilment_status: 'none', fulfilment_error: null }, { fulfilment_status: 'pending' }],
      [{ fulfilment_status: 'pending', fulfilment_error: null }, { fulfilment_status: 'pending' }],
    ]);
  });

  it('names the field a bad tracking link is in, and nothing is offered once the order has shipped', async () => {
    const placed = await paidOrder('PRINT-A3', 'panel-ship@example.test');
    const url = `/api/admin/orders/${placed.order_id}/fulfilment/mark-shipped`;
    const bad = await admin.client.post(url, { carrier: 'Royal Mail', tracking_number: 'RM123', tracking_url: 'http://track.example/RM123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'tracking_url', message: 'tracking_url must be an https:// address' } });

    // Shipped by hand before its submission job ran.
    const shipped = (await admin.client.post(url, { carrier: 'Royal Mail', tracking_number: 'RM123', tracking_url: 'https://track.example/RM123' })).json() as AdminOrder;
    expect(shipped).toMatchObject({
      status: 'shipped',
      states: { lifecycle: 'completed', fulfilment: 'shipped' },
      tracking: { carrier: 'Royal Mail', number: 'RM123', url: 'https://track.example/RM123' },
    });
    expect(shipped.fulfilment).toMatchObject({ status: 'shipped', can_resubmit: false, can_mark_shipped: false, can_advance: false });
    // The submission that was waiting sends nothing: the parcel is out already.
    await t.drain();
    expect(await printShopOrdersOf(placed.order_id)).toEqual([]);
    expect((await view(placed.order_id)).fulfilment).toMatchObject({ status: 'shipped', id: null });
    const mails = await mailsTo(t.database.db, 'panel-ship@example.test');
    expect(mails.map((m) => m.kind).sort()).toEqual(['order_confirmation', 'order_shipped']);
    expect(mails.find((m) => m.kind === 'order_shipped')!.text).toContain('RM123');
  });
});
