import type { Db } from '@/server/db/client';
import { createFulfilment } from '@/server/modules/fulfilment';
import { submitJob } from '@/server/modules/fulfilment';
import { moveOrder, orderMailJob, shippableLinesOf, type OrderRow } from '@/server/modules/orders';
import type { ShopDeps } from './deps';

/**
 * The shared last steps of a paid order (paymentSucceeded, closeFunnel), in the caller's transaction: the receipt
 * is enqueued, and what is to be printed is handed to the printer — a pending fulfilment and its submission job,
 * committed with the payment or not at all. An order with nothing to print has nothing left to do: it completes.
 */
export async function releaseOrder(
  tx: Db,
  deps: Pick<ShopDeps, 'jobs' | 'printer'>,
  order: Pick<OrderRow, 'id' | 'status'> & { shippableLines?: number },
): Promise<{ printing: boolean }> {
  await deps.jobs.send(orderMailJob, { orderId: order.id, kind: 'confirmation' }, { tx, singletonKey: `${order.id}:confirmation` });
  // Counted when the caller locked the order (lockOrderToRelease), else read here.
  const printable = order.shippableLines ?? (await shippableLinesOf(tx, order.id)).length;
  if (printable > 0) {
    const fulfilment = await createFulfilment(tx, order.id, deps.printer.name);
    if (fulfilment) await deps.jobs.send(submitJob, { fulfilmentId: fulfilment.id }, { tx, singletonKey: fulfilment.id });
    return { printing: true };
  }
  if (order.status === 'open') await moveOrder(tx, { orderId: order.id, from: 'open', to: 'completed', actor: 'system', reason: 'Nothing to print or ship: the order is complete.' });
  return { printing: false };
}
