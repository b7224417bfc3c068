import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 *
 * The full disk is the database's own: a trigger raises SQLSTATE 53100 (disk_full) — what PGlite and PostgreSQL raise
 * when a table cannot grow — on the writes that come after the order's transaction.
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

/** From now on the database refuses these writes as a full disk does (`table`: insert or update). */
async function fillDisk(writes: { table: string; on: 'insert' | 'update' }[]) {
  await t.database.rows(sql.raw(`create or replace function disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`));
  for (const w of writes) await t.database.rows(sql.raw(`create trigger disk_full_${w.table} before ${w.on} on ${w.table} for each row execute function disk_full()`));
}
async function freeDisk(writes: { table: string }[]) {
  for (const w of writes) await t.database.rows(sql.raw(`drop trigger if exists disk_full_${w.table} on ${w.table}`));
}

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
  shop = await shopCatalogue(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function checkoutOnAFullDisk(email: string, writes: { table: string; on: 'insert' | 'update' }[]) {
  const client = shopper();
  const body = checkoutBody(shop.award.id, shop.variant('PRINT-A4').id, { email });
  const key = newKey();
  await fillDisk(writes);
  try {
    return { client, body, key, failed: await placeOrder(client, body, key) };
  } finally {
    await freeDisk(writes);
  }
}

describe('a disk that fills after the order is written', () => {
  it('answers 507 with Retry-After; the same checkout tried again answers with the same order, its page open', async () => {
    // The payment page's session cannot be written.
    const { client, body, key, failed } = await checkoutOnAFullDisk('disk-full-1@example.test', [{ table: 'test_payment_sessions', on: 'insert' }]);
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
    // The session cannot be written, and neither can the undo (the order abandoned).
    const { client, body, key, failed } = await checkoutOnAFullDisk('disk-full-2@example.test', [
      { table: 'test_payment_sessions', on: 'insert' },
      { table: 'orders', on: 'update' },
    ]);
    expect(failed.res.statusCode).toBe(507);

    const retried = await placeOrder(client, body, key);
    expect(retried.res.statusCode).toBe(200);
    expect(retried.result!.payment_url).toMatch(/^\/pay\/test\//);
    expect(await overview(retried.result!.order_id)).toMatchObject({ email: 'disk-full-2@example.test', status: 'pending', paymentStatus: 'unpaid' });
  });
});
