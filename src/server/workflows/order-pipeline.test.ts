import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, CheckoutResult, Order } from '@/contract/shop';
import type { Dashboard } from '@/contract/admin-dashboard';
import { PaymentProviderError } from '@/server/adapters/payments/payment-provider';
import type { TestCardProcessor } from '@/server/adapters/payments/test-processor';
import { discountCodes, orderOverview, paymentEvents, printShopOrders, settings, testPaymentEvents } from '@/server/db/schema/index';
import { reconcileJob } from '@/server/modules/payments';
import { lastMailTo, mailsTo, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, newKey, pay, placeOrder, sessionOf, shopCatalogue } from '../modules/checkout/test-support';
import { externalIdOf } from '../modules/fulfilment';
import { releasedJob } from './release-order';

/**
 * The order pipeline's promises (issue 23, docs/order-pipeline.md), through the API on the embedded database and —
 * in the PostgreSQL suite — on a PostgreSQL server. Jobs run only when a test drains them: what a test sees is what
 * the workflows and jobs did, in order, with no timing.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let ip = 0;
const shopper = () => {
  const c = new TestClient(t.app);
  c.ip = `203.0.113.${(ip++ % 250) + 1}`;
  return c;
};
const orderOf = async (client: TestClient, r: CheckoutResult) => (await client.get(`/api/orders/${r.order_id}?token=${r.access_token}`)).json() as Order;
const overview = async (orderId: string) => (await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, orderId)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('a one-use discount code raced by twenty checkouts', () => {
  it('exactly one checkout gets it and pays; the others get a 409 naming the field; the admin sees "used 1"', async () => {
    await t.database.db.insert(discountCodes).values({ code: 'ONLYONCE', kind: 'percent', value: 50, usageLimit: 1 });
    const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { discount_code: 'ONLYONCE' });
    const tries = await Promise.all(Array.from({ length: 20 }, () => placeOrder(shopper(), body)));
    const won = tries.filter((r) => r.res.statusCode === 200);
    const lost = tries.filter((r) => r.res.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [r.res.statusCode, r.res.json().error.field, r.res.json().error.message])).toEqual(
      Array(19).fill([409, 'discount_code', 'This code has been used up.']),
    );
    const paid = await pay(shopper(), won[0]!.result!.payment_url, '4242424242424242');
    expect(paid.outcome?.status).toBe('succeeded');
    const order = await overview(won[0]!.result!.order_id);
    expect(order).toMatchObject({ discountCode: 'ONLYONCE', discountTotal: 1200, paymentStatus: 'paid' });
    const admin = await signedInClient(t.app, { admin: true });
    const codes = (await admin.client.get('/api/admin/discount-codes')).json() as { discount_codes: { code: string; used_count: number; usage_limit: number }[] };
    expect(codes.discount_codes.find((c) => c.code === 'ONLYONCE')).toMatchObject({ usage_limit: 1, used_count: 1 });
  });

  it('a use held by a checkout that is abandoned, cancelled or declined goes back to the code', async () => {
    await t.database.db.insert(discountCodes).values({ code: 'COMEBACK', kind: 'fixed', value: 500, usageLimit: 1 });
    const body = checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id, { discount_code: 'COMEBACK' });
    const used = async () => (await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'COMEBACK')))[0]!.usedCount;

    const first = (await placeOrder(shopper(), body)).result!;
    expect(await used()).toBe(1);
    expect((await placeOrder(shopper(), body)).res.statusCode).toBe(409);
    // The card is declined: the use goes back; another shopper takes it.
    expect((await pay(shopper(), first.payment_url, '4000000000000002')).outcome?.status).toBe('failed');
    expect(await used()).toBe(0);
    const second = (await placeOrder(shopper(), body)).result!;
    expect(await used()).toBe(1);
    // An admin cancels the second: its use goes back too.
    const admin = await signedInClient(t.app, { admin: true });
    expect((await admin.client.post(`/api/admin/orders/${second.order_id}/cancel`, { reason: 'Test order' })).statusCode).toBe(200);
    expect(await used()).toBe(0);
  });
});

describe('a zero total (a 100 % discount)', () => {
  it('is paid by its discount without the payment provider, mails its receipt and goes to the printer', async () => {
    await t.database.db.insert(discountCodes).values({ code: 'ONTHEHOUSE', kind: 'percent', value: 100 });
    const client = shopper();
    const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { discount_code: 'ONTHEHOUSE', email: 'free@example.test', shipping_method: 'standard' });
    // Shipping is not discounted: a digital line (or free shipping) makes a true zero.
    const digital = checkoutBody(shop.award.id, shop.variant('PDF').id, { discount_code: 'ONTHEHOUSE', email: 'free-pdf@example.test', shipping_address: null, shipping_method: null });
    const pdf = await placeOrder(client, digital);
    expect(pdf.res.statusCode).toBe(200);
    expect(pdf.result!.payment_url).toBe(`/order/success?order=${pdf.result!.order_id}&token=${pdf.result!.access_token}`);
    const order = await orderOf(client, pdf.result!);
    expect(order).toMatchObject({ total: 0, status: 'paid', states: { lifecycle: 'completed', payment: 'paid', fulfilment: 'none' }, payment: { provider: 'none' } });
    expect(order.lines[0]!.download_url).toMatch(/certificate\.pdf\?token=/);
    await t.drain();
    const mail = await lastMailTo(t.database.db, 'free-pdf@example.test');
    expect(mail).toMatchObject({ kind: 'order_confirmation' });
    expect(mail!.text).toContain('Your discount covered all of it, so nothing was charged.');
    // Retried with the same key: the same order, no second one.
    const again = await placeOrder(client, digital, pdf.key);
    expect(again.result).toEqual(pdf.result);

    // A print shipped for free (the shop's standard shipping set to 0) with the code: a zero total that goes to the printer.
    await t.database.db
      .insert(settings)
      .values({ key: 'shop', value: { shipping: { standard: { label: 'Standard', price: 0, min_days: 7, max_days: 14 }, express: { label: 'Express', price: 1999, min_days: 3, max_days: 5 } } } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { shipping: { standard: { label: 'Standard', price: 0, min_days: 7, max_days: 14 }, express: { label: 'Express', price: 1999, min_days: 3, max_days: 5 } } } } });
    t.app.settings.invalidate();
    try {
      const printed = await placeOrder(client, body);
      expect(printed.res.statusCode).toBe(200);
      expect(await overview(printed.result!.order_id)).toMatchObject({ total: 0, paymentStatus: 'paid', paymentProvider: 'none', fulfilmentStatus: 'pending' });
      await t.drain();
      expect(await overview(printed.result!.order_id)).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted' });
      expect((await lastMailTo(t.database.db, 'free@example.test'))!.kind).toBe('order_confirmation');
    } finally {
      await t.database.db.delete(settings).where(eq(settings.key, 'shop'));
      t.app.settings.invalidate();
    }
  });
});

describe('a checkout that fails after writing its order', () => {
  it('leaves nothing the customer sees; the admin sees it abandoned; the same checkout tried again works', async () => {
    const processor = t.app.payments as TestCardProcessor;
    const open = processor.createCheckoutSession.bind(processor);
    processor.createCheckoutSession = async () => {
      throw new PaymentProviderError('The test processor is down.', true);
    };
    const me = await signedInClient(t.app);
    const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: me.user.email });
    const key = newKey();
    let failed;
    try {
      failed = await placeOrder(me.client, body, key);
    } finally {
      processor.createCheckoutSession = open;
    }
    expect(failed.res.statusCode).toBe(502);
    expect(failed.res.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await me.client.get('/api/account/orders')).json().orders).toEqual([]);
    const admin = await signedInClient(t.app, { admin: true });
    const listed = (await admin.client.get(`/api/admin/orders?q=${encodeURIComponent(me.user.email)}`)).json() as { orders: AdminOrder[] };
    expect(listed.orders.map((o) => [o.status, o.status_label])).toEqual([['abandoned', 'Abandoned']]);
    const abandoned = listed.orders[0]!;
    expect((await me.client.get(`/api/orders/${abandoned.id}`)).statusCode).toBe(404);

    const retried = await placeOrder(me.client, body, key);
    expect(retried.res.statusCode).toBe(200);
    expect(retried.result!.order_id).toBe(abandoned.id);
    expect(retried.result!.payment_url).toMatch(/^\/pay\/test\//);
    expect((await me.client.get('/api/account/orders')).json().orders.map((o: { status: string }) => o.status)).toEqual(['pending_payment']);
  });

  it('an order whose payment page never opened expires on its own within minutes (the reconciliation)', async () => {
    const { result } = await placeOrder(shopper(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    // As if the process had died before the page opened: no provider session, and its time is up.
    await t.database.rows(
      sql`update payment_sessions set provider_session_id = null, payment_url = null where order_id = ${result!.order_id}`,
    );
    await t.database.rows(sql`update payment_sessions set updated_at = now() - interval '6 minutes' where order_id = ${result!.order_id}`);
    await t.app.jobs.send(reconcileJob, {});
    await t.drain();
    const order = await overview(result!.order_id);
    expect(order).toMatchObject({ status: 'abandoned', paymentStatus: 'unpaid' });
    // ORDER_UNOPENED_MINUTES is five: an order placed a minute ago is left alone (its shopper may still retry).
    const fresh = await placeOrder(shopper(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    await t.database.rows(sql`update payment_sessions set provider_session_id = null, payment_url = null, updated_at = now() - interval '1 minute' where order_id = ${fresh.result!.order_id}`);
    await t.app.jobs.send(reconcileJob, {});
    await t.drain();
    expect((await overview(fresh.result!.order_id)).status).toBe('pending');
  });
});

describe('money after a crash: the card is charged, the shop did not hear', () => {
  it('connected to the shop, the test processor takes the card only with the paid order: a failure takes neither', async () => {
    const processor = t.app.payments as TestCardProcessor;
    const apply = processor.applyInShop!;
    const client = shopper();
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'atomic@example.test' }));
    // The shop fails while applying the payment (a lost connection, a full disk): the processor's change rolls back.
    processor.applyInShop = async () => {
      throw new Error('the database went away');
    };
    let failed;
    try {
      failed = await pay(client, result!.payment_url, '4242424242424242');
    } finally {
      processor.applyInShop = apply;
    }
    expect(failed.res.statusCode).toBe(500);
    const page = (await client.get(`/api/test-payments/${sessionOf(result!.payment_url)}`)).json() as { status: string };
    expect(page.status).toBe('open'); // the card was not taken
    expect(await overview(result!.order_id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    // "Pay" again: charged once, paid once, one receipt, one print job.
    expect((await pay(client, result!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
    expect((await pay(client, result!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');
    await t.drain();
    expect(await overview(result!.order_id)).toMatchObject({ status: 'open', paymentStatus: 'paid', fulfilmentStatus: 'submitted' });
    expect((await mailsTo(t.database.db, 'atomic@example.test')).filter((m) => m.kind === 'order_confirmation')).toHaveLength(1);
    expect(await t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(result!.order_id)))).toHaveLength(1);
  });

  it('on its own (as Stripe), the test processor keeps the event and its job delivers it: one paid order, one receipt, one print job', async () => {
    const processor = t.app.payments as TestCardProcessor;
    const deliver = processor.deliverTo;
    const apply = processor.applyInShop;
    const client = shopper();
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'crash@example.test' }));
    processor.applyInShop = null; // events travel by webhook, as Stripe's do
    processor.deliverTo = async () => false; // the shop is down when the card is taken
    let paid;
    try {
      paid = await pay(client, result!.payment_url, '4242424242424242');
    } finally {
      processor.deliverTo = deliver;
    }
    // The shopper is told the truth: the card was taken; the order follows as soon as the shop hears.
    expect(paid.outcome?.status).toBe('succeeded');
    expect((await overview(result!.order_id)).paymentStatus).toBe('unpaid');
    const [event] = await t.database.db.select().from(testPaymentEvents).where(eq(testPaymentEvents.sessionId, sessionOf(result!.payment_url)));
    expect(event).toMatchObject({ type: 'checkout.session.completed', deliveredAt: null });
    // The shopper retries: "succeeded" again, and no second charge.
    expect((await pay(client, result!.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');

    processor.applyInShop = apply;
    await t.drain({ delayed: true });
    expect(await overview(result!.order_id)).toMatchObject({ status: 'open', paymentStatus: 'paid', fulfilmentStatus: 'submitted' });
    expect((await mailsTo(t.database.db, 'crash@example.test')).filter((m) => m.kind === 'order_confirmation')).toHaveLength(1);
    expect(await t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(result!.order_id)))).toHaveLength(1);
    // Delivered again (a retry of an acknowledged event) changes nothing.
    await processor.deliverEvent(event!.id);
    expect(await t.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.id, event!.id)))).toHaveLength(1);
  });

  it('a payment whose event never arrives is found by the reconciliation, applied, and listed for admins', async () => {
    const processor = t.app.payments as TestCardProcessor;
    const deliver = processor.deliverTo;
    const apply = processor.applyInShop;
    const client = shopper();
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'lost-event@example.test' }));
    processor.applyInShop = null; // events travel by webhook, as Stripe's do
    processor.deliverTo = async () => false;
    try {
      await pay(client, result!.payment_url, '4242424242424242');
    } finally {
      processor.deliverTo = deliver;
      processor.applyInShop = apply;
    }
    // As with Stripe when the webhook is lost for good: the provider has the payment, the shop has no event.
    await t.database.db.delete(testPaymentEvents).where(eq(testPaymentEvents.sessionId, sessionOf(result!.payment_url)));
    await t.database.rows(sql`update payment_sessions set updated_at = now() - interval '10 minutes' where order_id = ${result!.order_id}`);
    await t.app.jobs.send(reconcileJob, {});
    await t.drain();
    const order = await orderOf(client, result!);
    expect(order).toMatchObject({ status: 'paid', states: { payment: 'paid', fulfilment: 'submitted' } });
    expect(order.timeline.find((e) => e.machine === 'payment' && e.to_status === 'paid')).toMatchObject({
      actor: 'reconciliation',
      reason: 'Found paid at the payment provider by the reconciliation: its event never reached the shop.',
    });
    const admin = await signedInClient(t.app, { admin: true });
    const dashboard = (await admin.client.get('/api/admin/dashboard')).json() as Dashboard;
    expect(dashboard.attention.payments_reconciled.items.map((i) => i.number)).toContain(result!.order_number);
  });
});

describe('the release job of a paid order, run again after a crash', () => {
  it('writes the receipt and hands the order over once: one receipt, at the printer once, no job left to retry either', async () => {
    const client = shopper();
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'released-twice@example.test' }));
    await pay(client, result!.payment_url, '4242424242424242');
    const [release] = await t.app.jobs.list({ name: releasedJob.name, state: 'waiting' }).then((jobs) => jobs.filter((j) => (j.data as { orderId: string }).orderId === result!.order_id));
    expect(release).toBeDefined();
    // The same release as a second job: what a run interrupted by kill -9 and retried amounts to.
    await t.app.jobs.send(releasedJob, release!.data as { orderId: string; fulfilmentId: string | null });
    await t.drain();
    // Both done by the release job itself: nothing queued to retry them.
    const submissions = (await t.app.jobs.list({ name: 'fulfilment.submit' })).filter(
      (j) => (j.data as { fulfilmentId: string }).fulfilmentId === (release!.data as { fulfilmentId: string }).fulfilmentId,
    );
    expect(submissions).toHaveLength(0);
    expect((await t.app.jobs.list({ name: 'order.mail' })).filter((j) => (j.data as { orderId: string }).orderId === result!.order_id)).toHaveLength(0);
    expect((await mailsTo(t.database.db, 'released-twice@example.test')).filter((m) => m.kind === 'order_confirmation')).toHaveLength(1);
    expect(await t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(result!.order_id)))).toHaveLength(1);
  });
});

describe('a receipt that cannot be written when the order is released', () => {
  it('is queued as a job of its own, which writes it once after the retry delay; the order still goes to the printer', async () => {
    // The mail outbox refuses this shopper's mail for a while: a real database error, as a full disk or a lost
    // connection would give.
    await t.database.rows(sql.raw(`create function refuse_receipt() returns trigger language plpgsql as $$ begin
        if new."to" = 'receipt-later@example.test' then raise exception 'the outbox is unavailable'; end if; return new; end $$`));
    await t.database.rows(sql.raw(`create trigger refuse_receipt before insert on mail_outbox for each row execute function refuse_receipt()`));
    const lift = async () => {
      await t.database.rows(sql.raw(`drop trigger if exists refuse_receipt on mail_outbox`));
      await t.database.rows(sql.raw(`drop function if exists refuse_receipt()`));
    };
    try {
      const client = shopper();
      const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'receipt-later@example.test' }));
      await pay(client, result!.payment_url, '4242424242424242');
      await t.drain();
      expect(await mailsTo(t.database.db, 'receipt-later@example.test')).toEqual([]);
      const queued = (await t.app.jobs.list({ name: 'order.mail' })).filter((j) => (j.data as { orderId: string }).orderId === result!.order_id);
      expect(queued.map((j) => j.state)).toEqual(['created']);
      expect(await t.database.db.select().from(printShopOrders).where(eq(printShopOrders.externalId, externalIdOf(result!.order_id)))).toHaveLength(1);
      await lift();
      await t.drain({ delayed: true });
      expect((await mailsTo(t.database.db, 'receipt-later@example.test')).map((m) => m.kind)).toEqual(['order_confirmation']);
    } finally {
      await lift();
    }
  });
});

describe('a shipped order that is partly refunded', () => {
  it('reads "On its way · partly refunded", and the refund mail was enqueued with the refund', async () => {
    const client = shopper();
    const { result } = await placeOrder(client, checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id, { email: 'half-back@example.test' }));
    await pay(client, result!.payment_url, '4242424242424242');
    await t.drain();
    const admin = await signedInClient(t.app, { admin: true });
    const shipped = await admin.client.post(`/api/admin/orders/${result!.order_id}/fulfilment/mark-shipped`, { carrier: 'DHL', tracking_number: 'JD0001' });
    expect(shipped.statusCode).toBe(200);
    const refunded = await admin.client.post(`/api/admin/orders/${result!.order_id}/refund`, { amount: 1000, reason: 'Scratched frame' });
    expect(refunded.json()).toMatchObject({ status: 'shipped', status_label: 'On its way · partly refunded', refunded_total: 1000 });
    expect((await orderOf(client, result!)).status_label).toBe('On its way · partly refunded');
    await t.drain({ delayed: true });
    const mails = await mailsTo(t.database.db, 'half-back@example.test');
    expect(mails.map((m) => m.kind).sort()).toEqual(['order_confirmation', 'order_refunded', 'order_shipped']);
    const refundMail = mails.find((m) => m.kind === 'order_refunded')!;
    expect(refundMail.subject).toBe(`Order ${result!.order_number}: partly refunded`);
    expect(refundMail.text).toContain('$10.00');
  });
});
