import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_ANSWER_MS, FaultShop, SLOW_ANSWER_MS, waitOpts, type Instance } from '@/server/test/fault-shop';
import { externalIdOf } from '@/server/modules/fulfilment';

/**
 * Issue 10 with two server processes on one PostgreSQL database (docs/decisions/085): each job runs once, and
 * after one of them is killed with SIGKILL mid-submission and started again, every order is still submitted
 * exactly once, no job is lost, and every paid order has one invoice, numbered without a gap (docs/decisions/132).
 * submission-crash.pg.faults.test.ts is the one-process case;
 * src/server/test/submission-crash.ts says what is checked.
 */

const ORDERS = 50;
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('two server processes on one PostgreSQL', () => {
  const shop = new FaultShop(process.env.TEST_DATABASE_URL!);
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    await shop.open();
    [a, b] = await Promise.all([shop.launch('1'), shop.launch('2')]);
  });
  afterAll(() => shop.close());

  it('run each job once', async () => {
    shop.printful.answerOrdersAfter(FAST_ANSWER_MS);
    const orderIds = await shop.paidOrders([a, b], 20);
    await shop.jobsDone(a, orderIds.length);
    await shop.expectEachSubmittedOnce(orderIds);
    const jobs = await shop.expectNoJobLost(orderIds);
    expect(jobs.filter((j) => j.retry_count > 0)).toEqual([]);
    // Paid at once on both processes: one invoice each, numbered without a gap.
    expect(await shop.expectInvoicedWithoutGaps(orderIds)).toBe(orderIds.length);

    // Every job of every queue (each order's release — its receipt and its submission — and the mail deliveries)
    // started exactly once, and both processes took their share.
    const { jobs: all, starts } = await shop.expectEachJobRanOnce(null);
    expect(all.length).toBeGreaterThanOrEqual(orderIds.length * 2);
    expect(new Set([...starts.values()].flat().map((i) => i.storeId))).toEqual(new Set(['1', '2']));
    expect(shop.postsFrom('1')).toBeGreaterThan(0);
    expect(shop.postsFrom('2')).toBeGreaterThan(0);
  });

  it(`one is killed with ${ORDERS} paid orders on their way; after a restart each is submitted exactly once and no job is lost`, async () => {
    shop.printful.answerOrdersAfter(SLOW_ANSWER_MS);
    const before = shop.printful.orders.size;
    const orderIds = await shop.paidOrders([a, b], ORDERS);
    const killed = a;
    const unanswered = await shop.killMidSubmission(killed);
    expect(shop.printful.orders.size - before).toBeGreaterThan(0);
    expect(shop.printful.orders.size - before).toBeLessThan(ORDERS);

    // The survivor goes on submitting while the other is down; then the killed one comes back.
    shop.printful.answerOrdersAfter(FAST_ANSWER_MS);
    const survivorPosts = shop.postsFrom(b.storeId);
    await vi.waitFor(() => expect(shop.postsFrom(b.storeId)).toBeGreaterThan(survivorPosts), waitOpts);
    a = await shop.launch('1');
    await shop.jobsDone(b, before + ORDERS);

    await shop.expectEachSubmittedOnce(orderIds);
    expect(shop.printful.orders.size - before).toBe(ORDERS);
    const jobs = await shop.expectNoJobLost(orderIds);
    const retried = jobs.filter((j) => j.retry_count > 0).map((j) => externalIdOf(j.order_id));
    expect(retried).toEqual(expect.arrayContaining(unanswered));
    await shop.expectEachJobRanOnce(killed);
    // Fifty more paid at once, one process killed on the way: still one invoice each, and no gap in the numbers.
    expect(await shop.expectInvoicedWithoutGaps(orderIds)).toBe(20 + ORDERS);
  });
});
