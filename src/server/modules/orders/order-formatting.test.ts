import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contract/shop';
import { paymentTransitions } from '@/server/db/schema/index';
import { lastMailTo, signedInClient, TestClient } from '@/server/test/auth-client';
import { seedOrder } from '@/server/test/seed-order';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';
import { shippedMail } from '../mail/order-mails';

/** What the shop writes about an order: addresses as their country writes them, money with its currency (decision 118). */

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('the receipt mail', () => {
  it('prints the address as its country writes it, one line per row, in the text and the HTML', async () => {
    const client = new TestClient(t.app);
    const body = checkoutBody(shop.award.id, shop.variant('FRAME-A4-GOLD').id, {
      email: 'london@example.test',
      shipping_address: { name: 'Sam Lee', line1: '10 Downing Street', line2: '', city: 'London', state: '', postal_code: 'sw1a 2aa', country: 'GB', phone: '' },
    });
    const { result, res } = await placeOrder(client, body);
    expect(res.statusCode, res.body).toBe(200);
    await pay(client, result!.payment_url, '4242424242424242');
    await t.drain();
    const mail = await lastMailTo(t.database.db, 'london@example.test');
    expect(mail).toMatchObject({ kind: 'order_confirmation' });
    expect(mail!.text).toContain('Shipping to:\nSam Lee\n10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom');
    expect(mail!.html).toContain('Shipping to:<br>Sam Lee<br>10 Downing Street<br>London<br>SW1A 2AA<br>United Kingdom');
  });

  it('the shipping mail says where the parcel goes', () => {
    const mail = shippedMail(
      {
        brand: 'Certifiable',
        number: 'ORD-1',
        email: 'dc@example.test',
        lines: [],
        subtotal: '$59.00',
        discount: null,
        shipping: '$5.99',
        taxes: [],
        taxIncluded: false,
        total: '$64.99',
        shippingLabel: 'Standard',
        address: ['Pat Doe', '1600 Pennsylvania Ave NW', 'Washington, DC 20500', 'United States of America'],
        testMode: false,
        paidByDiscount: false,
        notes: [],
        orderUrl: 'https://certifiable.test/order/1',
      },
      { carrier: 'DHL', trackingNumber: 'JD01', trackingUrl: null },
    );
    expect(mail.text).toContain('It is addressed to:\nPat Doe\n1600 Pennsylvania Ave NW\nWashington, DC 20500\nUnited States of America');
  });
});

describe('money in an order’s history', () => {
  it('shows a refund recorded before the order pipeline (in minor units) with its currency', async () => {
    const admin = await signedInClient(t.app, { admin: true });
    const usd = await seedOrder(t.database.db, { total: 5900, payment: { status: 'partially_refunded', refunded: 1000 } });
    const jpy = await seedOrder(t.database.db, { currency: 'JPY', total: 5900, payment: { status: 'partially_refunded', refunded: 1000 } });
    const at = new Date();
    await t.database.db.insert(paymentTransitions).values([
      { orderId: usd.id, fromStatus: 'partially_refunded', toStatus: 'partially_refunded', actor: 'admin', reason: 'Refunded 1000: Frame corner scuffed', createdAt: at },
      { orderId: jpy.id, fromStatus: 'partially_refunded', toStatus: 'partially_refunded', actor: 'admin', reason: 'Refunded 1000', createdAt: at },
    ]);
    const reasons = async (id: string) => ((await admin.client.get(`/api/admin/orders/${id}`)).json() as AdminOrder).timeline.map((e) => e.reason);
    expect(await reasons(usd.id)).toContain('Refunded $10.00: Frame corner scuffed');
    expect(await reasons(jpy.id)).toContain('Refunded ¥1,000');
  });
});
