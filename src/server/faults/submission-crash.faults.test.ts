import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_ANSWER_MS, FaultShop, SLOW_ANSWER_MS } from '@/server/test/fault-shop';
import { externalIdOf } from '@/server/modules/fulfilment';

/**
 * The fault test of issue 10 on the embedded PGlite (docs/decisions/085): the one server process of a DATA_DIR is
 * killed with SIGKILL while Printful has created an order it has not yet answered, and started again on the same
 * folder. Every order must reach Printful exactly once and end `submitted`; no job may be lost or run twice.
 * crash-recovery.pg.test.ts does the same with one and two processes on PostgreSQL.
 */

const ORDERS = 50;
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('kill -9 of the server process on the embedded database', () => {
  const shop = new FaultShop(null);
  beforeAll(() => shop.open());
  afterAll(() => shop.close());

  it(`with ${ORDERS} paid orders on their way: after a restart on the same folder each is submitted exactly once and no job is lost`, async () => {
    shop.printful.answerOrdersAfter(SLOW_ANSWER_MS);
    const first = await shop.launch('1');
    const orderIds = await shop.paidOrders([first], ORDERS);
    const unanswered = await shop.killMidSubmission(first);
    expect(shop.printful.orders.size).toBeGreaterThan(0);
    expect(shop.printful.orders.size).toBeLessThan(ORDERS);

    shop.printful.answerOrdersAfter(FAST_ANSWER_MS);
    const second = await shop.launch('1');
    await shop.jobsDone(second, ORDERS);

    // The server is stopped from here on: the test reads its folder.
    await shop.expectEachSubmittedOnce(orderIds);
    expect(shop.printful.orders.size).toBe(ORDERS);
    const jobs = await shop.expectNoJobLost(orderIds);
    const retried = jobs.filter((j) => j.retry_count > 0).map((j) => externalIdOf(j.order_id));
    expect(retried).toEqual(expect.arrayContaining(unanswered));
    await shop.expectEachJobRanOnce(first);
  });
});
