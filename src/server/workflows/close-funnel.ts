import type { FunnelOfferKind } from '@/contract/funnel';
import { notFound } from '@/server/lib/http-errors';
import { workflow } from '@/server/lib/workflow';
import { chargesUnderWay, declineOfferRow, offersClosed } from '@/server/modules/funnel';
import { findOrder, lockOrder } from '@/server/modules/orders';
import { chargeOffer, closeWindow, recordOffer } from './accept-offer';
import type { ShopDeps } from './deps';

/**
 * closeFunnel (funnel; docs/decisions/099, docs/order-pipeline.md): the funnel order's window has ended (its job,
 * once across instances). Charges a crash left half-way are finished first — charged again with the same key, so
 * never twice — then the window is closed and the order released to its receipt and the printer. A charge still
 * under way keeps the order from printing: the job fails and tries again shortly.
 */
export const closeFunnel = workflow<{ orderId: string }, ShopDeps>('closeFunnel')
  .step('finish the charges a crash interrupted', async ({ deps, input, log }) => {
    for (const offer of await chargesUnderWay(deps.db, input.orderId)) {
      const order = await findOrder(deps.db, input.orderId);
      if (!order) continue;
      try {
        await recordOffer(deps, order.id, offer, await chargeOffer(deps, order, offer));
      } catch (err) {
        log.warn({ err, orderId: input.orderId }, 'resuming a funnel offer charge failed');
      }
    }
  })
  .step('close the window and release the order', async ({ deps, input }) => {
    await deps.db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.orderId);
      if (order) await closeWindow(tx, deps, order);
    });
    if (!(await offersClosed(deps.db, input.orderId))) {
      throw new Error(`funnel order ${input.orderId}: an offer charge is still under way; closing again later`);
    }
  })
  .returns(() => undefined);

/**
 * declineOffer (funnel): "No thanks". Offer 1 declined puts the downsell on screen while the window is open; the
 * last offer declined closes the window and releases the order — one transaction.
 */
export const declineOffer = workflow<{ orderId: string; kind: FunnelOfferKind }, ShopDeps>('declineOffer', { transaction: true })
  .step('lock the order', async ({ tx, input }) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound('No such order in the funnel.', 'FUNNEL_ORDER_NOT_FOUND');
    return { order };
  })
  .step('say no to the offer (the downsell comes on screen)', async ({ tx, input }) => ({ decision: await declineOfferRow(tx, input.orderId, input.kind) }))
  .step('nothing left on offer: close the window and release the order', async ({ tx, deps, order, decision }) => {
    if (decision.nothingLeft) await closeWindow(tx, deps, order);
  })
  .returns(() => undefined);
