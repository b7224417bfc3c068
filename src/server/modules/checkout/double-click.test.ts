import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, rateLimitCounters } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, newKey, placeOrder, shopCatalogue, shoppers } from './test-support';

/**
 * Decision 137 on both databases (decision 146: on the embedded database, where every statement answers without
 * waiting on a socket, the first click is often answered before the second is read; its answer is given again).
 */
describe('a double click on "Pay"', () => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof shopCatalogue>>;
  const shopper = shoppers(() => t.app, '198.51.100');
  beforeAll(async () => {
    t = await createTestApp({ jobs: 'manual' });
    shop = await shopCatalogue(t.app, t.database.db);
  });
  afterAll(async () => t?.close());

  it('runs the checkout once: the same order in every answer, one order made, one checkout counted against the address, and the statements of one', async () => {
    const body = checkoutBody(shop.award.id, shop.variant('FRAME-A4-OAK').id);
    const client = shopper();
    const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
    const checkoutsCounted = async () =>
      (await t.database.db.select().from(rateLimitCounters).where(and(eq(rateLimitCounters.identifier, `ip:${client.ip}`), eq(rateLimitCounters.attemptType, 'checkout'))))[0]?.count;
    const before = await orderCount();
    const statements: string[] = [];
    // PostgreSQL's statements are counted through its pool (the embedded database has none to watch).
    const stop = t.database.watchStatements?.((text) => statements.push(text)) ?? (() => undefined);
    const key = newKey();
    const answers = await Promise.all([placeOrder(client, body, key), placeOrder(client, body, key), placeOrder(client, body, key)]);
    stop();
    expect(answers.map((a) => a.res.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.result!.order_id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await checkoutsCounted()).toBe(1);
    // One order's writes: its insert once (a second run would have sent it again and met the unique key).
    if (t.database.kind === 'postgres') expect(statements.filter((s) => /^\s*with new_order as/i.test(s))).toHaveLength(1);

    // Sent again after the first answered: the same order (from memory within DOUBLE_CLICK_MS, then from the
    // database by its Idempotency-Key, which checkout.test.ts and stripe-shop.test.ts show), still counted once.
    const again = await placeOrder(client, body, key);
    expect(again.result).toEqual(answers[0]!.result);
    expect(await checkoutsCounted()).toBe(1);
  });
});
