import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCardProcessor } from '@/server/adapters/payments/test-processor';
import { orderOverview } from '@/server/db/schema/index';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, newKey, placeOrder, shopCatalogue } from '../modules/checkout/test-support';

/**
 * Issue 24: the disk fills between a checkout's writes (docs/decisions/112). The order and everything it needs (its
 * lines, its payment, its discount's use) are one transaction; what comes after — the payment page's session and its
 * address — is written later. When the disk fills there, the shopper gets a 507 that says so (never a bare 500), and
 * the order the checkout left is theirs again when the same checkout is tried again (the checkout page keeps its
 * Idempotency-Key for the same cart): not an order nobody was ever answered with.
 */

let t: TestApp;
let shop: Awaited<ReturnType<typeof shopCatalogue>>;
let ip = 0;
const shopper = () => {
  const c = new TestClient(t.app);
  c.ip = `198.51.100.${(ip++ % 250) + 1}`;
  return c;
};
const overview = async (orderId: string) => (await t.database.db.select().from(orderOverview).where(eq(orderOverview.id, orderId)))[0];
/** What PGlite and PostgreSQL raise when a table cannot grow. */
const diskFull = () => Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), { code: '53100' });

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('a disk that fills after the order is written', () => {
  it('answers 507 with Retry-After; the same checkout tried again answers with the same order, its page open', async () => {
    const processor = t.app.payments as TestCardProcessor;
    const open = processor.createCheckoutSession.bind(processor);
    // The payment page's session cannot be written: the disk is full.
    processor.createCheckoutSession = async () => {
      throw diskFull();
    };
    const client = shopper();
    const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'disk-full-1@example.test' });
    const key = newKey();
    let failed;
    try {
      failed = await placeOrder(client, body, key);
    } finally {
      processor.createCheckoutSession = open;
    }
    expect(failed.res.statusCode).toBe(507);
    expect(failed.res.headers['retry-after']).toBe('60');
    expect(failed.res.json()).toEqual({
      error: { code: 'INSUFFICIENT_STORAGE', message: expect.stringMatching(/run out of storage space/), request_id: failed.res.headers['x-request-id'] },
    });

    const retried = await placeOrder(client, body, key);
    expect(retried.res.statusCode).toBe(200);
    expect(retried.result!.payment_url).toMatch(/^\/pay\/test\//);
    expect(await overview(retried.result!.order_id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  });

  it('when even the undo cannot write, the order waits unopened — and is still the shopper’s on the next try', async () => {
    const processor = t.app.payments as TestCardProcessor;
    const open = processor.createCheckoutSession.bind(processor);
    const db = t.app.db;
    const transaction = db.transaction.bind(db);
    processor.createCheckoutSession = async () => {
      // From here on the disk is full for every write: the undo's transaction fails too.
      (db as { transaction: unknown }).transaction = async () => {
        throw diskFull();
      };
      throw diskFull();
    };
    const client = shopper();
    const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email: 'disk-full-2@example.test' });
    const key = newKey();
    let failed;
    try {
      failed = await placeOrder(client, body, key);
    } finally {
      processor.createCheckoutSession = open;
      (db as { transaction: unknown }).transaction = transaction;
    }
    expect(failed.res.statusCode).toBe(507);

    const retried = await placeOrder(client, body, key);
    expect(retried.res.statusCode).toBe(200);
    expect(retried.result!.payment_url).toMatch(/^\/pay\/test\//);
    expect(await overview(retried.result!.order_id)).toMatchObject({ email: 'disk-full-2@example.test', status: 'pending', paymentStatus: 'unpaid' });
  });
});
