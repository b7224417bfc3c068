import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/client';
import { createFulfilment, submitJob } from '@/server/modules/fulfilment';
import { moveOrder, orderMailJob, shippableLinesOf, type OrderRow } from '@/server/modules/orders';
import { z } from 'zod';
import { defineJob, handle, type JobRegistration } from '@/server/modules/jobs';
import type { ShopDeps } from './deps';

/**
 * One job per released order (issue 25, decision 117): its handler enqueues the receipt and the hand-off to the
 * printer, so releasing an order writes one job in the payment's transaction instead of two (the job queue writes
 * one queue per statement). Both follow the payment durably: this job commits with it.
 */
export const releasedJob = defineJob('order.released', z.object({ orderId: z.uuid(), fulfilmentId: z.uuid().nullable() }), {
  retryLimit: 30,
  expireInSeconds: 60,
  concurrency: 2,
  batchSize: 10,
});

/**
 * Its handler: the receipt and the hand-off's submission, each enqueued once — by an id of its own derived from the
 * order or the hand-off, so a run again after a crash adds nothing (the receipt is also written once by its dedupe
 * key, and the printer takes a hand-off once by its external id).
 */
export function releasedOrderJobs(deps: Pick<ShopDeps, 'jobs'>): JobRegistration[] {
  return [
    handle(releasedJob, async ({ orderId, fulfilmentId }) => {
      await deps.jobs.send(orderMailJob, { orderId, kind: 'confirmation' }, { singletonKey: `${orderId}:confirmation`, id: jobIdFor(`${orderId}:confirmation`) });
      if (fulfilmentId) await deps.jobs.send(submitJob, { fulfilmentId }, { singletonKey: fulfilmentId, id: jobIdFor(`${fulfilmentId}:submit`) });
    }),
  ];
}

/** A uuid determined by `key` (the shape of a v4 uuid, from its SHA-256). */
export function jobIdFor(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The shared last steps of a paid order (paymentSucceeded, closeFunnel), in the caller's transaction: what is to be
 * printed becomes a pending fulfilment, and the order's release job is enqueued — the receipt and the printer follow
 * from it, committed with the payment or not at all. An order with nothing to print has nothing left to do: it
 * completes.
 */
export async function releaseOrder(
  tx: Db,
  deps: Pick<ShopDeps, 'jobs' | 'printer'>,
  order: Pick<OrderRow, 'id' | 'status'> & { shippableLines?: number },
): Promise<{ printing: boolean }> {
  // Counted when the caller locked the order (lockOrderToRelease), else read here.
  const printable = order.shippableLines ?? (await shippableLinesOf(tx, order.id)).length;
  const fulfilment = printable > 0 ? await createFulfilment(tx, order.id, deps.printer.name) : null;
  await deps.jobs.send(releasedJob, { orderId: order.id, fulfilmentId: fulfilment?.id ?? null }, { tx, singletonKey: `${order.id}:released` });
  if (printable > 0) return { printing: true };
  if (order.status === 'open') await moveOrder(tx, { orderId: order.id, from: 'open', to: 'completed', actor: 'system', reason: 'Nothing to print or ship: the order is complete.' });
  return { printing: false };
}
