import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/client';
import { createFulfilment, submitJob } from '@/server/modules/fulfilment';
import { moveOrder, orderMailJob, sendOrderMail, shippableLinesOf, type OrderRow } from '@/server/modules/orders';
import { z } from 'zod';
import { defineJob, handle, type JobRegistration } from '@/server/modules/jobs';
import { mailDeps, type ShopDeps } from './deps';
import { submitToPrinter } from './submit-to-printer';

/**
 * One job per released order (issue 25, decision 117): written in the payment's transaction, so the receipt and the
 * hand-off to the printer follow the payment durably — committed with it or not at all.
 */
export const releasedJob = defineJob('order.released', z.object({ orderId: z.uuid(), fulfilmentId: z.uuid().nullable() }), {
  retryLimit: 30,
  // It waits on the print provider (decision 136): as long as the printer's own job may.
  expireInSeconds: 600,
  concurrency: 2,
  batchSize: 10,
});

/**
 * Its handler (decision 136): the receipt and the hand-off's submission, done here and now; only one that fails is
 * queued as a job of its own (`order.mail`, `fulfilment.submit`), to be retried after the first retry's delay and then
 * on that job's terms. Each is done once however often this runs: the receipt by its dedupe key (the id its job would
 * have), the hand-off because only a pending one is sent and the printer takes an external id once, and a job queued
 * for either by an id of its own derived from the order or the hand-off. A crash anywhere in here leaves this job to
 * run again.
 */
export function releasedOrderJobs(deps: ShopDeps): JobRegistration[] {
  const mail = mailDeps(deps);
  return [
    handle(releasedJob, async ({ orderId, fulfilmentId }, job) => {
      const receiptId = jobIdFor(`${orderId}:confirmation`);
      await sendOrderMail(mail, { orderId, kind: 'confirmation' }, receiptId).catch(async (err: unknown) => {
        deps.log.warn({ err, orderId, job: job.id }, 'the receipt could not be written now; its own job retries it');
        await deps.jobs.send(orderMailJob, { orderId, kind: 'confirmation' }, { singletonKey: `${orderId}:confirmation`, id: receiptId, startAfterSeconds: deps.jobs.retryDelaySeconds });
      });
      if (!fulfilmentId) return;
      await submitToPrinter.run(deps, { fulfilmentId }).catch(async (err: unknown) => {
        deps.log.warn({ err, orderId, job: job.id }, 'the order could not be handed to the printer now; its own job retries it');
        await deps.jobs.send(submitJob, { fulfilmentId }, { singletonKey: fulfilmentId, id: jobIdFor(`${fulfilmentId}:submit`), startAfterSeconds: deps.jobs.retryDelaySeconds });
      });
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
