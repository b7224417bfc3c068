import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_ANSWER_MS, FaultShop, SLOW_ANSWER_MS } from '@/server/test/fault-shop';
import { externalIdOf } from '@/server/modules/fulfilment';

/**
 * The fault test of issue 10 on PostgreSQL (docs/decisions/085): the server process is killed with SIGKILL while
 * it waits for Printful's answer to an order Printful has already created — the crash between the provider's
 * answer and our update — and started again. Every order must reach Printful exactly once (one POST per external
 * id: Printful refusing a second order would hide a double submission), end `submitted` with Printful's id, and
 * no job may be lost, failed or run twice by a living process. crash-recovery-two-processes.pg.test.ts kills one
 * of two processes; crash-recovery.test.ts does this on the embedded PGlite.
 */

const ORDERS = 50;
// Real processes (tsx, migrations, seed) on a busy 2-core machine, and the 10 s heartbeat before a killed
// process's jobs are retried: generous limits, though a run takes about half a minute on a quiet machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('kill -9 of the only server process on PostgreSQL', () => {
  const shop = new FaultShop(process.env.TEST_DATABASE_URL!);
  beforeAll(() => shop.open());
  afterAll(() => shop.close());

  it(`with ${ORDERS} paid orders on their way: after a restart each is submitted exactly once and no job is lost`, async () => {
    shop.printful.answerOrdersAfter(SLOW_ANSWER_MS);
    const first = await shop.launch('1');
    const orderIds = await shop.paidOrders([first], ORDERS);
    const unanswered = await shop.killMidSubmission(first);
    expect(shop.printful.orders.size).toBeGreaterThan(0);
    expect(shop.printful.orders.size).toBeLessThan(ORDERS);

    shop.printful.answerOrdersAfter(FAST_ANSWER_MS);
    const second = await shop.launch('1');
    await shop.jobsDone(second, ORDERS);

    await shop.expectEachSubmittedOnce(orderIds);
    expect(shop.printful.orders.size).toBe(ORDERS);
    const jobs = await shop.expectNoJobLost(orderIds);
    // The orders whose answer died with the process: their jobs ran again after the heartbeat and found them.
    const retried = jobs.filter((j) => j.retry_count > 0).map((j) => externalIdOf(j.order_id));
    expect(retried).toEqual(expect.arrayContaining(unanswered));
    await shop.expectEachJobRanOnce(first);
  });
});
