import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, Order } from '@/contract/shop';
import { auditLog, orderOverview, orders } from '@/server/db/schema/index';
import { mailsTo, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';
import { canMoveOrder, moveOrder } from './order-lifecycle';

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function paidOrderOf(client: TestClient, email = 'owner@example.test') {
  const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('FRAME-A4-GOLD').id, { email }));
  await pay(client, result!.payment_url, '4242424242424242');
  return result!;
}

describe('who may see an order', () => {
  it('its signed-in owner and admins see it; another user gets 404; signed out gets 401; the link token opens it', async () => {
    const owner = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    const admin = await signedInClient(t.app, { admin: true });
    const placed = await paidOrderOf(owner.client);
    const url = `/api/orders/${placed.order_id}`;

    const mine = await owner.client.get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((mine.json() as Order).status).toBe('paid');
    expect((await admin.client.get(url)).statusCode).toBe(200);

    const theirs = await other.client.get(url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('ORDER_NOT_FOUND');
    expect((await other.client.get(`${url}?token=${'x'.repeat(43)}`)).statusCode).toBe(404);

    const stranger = new TestClient(t.app);
    expect((await stranger.get(url)).statusCode).toBe(401);
    expect((await stranger.get(`${url}?token=nope`)).statusCode).toBe(404);
    expect((await stranger.get(`${url}?token=${placed.access_token}`)).statusCode).toBe(200);
    // Another order's token does not open this one.
    const second = await paidOrderOf(new TestClient(t.app));
    expect((await stranger.get(`${url}?token=${second.access_token}`)).statusCode).toBe(404);
  });

  it('my orders lists only my own, newest first', async () => {
    const me = await signedInClient(t.app);
    const a = await paidOrderOf(me.client);
    const b = await paidOrderOf(me.client);
    await paidOrderOf(new TestClient(t.app));
    const res = await me.client.get('/api/account/orders');
    expect(res.json().orders.map((o: { id: string }) => o.id)).toEqual([b.order_id, a.order_id]);
    expect(res.json().orders[0]).toMatchObject({ status: 'paid', total: 6900 + 599, item_count: 1 });
    expect((await new TestClient(t.app).get('/api/account/orders')).statusCode).toBe(401);
  });
});

describe('the order lifecycle', () => {
  it('refuses illegal moves on the server', async () => {
    expect(canMoveOrder('pending', 'open')).toBe(true);
    expect(canMoveOrder('abandoned', 'pending')).toBe(true);
    expect(canMoveOrder('pending', 'completed')).toBe(false);
    expect(canMoveOrder('open', 'pending')).toBe(false);
    expect(canMoveOrder('open', 'abandoned')).toBe(false);
    expect(canMoveOrder('completed', 'open')).toBe(false);
    const placed = await paidOrderOf(new TestClient(t.app));
    await expect(
      t.database.db.transaction((tx) => moveOrder(tx, { orderId: placed.order_id, from: 'open', to: 'cancelled', actor: 'system', reason: 'test' })),
    ).rejects.toMatchObject({ statusCode: 409, code: 'ILLEGAL_TRANSITION' });
    // A stale "from" changes nothing.
    expect(await t.database.db.transaction((tx) => moveOrder(tx, { orderId: placed.order_id, from: 'pending', to: 'open', actor: 'system', reason: 'test' }))).toBe(false);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(row!.status).toBe('open');
  });
});

describe('admin orders', () => {
  it('lists, searches and filters orders; ordinary users are refused', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const placed = await paidOrderOf(new TestClient(t.app), 'findme@example.test');
    const byEmail = await admin.client.get('/api/admin/orders?q=findme');
    expect(byEmail.json().orders.map((o: { id: string }) => o.id)).toEqual([placed.order_id]);
    expect(byEmail.json().orders[0]).toMatchObject({ item_count: 1, customer_name: 'Dana Whitfield', total: 7499 });
    const byNumber = await admin.client.get(`/api/admin/orders?q=${placed.order_number}`);
    expect(byNumber.json().total).toBe(1);
    const paidOnes = (await admin.client.get('/api/admin/orders?status=paid')).json().orders as AdminOrder[];
    expect(paidOnes.map((o) => o.id)).toContain(placed.order_id);
    expect(paidOnes.every((o) => o.status === 'paid')).toBe(true);
    const refundedOnes = (await admin.client.get('/api/admin/orders?status=refunded')).json().orders as AdminOrder[];
    expect(refundedOnes.map((o) => o.id)).not.toContain(placed.order_id);
    expect(refundedOnes.every((o) => o.status === 'refunded')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.client.get(`/api/admin/orders?from=${today}&to=${today}`)).json().total).toBeGreaterThan(0);
    expect((await admin.client.get('/api/admin/orders?from=2001-01-01&to=2001-01-02')).json().total).toBe(0);
    expect((await admin.client.get('/api/admin/orders?from=2001-02-30')).statusCode).toBe(400);

    const user = await signedInClient(t.app);
    expect((await user.client.get('/api/admin/orders')).statusCode).toBe(403);
    expect((await user.client.post(`/api/admin/orders/${placed.order_id}/refund`, {})).statusCode).toBe(403);
  });

  it('refunds part, then the rest, through the provider; each refund is audited, mailed and shown', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const placed = await paidOrderOf(new TestClient(t.app), 'refundme@example.test');
    await t.drain(); // the receipt, and the hand-off to the printer
    const url = `/api/admin/orders/${placed.order_id}`;
    const detail = (await admin.client.get(url)).json() as AdminOrder;
    expect(detail).toMatchObject({ refundable: 7499, can_cancel: false, provider_payment_id: expect.stringMatching(/^pi_test_/), states: { fulfilment: 'submitted' } });

    const tooMuch = await admin.client.post(`${url}/refund`, { amount: 7500 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatchObject({ field: 'amount', message: 'At most $74.99 can still be refunded.' });

    const partial = await admin.client.post(`${url}/refund`, { amount: 1000, reason: 'Frame arrived scratched' });
    expect(partial.json()).toMatchObject({
      status: 'partially_refunded',
      status_label: 'Partly refunded',
      states: { lifecycle: 'open', payment: 'partially_refunded', fulfilment: 'submitted' },
      refunded_total: 1000,
      refundable: 6499,
    });
    await t.drain({ delayed: true }); // the refund mail waits a moment for the rest of its request
    expect((await mailsTo(t.database.db, 'refundme@example.test')).filter((m) => m.kind === 'order_refunded').map((m) => m.subject)).toEqual([
      `Order ${placed.order_number}: partly refunded`,
    ]);

    const rest = await admin.client.post(`${url}/refund`, { reason: 'Customer changed their mind' });
    const after = rest.json() as AdminOrder;
    // Refunded in full; the print was already at the printer, so its hand-off stays and the order stays open.
    expect(after).toMatchObject({ status: 'refunded', status_label: 'Refunded', states: { lifecycle: 'open', payment: 'refunded', fulfilment: 'submitted' }, refunded_total: 7499, refundable: 0 });
    expect(after.refunds.map((r) => [r.amount, r.reason])).toEqual([
      [1000, 'Frame arrived scratched'],
      [6499, 'Customer changed their mind'],
    ]);
    expect(after.timeline.map((e) => [e.machine, e.from_status, e.to_status])).toEqual([
      ['order', null, 'pending'],
      ['payment', 'unpaid', 'paid'],
      ['order', 'pending', 'open'],
      ['fulfilment', null, 'pending'],
      ['fulfilment', 'pending', 'submitted'],
      ['payment', 'paid', 'partially_refunded'],
      ['payment', 'partially_refunded', 'refunded'],
    ]);
    expect(after.timeline.filter((e) => e.machine === 'payment').map((e) => [e.label, e.actor, e.reason])).toEqual([
      ['Paid', 'provider', 'Payment received.'],
      ['Partly refunded', 'admin', 'Refunded $10.00: Frame arrived scratched'],
      ['Refunded', 'admin', 'Refunded $64.99: Customer changed their mind'],
    ]);
    await t.drain({ delayed: true });
    expect((await mailsTo(t.database.db, 'refundme@example.test')).filter((m) => m.kind === 'order_refunded').map((m) => m.subject)).toEqual([
      `Order ${placed.order_number}: partly refunded`,
      `Order ${placed.order_number}: refunded`,
    ]);

    const again = await admin.client.post(`${url}/refund`, {});
    expect(again.statusCode).toBe(409);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, placed.order_id), eq(auditLog.action, 'order.refunded'))).orderBy(desc(auditLog.createdAt));
    expect(audits).toHaveLength(2);
    expect(audits.every((a) => a.actorUserId === admin.user.id)).toBe(true);
  });

  it('a refund in full before the printer had the order cancels its hand-off and completes the order', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const client = new TestClient(t.app);
    const placed = await paidOrderOf(client, 'not-printed@example.test');
    const url = `/api/admin/orders/${placed.order_id}`;
    expect(((await admin.client.get(url)).json() as AdminOrder).states).toEqual({ lifecycle: 'open', payment: 'paid', fulfilment: 'pending' });
    const refunded = await admin.client.post(`${url}/refund`, { reason: 'Ordered twice' });
    expect(refunded.json()).toMatchObject({ status: 'refunded', states: { lifecycle: 'completed', payment: 'refunded', fulfilment: 'cancelled' }, refundable: 0 });
    // The submission enqueued with the payment finds nothing to send.
    await t.drain({ delayed: true });
    const [row] = await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, placed.order_id));
    expect(row).toMatchObject({ status: 'completed', paymentStatus: 'refunded', fulfilmentStatus: 'cancelled' });
    const order = (await client.get(`/api/orders/${placed.order_id}?token=${placed.access_token}`)).json() as Order;
    expect(order).toMatchObject({ status: 'refunded', status_label: 'Refunded' });
    expect(order.timeline.filter((e) => e.machine === 'fulfilment').map((e) => [e.to_status, e.label])).toEqual([
      ['pending', 'Waiting for the printer'],
      ['cancelled', 'Not printed'],
    ]);
    expect(order.timeline.filter((e) => e.machine === 'order').map((e) => [e.to_status, e.reason])).toEqual([
      ['pending', 'Order placed'],
      ['open', 'Paid: the order is confirmed.'],
      ['completed', ''], // an admin's words are for admins
    ]);
  });

  it('cancels an unpaid order (its payment page stops taking cards) but not a paid one', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    const cancelled = await admin.client.post(`/api/admin/orders/${result!.order_id}/cancel`, { reason: 'Duplicate order' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_cancel: false });
    const late = await pay(client, result!.payment_url, '4242424242424242');
    expect(late.res.statusCode).toBe(409);
    expect(late.res.json().error.code).toBe('PAYMENT_SESSION_EXPIRED');
    const [row] = await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, result!.order_id));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(((await client.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order).status).toBe('cancelled');

    const paid = await paidOrderOf(new TestClient(t.app));
    const refused = await admin.client.post(`/api/admin/orders/${paid.order_id}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('A paid order is not cancelled but refunded: use Refund.');
  });

  it('resends the confirmation of a paid order (audited)', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const placed = await paidOrderOf(new TestClient(t.app), 'again@example.test');
    const res = await admin.client.post(`/api/admin/orders/${placed.order_id}/resend-confirmation`);
    expect(res.statusCode).toBe(200);
    expect((await mailsTo(t.database.db, 'again@example.test')).map((m) => m.subject)).toEqual([`(Copy) Order ${placed.order_number} confirmed: the Committee thanks you`]);
    // The receipt itself goes out with the jobs; the copy was sent at once.
    await t.drain();
    expect((await mailsTo(t.database.db, 'again@example.test')).map((m) => m.subject).sort()).toEqual([
      `(Copy) Order ${placed.order_number} confirmed: the Committee thanks you`,
      `Order ${placed.order_number} confirmed: the Committee thanks you`,
    ]);
    const [row] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, placed.order_id), eq(auditLog.action, 'order.confirmation_resent')));
    expect(row).toBeTruthy();
  });
});

describe('digital certificates', () => {
  it('a paid digital line downloads as a PDF for the order link holder; not before payment, not for strangers', async () => {
    const client = new TestClient(t.app);
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PDF').id, { shipping_address: null, shipping_method: null }));
    let order = (await client.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
    expect(order.lines[0]!.download_url).toBeNull();
    const early = await client.get(`/api/orders/${result!.order_id}/lines/${order.lines[0]!.id}/certificate.pdf?token=${result!.access_token}`);
    expect(early.statusCode).toBe(409);

    await pay(client, result!.payment_url, '4242424242424242');
    order = (await client.get(`/api/orders/${result!.order_id}?token=${result!.access_token}`)).json() as Order;
    const url = order.lines[0]!.download_url!;
    expect(url).toBe(`/api/orders/${result!.order_id}/lines/${order.lines[0]!.id}/certificate.pdf?token=${result!.access_token}`);
    const pdf = await new TestClient(t.app).get(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const stranger = await signedInClient(t.app);
    expect((await stranger.client.get(url.split('?')[0]!)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(url.split('?')[0]!)).statusCode).toBe(401);
  });

  it('a shipped (printed) line has no download', async () => {
    const client = new TestClient(t.app);
    const placed = await paidOrderOf(client);
    const order = (await client.get(`/api/orders/${placed.order_id}?token=${placed.access_token}`)).json() as Order;
    expect(order.lines[0]!.download_url).toBeNull();
    const res = await client.get(`/api/orders/${placed.order_id}/lines/${order.lines[0]!.id}/certificate.pdf?token=${placed.access_token}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('orders in the account export and deletion', () => {
  it('the export holds my orders and cart; deleting the account keeps the order for bookkeeping, unlinked', async () => {
    const me = await signedInClient(t.app);
    const placed = await paidOrderOf(me.client, me.user.email);
    const line = { variant_id: shop.variant('PRINT-A4').id, quantity: 2, design: { award_id: shop.award.id, recipient_name: 'Robin' } };
    expect((await me.client.request({ method: 'PUT', url: '/api/cart', payload: { lines: [line] } })).statusCode).toBe(200);

    const data = (await me.client.get('/api/account/export')).json() as { orders: Order[]; cart: unknown[] };
    expect(data.orders.map((o) => [o.id, o.status, o.total])).toEqual([[placed.order_id, 'paid', 7499]]);
    expect(data.orders[0]!.shipping_address).toMatchObject({ name: 'Dana Whitfield', country: 'US' });
    expect(data.cart).toEqual([{ ...line, design: { ...line.design, template_id: null, share_id: null } }]);

    const deleted = await me.client.delete('/api/account', { confirm_email: me.user.email, password: me.user.password });
    expect(deleted.statusCode).toBeLessThan(300);
    const [kept] = await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, placed.order_id));
    expect(kept).toMatchObject({ userId: null, email: me.user.email, total: 7499, status: 'open', paymentStatus: 'paid' });
    // Its link still opens it (the receipt in the customer's mailbox keeps working).
    expect((await new TestClient(t.app).get(`/api/orders/${placed.order_id}?token=${placed.access_token}`)).statusCode).toBe(200);
  });
});
