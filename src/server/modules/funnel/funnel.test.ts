import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Funnel, FunnelOrder } from '@/contract/funnel';
import type { AdminOrder, CheckoutResult } from '@/contract/shop';
import { DECLINE_MESSAGE, TEST_CARDS } from '@/server/adapters/payments/test-processor';
import { funnelOffers, funnelSessions, mailOutbox, orderOverview, orderPayments, orders, settings, testPaymentSessions, variants } from '@/server/db/schema/index';
import { signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { closeFunnel } from '@/server/workflows/close-funnel';
import { shopDeps } from '@/server/workflows/deps';
import { checkoutBody, newKey, pay, placeOrder, shopCatalogue, US_ADDRESS } from '../checkout/test-support';
import { closeFunnelJob, DECLINED_EXTRA_NOTICE } from './index';

let t: TestApp;
let ipCounter = 0;
/** A buyer from their own address (the checkout limit is per IP). */
const buyer = () => {
  const c = new TestClient(t.app);
  c.ip = `198.51.100.${(ipCounter++ % 250) + 1}`;
  return c;
};

const body = (over: Record<string, unknown> = {}) => ({
  email: 'funnel-buyer@example.test',
  recipient_name: 'Dana Whitfield',
  shipping_address: US_ADDRESS,
  shipping_method: 'standard',
  ...over,
});

async function funnelCheckout(client: TestClient, payload: unknown, key = newKey()) {
  const res = await client.request({ method: 'POST', url: '/api/funnel/checkout', payload: payload as object, headers: { 'idempotency-key': key } });
  return { res, result: res.statusCode === 200 ? (res.json() as CheckoutResult) : null };
}

/** A funnel order paid with `card`: the client, the order and its token. */
async function paidFunnelOrder(card: string = TEST_CARDS.success, email = `funnel-${++ipCounter}@example.test`) {
  const client = buyer();
  const { result } = await funnelCheckout(client, body({ email }));
  // No settings kept in memory: the payment's transaction reads them itself (on the embedded database a read beside
  // an open transaction would wait for it forever).
  t.app.settings.invalidate();
  const paid = await pay(client, result!.payment_url, card);
  expect(paid.outcome?.status).toBe('succeeded');
  return { client, email, orderId: result!.order_id, token: result!.access_token, successUrl: paid.outcome!.success_url! };
}

const view = async (client: TestClient, orderId: string, token: string) => {
  const res = await client.get(`/api/funnel/orders/${orderId}?token=${encodeURIComponent(token)}`);
  expect(res.statusCode).toBe(200);
  return res.json() as FunnelOrder;
};
const decide = (client: TestClient, orderId: string, kind: string, decision: 'accept' | 'decline', token: string, extra: object = {}) =>
  client.post(`/api/funnel/orders/${orderId}/offers/${kind}/${decision}`, { token, ...extra });
const chargesOf = async (orderId: string) =>
  t.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(orderPayments.createdAt);
const confirmations = async (email: string) =>
  (await t.database.db.select({ subject: mailOutbox.subject, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => /confirmed/.test(m.subject));
const overview = async (orderId: string) => (await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, orderId)))[0]!;
/** The window ended a moment ago (as if its minutes had passed). */
const endWindow = (orderId: string) => t.database.db.update(funnelSessions).set({ offersCloseAt: sql`now() - interval '1 second'` }).where(eq(funnelSessions.orderId, orderId));
/** The close job the payment scheduled for the window's end, still waiting. */
const closeJobsOf = async (orderId: string) => (await t.app.jobs.list({ name: closeFunnelJob.name, state: 'waiting' })).filter((j) => (j.data as { orderId: string }).orderId === orderId);

let funnel: Funnel;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
  funnel = (await buyer().get('/api/funnel')).json() as Funnel;
});
afterAll(async () => {
  await t.close();
});

