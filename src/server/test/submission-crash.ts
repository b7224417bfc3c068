import { expect } from 'vitest';
import { externalIdOf } from '@/server/modules/fulfilment';
import { FAST_ANSWER_MS, SLOW_ANSWER_MS, type FaultShop } from './fault-shop';

/**
 * The fault test of issue 10 (docs/decisions/085), on whichever database the FaultShop has: the one server process
 * is killed with SIGKILL while Printful has created orders it has not yet answered — the crash between the
 * provider's answer and our update — and started again on the same database. Every order must reach Printful
 * exactly once (one POST per external id: Printful refusing a second order would hide a double submission), end
 * `submitted` with Printful's id, and no job may be lost, failed or run twice by a living process.
 */
export async function submissionCrash(shop: FaultShop, orders: number) {
  shop.printful.answerOrdersAfter(SLOW_ANSWER_MS);
  const first = await shop.launch('1');
  const orderIds = await shop.paidOrders([first], orders);
  const unanswered = await shop.killMidSubmission(first);
  expect(shop.printful.orders.size).toBeGreaterThan(0);
  expect(shop.printful.orders.size).toBeLessThan(orders);

  shop.printful.answerOrdersAfter(FAST_ANSWER_MS);
  const second = await shop.launch('1');
  await shop.jobsDone(second, orders);

  await shop.expectEachSubmittedOnce(orderIds);
  expect(shop.printful.orders.size).toBe(orders);
  const jobs = await shop.expectNoJobLost(orderIds);
  // The orders whose answer died with the process: their jobs ran again after the heartbeat and found them.
  const retried = jobs.filter((j) => j.retry_count > 0).map((j) => externalIdOf(j.order_id));
  expect(retried).toEqual(expect.arrayContaining(unanswered));
  await shop.expectEachJobRanOnce(first);
}