describe('the funnel offer', () => {
  it('sells the paper print of the gallery’s first award, and shows the offers priced from the catalogue', () => {
    expect(funnel.available).toBe(true);
    expect(funnel.hero).toMatchObject({ product_name: 'Paper print', variant_name: 'A4 / Letter', price: 2400, requires_shipping: true, award: { id: shop.award.id } });
    expect(funnel.offer_minutes).toBe(15);
    expect(funnel.offers).toEqual([
      expect.objectContaining({ kind: 'oto1', product_name: 'Framed certificate', list_price: 5900, price: 3540, discount_percent: 40 }),
      expect.objectContaining({ kind: 'downsell', product_name: 'Digital certificate (PDF)', list_price: 900, price: 450, requires_shipping: false }),
    ]);
  });

  it.each([
    ['no name to print', { recipient_name: '  ' }, 'recipient_name'],
    ['an award that does not exist', { award_id: '00000000-0000-4000-8000-000000000000' }, 'award_id'],
    ['no address for a printed product', { shipping_address: null }, 'shipping_address'],
    ['a price the browser made up', { price: 1 }, 'price'],
    ['another product', { lines: [{ variant_id: '00000000-0000-4000-8000-000000000001', quantity: 1 }] }, 'lines'],
  ])('%s → 400 naming the field, no order', async (_name, over, field) => {
    const before = Number((await t.database.db.select({ n: count() }).from(orders))[0]!.n);
    const { res } = await funnelCheckout(buyer(), body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
    expect(Number((await t.database.db.select({ n: count() }).from(orders))[0]!.n)).toBe(before);
  });

  it('is 409 with a clear message when an admin switched the funnel off', async () => {
    await t.database.db.insert(settings).values({ key: 'funnel', value: { enabled: false } });
    t.app.settings.invalidate();
    t.app.catalogCache.clear();
    try {
      expect(((await buyer().get('/api/funnel')).json() as Funnel).available).toBe(false);
      const { res } = await funnelCheckout(buyer(), body());
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('FUNNEL_UNAVAILABLE');
    } finally {
      await t.database.db.delete(settings).where(eq(settings.key, 'funnel'));
      t.app.settings.invalidate();
      t.app.catalogCache.clear();
    }
  });
});

describe('a funnel order', () => {
  it('pays, returns to the timer, takes offer 1 with one click: both items on one order, two charges on the same card', async () => {
    const { client, email, orderId, token, successUrl } = await paidFunnelOrder();
    expect(successUrl).toBe(`/funnel/timer?order=${orderId}&token=${encodeURIComponent(token)}`);

    const before = await view(client, orderId, token);
    expect(before).toMatchObject({ status: 'paid', next_step: 'oto1', closed: false, card_last4: '4242' });
    expect(new Date(before.offers_close_at!).getTime() - new Date(before.now).getTime()).toBeGreaterThan(14 * 60_000);
    expect(before.offers.map((o) => [o.kind, o.status, o.amount])).toEqual([
      ['oto1', 'offered', 3540],
      ['downsell', 'waiting', 450],
    ]);
    expect(before.order.total).toBe(2400 + 599);
    // The confirmation and the printer wait for the offers, so the receipt lists everything bought; the payment
    // scheduled the close job for the window's end.
    await t.drain();
    expect(await confirmations(email)).toEqual([]);
    expect(await overview(orderId)).toMatchObject({ status: 'open', paymentStatus: 'paid', fulfilmentStatus: 'none' });
    expect(await closeJobsOf(orderId)).toHaveLength(1);

    const res = await decide(client, orderId, 'oto1', 'accept', token);
    expect(res.statusCode).toBe(200);
    const after = res.json() as FunnelOrder;
    expect(after).toMatchObject({ next_step: 'thank_you', closed: true });
    expect(after.offers.map((o) => [o.kind, o.status])).toEqual([
      ['oto1', 'accepted'],
      ['downsell', 'skipped'],
    ]);
    expect(after.order.lines.map((l) => [l.product_name, l.line_total, l.design.recipient_name])).toEqual([
      ['Paper print', 2400, 'Dana Whitfield'],
      ['Framed certificate', 3540, 'Dana Whitfield'],
    ]);
    expect(after.order).toMatchObject({ subtotal: 5940, shipping_total: 599, total: 2400 + 599 + 3540, status: 'paid' });
    const charges = await chargesOf(orderId);
    expect(charges.map((c) => [c.kind, c.amount])).toEqual([
      ['checkout', 2999],
      ['offer', 3540],
    ]);
    // The second charge is a charge of the first payment's card, at the processor.
    const [second] = await t.database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.paymentIntentId, charges[1]!.providerPaymentId));
    expect(second).toMatchObject({ amount: 3540, paymentStatus: 'succeeded', last4: '4242' });
    expect(second!.chargedFrom).toMatch(/^cs_test_/);
    // Released: one confirmation listing both lines, and the order goes to the printer.
    expect(await overview(orderId)).toMatchObject({ status: 'open', fulfilmentStatus: 'pending' });
    await t.drain();
    const [mail] = await confirmations(email);
    expect(mail!.text).toContain('Framed certificate');
    expect(mail!.text).toContain('Paper print');
    expect(await overview(orderId)).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted' });

    // Accepting again charges nothing more.
    const again = await decide(client, orderId, 'oto1', 'accept', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('OFFER_ACCEPTED');
    expect((await decide(client, orderId, 'downsell', 'accept', token)).statusCode).toBe(409);
    // And the close job, when the window's time comes, finds nothing left to do.
    await t.drain({ delayed: true });
    expect(await closeJobsOf(orderId)).toEqual([]);
    expect(await chargesOf(orderId)).toHaveLength(2);
    expect(await confirmations(email)).toHaveLength(1);
  });

  it('shipped to Germany: VAT is inside the order’s and the offer’s price; taking the offer adds its VAT to the order’s', async () => {
    const client = buyer();
    const germany = { name: 'Jonas Weber', line1: 'Unter den Linden 1', line2: '', city: 'Berlin', state: '', postal_code: '10117', country: 'DE', phone: '' };
    const { result } = await funnelCheckout(client, body({ email: `funnel-de-${++ipCounter}@example.test`, shipping_address: germany }));
    t.app.settings.invalidate();
    expect((await pay(client, result!.payment_url, TEST_CARDS.success)).outcome?.status).toBe('succeeded');
    const before = await view(client, result!.order_id, result!.access_token);
    // $24.00 + $5.99 = $29.99, of which 19 %: 2999 × 19 ÷ 119 = 478.8 → 479.
    expect(before.order).toMatchObject({ total: 2999, prices_include_tax: true, tax_lines: [{ name: 'VAT', rate_bps: 1900, amount: 479 }] });
    // The framed offer at $35.40 holds its VAT: 3540 × 19 ÷ 119 = 565.2 → 565; the charge is the price.
    expect(before.offers[0]).toMatchObject({ kind: 'oto1', price: 3540, tax: 565, tax_included: true, amount: 3540 });
    const after = (await decide(client, result!.order_id, 'oto1', 'accept', result!.access_token)).json() as FunnelOrder;
    expect(after.order).toMatchObject({ total: 2999 + 3540, tax_total: 479 + 565, tax_lines: [{ name: 'VAT', rate_bps: 1900, amount: 479 + 565 }] });
    expect((await chargesOf(result!.order_id)).map((c) => c.amount)).toEqual([2999, 3540]);
  });

  it('no thanks → the downsell → yes: the PDF joins the order, downloadable at once', async () => {
    const { client, orderId, token } = await paidFunnelOrder();
    const declined = (await decide(client, orderId, 'oto1', 'decline', token)).json() as FunnelOrder;
    expect(declined.next_step).toBe('downsell');
    expect(declined.offers.map((o) => o.status)).toEqual(['declined', 'offered']);
    const res = await decide(client, orderId, 'downsell', 'accept', token);
    expect(res.statusCode).toBe(200);
    const done = res.json() as FunnelOrder;
    expect(done).toMatchObject({ next_step: 'thank_you', closed: true });
    const pdf = done.order.lines.find((l) => l.sku === 'PDF')!;
    expect(pdf).toMatchObject({ line_total: 450, requires_shipping: false });
    expect(pdf.download_url).toContain('/certificate.pdf?token=');
    expect(done.order.total).toBe(2999 + 450);
    expect((await chargesOf(orderId)).map((c) => c.amount)).toEqual([2999, 450]);
  });

  it('no thanks twice: the order stays as bought, and is released', async () => {
    const { client, email, orderId, token } = await paidFunnelOrder();
    await decide(client, orderId, 'oto1', 'decline', token);
    const done = (await decide(client, orderId, 'downsell', 'decline', token)).json() as FunnelOrder;
    expect(done).toMatchObject({ next_step: 'thank_you', closed: true });
    expect(done.order.lines).toHaveLength(1);
    expect(await chargesOf(orderId)).toHaveLength(1);
    // Released at once: the receipt and the printer.
    await t.drain();
    expect(await confirmations(email)).toHaveLength(1);
    expect(await overview(orderId)).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted' });
    // Saying it again changes nothing.
    expect((await decide(client, orderId, 'downsell', 'decline', token)).statusCode).toBe(200);
    await t.drain();
    expect(await confirmations(email)).toHaveLength(1);
  });

  it('after the offers ended nothing can be accepted; the close job settles them and releases the order', async () => {
    const { client, email, orderId, token } = await paidFunnelOrder();
    await endWindow(orderId);
    const late = await decide(client, orderId, 'oto1', 'accept', token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('OFFER_EXPIRED');
    // Its time is up: the buyer belongs on the thank-you page, though the close job has not run yet.
    expect(await view(client, orderId, token)).toMatchObject({ closed: false, next_step: 'thank_you' });
    await t.drain();
    expect(await confirmations(email)).toEqual([]);
    // The close job the payment scheduled, run when the window's time comes.
    expect(await closeJobsOf(orderId)).toHaveLength(1);
    await t.drain({ delayed: true });
    expect(await closeJobsOf(orderId)).toEqual([]);
    const closed = await view(client, orderId, token);
    expect(closed).toMatchObject({ closed: true, next_step: 'thank_you', notice: null });
    expect(closed.offers.map((o) => o.status)).toEqual(['expired', 'skipped']);
    expect(await chargesOf(orderId)).toHaveLength(1);
    expect(await confirmations(email)).toHaveLength(1);
    expect(await overview(orderId)).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted' });
  });

  it('a “no thanks” after the offers ended does not open the downsell: the order is released at once', async () => {
    const { client, email, orderId, token } = await paidFunnelOrder();
    await endWindow(orderId);
    const res = await decide(client, orderId, 'oto1', 'decline', token);
    expect(res.statusCode).toBe(200);
    const done = res.json() as FunnelOrder;
    expect(done).toMatchObject({ closed: true, next_step: 'thank_you' });
    expect(done.offers.map((o) => o.status)).toEqual(['declined', 'skipped']);
    expect((await decide(client, orderId, 'downsell', 'accept', token)).json().error.code).toBe('OFFER_SKIPPED');
    await t.drain({ delayed: true });
    expect(await confirmations(email)).toHaveLength(1);
    expect(await chargesOf(orderId)).toHaveLength(1);
    expect(await overview(orderId)).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted' });
  });

  it('a charge a crash left half-way is finished by the close job, once', async () => {
    const { client, email, orderId, token } = await paidFunnelOrder();
    // The process claimed offer 1 and died before the charge was recorded.
    await t.database.db.update(funnelOffers).set({ status: 'accepting' }).where(and(eq(funnelOffers.orderId, orderId), eq(funnelOffers.kind, 'oto1')));
    await endWindow(orderId);
    // The close workflow, twice (its job run again after a crash): charged and recorded once.
    await closeFunnel.run(shopDeps(t.app), { orderId });
    await closeFunnel.run(shopDeps(t.app), { orderId });
    const after = await view(client, orderId, token);
    expect(after).toMatchObject({ closed: true });
    expect(after.offers.map((o) => o.status)).toEqual(['accepted', 'skipped']);
    expect(after.order.lines).toHaveLength(2);
    expect((await chargesOf(orderId)).map((c) => c.amount)).toEqual([2999, 3540]);
    expect(await t.database.db.select().from(testPaymentSessions).where(and(eq(testPaymentSessions.reference, orderId), eq(testPaymentSessions.amount, 3540)))).toHaveLength(1);
    // And its scheduled job, after all that, changes nothing; the order was released once.
    await t.drain({ delayed: true });
    expect((await chargesOf(orderId)).map((c) => c.amount)).toEqual([2999, 3540]);
    expect(await confirmations(email)).toHaveLength(1);
    expect(await overview(orderId)).toMatchObject({ fulfilmentStatus: 'submitted' });
  });

  it('a card that refuses the extra: 200 with a notice, nothing charged, a note in the history and the receipt, the order goes on as bought', async () => {
    const { client, email, orderId, token } = await paidFunnelOrder(TEST_CARDS.declinesLater);
    const res = await decide(client, orderId, 'oto1', 'accept', token);
    expect(res.statusCode).toBe(200);
    const answered = res.json() as FunnelOrder;
    expect(answered).toMatchObject({ next_step: 'thank_you', closed: true, notice: 'Your card was declined for the extra; your order is unchanged.' });
    expect(answered.notice).toBe(DECLINED_EXTRA_NOTICE);
    expect(answered.offers.map((o) => o.status)).toEqual(['failed', 'skipped']);
    expect(answered.offers[0]!.failure_message).toBe(DECLINE_MESSAGE);
    expect(answered.order.lines).toHaveLength(1);
    expect(answered.order).toMatchObject({ total: 2999, status: 'paid' });
    // The thank-you page, opened again, says the same.
    const after = await view(client, orderId, token);
    expect(after).toMatchObject({ next_step: 'thank_you', closed: true, notice: DECLINED_EXTRA_NOTICE });
    expect(after.offers.map((o) => o.status)).toEqual(['failed', 'skipped']);
    // Nothing charged: one charge on the order, and the processor's only other charge is the declined one.
    expect(await chargesOf(orderId)).toHaveLength(1);
    const atProcessor = await t.database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.reference, orderId));
    expect(atProcessor.map((s) => [s.amount, s.paymentStatus]).sort()).toEqual([
      [2999, 'succeeded'],
      [3540, 'failed'],
    ]);
    // A note in the order's history, for the buyer and for an admin.
    const note = {
      machine: 'order',
      from_status: 'open',
      to_status: 'open',
      label: 'Extra not added',
      actor: 'customer',
      reason: 'Your card was declined for the extra (Framed certificate (A4 / Letter, black frame)); your order is unchanged.',
    };
    expect(after.order.timeline.filter((e) => e.label === 'Extra not added')).toEqual([expect.objectContaining(note)]);
    const admin = await signedInClient(t.app, { admin: true });
    const shown = (await admin.client.get(`/api/admin/orders/${orderId}`)).json() as AdminOrder;
    expect(shown.timeline.filter((e) => e.label === 'Extra not added')).toEqual([expect.objectContaining(note)]);
    // Released at once: the receipt names the declined extra, and the order goes to the printer.
    await t.drain();
    const mails = await confirmations(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your card was declined for the extra (Framed certificate (A4 / Letter, black frame)); your order is unchanged.');
    expect(mails[0]!.text).not.toContain('1 × Framed certificate');
    expect(await overview(orderId)).toMatchObject({ status: 'open', fulfilmentStatus: 'submitted' });
  });

  it('two accepts at once: one wins, one charge, one line', async () => {
    const { client, orderId, token } = await paidFunnelOrder();
    const answers = await Promise.all([decide(client, orderId, 'oto1', 'accept', token), decide(client, orderId, 'oto1', 'accept', token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await chargesOf(orderId)).toHaveLength(2);
    expect((await view(client, orderId, token)).order.lines).toHaveLength(2);
  });

  it('prices come from the offer as it was made: a price in the request is refused, a catalogue change later is not charged', async () => {
    const { client, orderId, token } = await paidFunnelOrder();
    const tampered = await decide(client, orderId, 'oto1', 'accept', token, { amount: 1 });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.field).toBe('amount');
    await t.database.db.update(variants).set({ price: 100 }).where(eq(variants.sku, 'FRAME-A4-BLACK'));
    try {
      const ok = (await decide(client, orderId, 'oto1', 'accept', token)).json() as FunnelOrder;
      expect(ok.offers[0]).toMatchObject({ status: 'accepted', amount: 3540 });
      expect((await chargesOf(orderId)).map((c) => c.amount)).toEqual([2999, 3540]);
    } finally {
      await t.database.db.update(variants).set({ price: 5900 }).where(eq(variants.sku, 'FRAME-A4-BLACK'));
    }
  });

  it('is its buyer’s alone: a wrong token, another order’s token or a shop order is 404, and nothing changes', async () => {
    const mine = await paidFunnelOrder();
    const theirs = await paidFunnelOrder();
    const stranger = buyer();
    for (const token of ['nope', theirs.token]) {
      expect((await stranger.get(`/api/funnel/orders/${mine.orderId}?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
      expect((await decide(stranger, mine.orderId, 'oto1', 'accept', token)).statusCode).toBe(404);
      expect((await decide(stranger, mine.orderId, 'oto1', 'decline', token)).statusCode).toBe(404);
    }
    const shopOrder = await placeOrder(buyer(), checkoutBody(shop.award.id, shop.variant('PRINT-A4').id));
    expect((await stranger.get(`/api/funnel/orders/${shopOrder.result!.order_id}?token=${shopOrder.result!.access_token}`)).statusCode).toBe(404);
    const [offer] = await t.database.db.select().from(funnelOffers).where(and(eq(funnelOffers.orderId, mine.orderId), eq(funnelOffers.kind, 'oto1')));
    expect(offer!.status).toBe('offered');
  });

  it('before the payment arrives the buyer belongs on the timer screen, and no offer can be taken', async () => {
    const client = buyer();
    const { result } = await funnelCheckout(client, body());
    const unpaid = await view(client, result!.order_id, result!.access_token);
    expect(unpaid).toMatchObject({ status: 'pending_payment', next_step: 'timer', offers: [], offers_close_at: null });
    const res = await decide(client, result!.order_id, 'oto1', 'accept', result!.access_token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_NOT_PAID');
  });

  it('an admin refund in full is spread over both charges, each refunded through its own payment', async () => {
    const { client, orderId, token } = await paidFunnelOrder();
    await decide(client, orderId, 'oto1', 'accept', token);
    const admin = await signedInClient(t.app, { admin: true });
    const shown = (await admin.client.get(`/api/admin/orders/${orderId}`)).json() as AdminOrder;
    expect(shown).toMatchObject({ channel: 'funnel', refundable: 6539 });
    expect(shown.payments.map((p) => [p.kind, p.amount])).toEqual([
      ['checkout', 2999],
      ['offer', 3540],
    ]);
    const res = await admin.client.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Changed their mind' });
    expect(res.statusCode).toBe(200);
    const refunded = res.json() as AdminOrder;
    expect(refunded).toMatchObject({ status: 'refunded', refunded_total: 6539, refundable: 0 });
    expect(refunded.payments.map((p) => p.refunded_amount)).toEqual([2999, 3540]);
    const processor = await t.database.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.reference, orderId));
    expect(processor.map((s) => s.refundedAmount).sort((a, b) => a - b)).toEqual([2999, 3540]);
  });
});
