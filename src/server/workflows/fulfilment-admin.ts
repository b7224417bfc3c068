import type { FulfilmentEvent } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { Db } from '@/server/db/client';
import { conflict } from '@/server/lib/http-errors';
import { workflow } from '@/server/lib/workflow';
import { audited, type Actor } from '@/server/modules/audit';
import { createFulfilment, externalIdOf, fulfilmentsOf, lockOrderFulfilment, moveFulfilment, submitJob } from '@/server/modules/fulfilment';
import { isPaidFor, lockOrder, shippableLinesOf } from '@/server/modules/orders';
import { findPayment } from '@/server/modules/payments';
import type { ShopDeps } from './deps';
import { shipmentUpdated } from './shipment-updated';

/** Paid (and not refunded in full), open, with something to print, not shipped: what an admin may send or ship by hand. */
async function requirePrintable(tx: Db, orderId: string) {
  const order = await lockOrder(tx, orderId);
  const payment = await findPayment(tx, orderId);
  if (!order || !isPaidFor(payment)) throw conflict('Only a paid order that has not shipped can be sent to the printer.', 'status', 'NOT_PRINTABLE');
  // Before the lifecycle: a paid digital order is completed at once, and what an admin needs to hear is why.
  if (!(await shippableLinesOf(tx, orderId)).length) throw conflict('This order has nothing to print.', 'fulfilment', 'NOTHING_TO_PRINT');
  if (order.status !== 'open') throw conflict('Only a paid order that has not shipped can be sent to the printer.', 'status', 'NOT_PRINTABLE');
  if ((await fulfilmentsOf(tx, orderId)).some((f) => f.shippedAt)) throw conflict('This order has already shipped.', 'status', 'NOT_SHIPPABLE');
  return order;
}

/**
 * resubmitToPrinter (fulfilment): an admin sends an order to the printer again — after the provider refused it, or
 * one paid before printing was connected. One transaction with its audit row: the hand-off is pending again (made
 * if there was none) and its submission job is enqueued.
 */
export const resubmitToPrinter = workflow<{ orderId: string; actor: Actor }, ShopDeps>('resubmitToPrinter', { transaction: true })
  .step('check the order may be printed', async ({ tx, input }) => ({ order: await requirePrintable(tx, input.orderId) }))
  .step('make the hand-off pending again and enqueue it, audited', async ({ tx, deps, input, order }) => {
    const existing = await lockOrderFulfilment(tx, order.id);
    const current = existing ?? (await createFulfilment(tx, order.id, deps.printer.name));
    if (!current) throw conflict('This order is being sent to the printer already.', 'fulfilment', 'ALREADY_PENDING');
    if (current.status !== 'pending' && current.status !== 'problem') throw conflict('This order is at the printer already.', 'fulfilment', 'ALREADY_SUBMITTED');
    // Before: what the admin saw — no hand-off at all ('none') when this one was made just now.
    const before = existing ? { fulfilment_status: existing.status, fulfilment_error: existing.error } : { fulfilment_status: 'none', fulfilment_error: null };
    await audited(
      tx,
      input.actor,
      { action: 'order.fulfilment_resubmitted', entityType: 'order', entityId: order.id, before, after: { fulfilment_status: 'pending' } },
      async () => {
        if (current.status === 'problem') {
          await moveFulfilment(tx, { fulfilmentId: current.id, orderId: order.id, from: 'problem', to: 'pending', actor: 'admin', actorUserId: input.actor.userId, reason: 'Sent to the printer again by an admin.', set: { error: null } });
        }
        await deps.jobs.send(submitJob, { fulfilmentId: current.id }, { tx, singletonKey: current.id });
      },
    );
  })
  .returns(() => undefined);

/**
 * markShipped (fulfilment): an admin marks an order shipped by hand (a parcel sent outside the provider), with
 * carrier and tracking — through shipmentUpdated, the same path as the provider's webhook — and the audit row, in
 * one transaction. The customer gets the shipped mail.
 */
export const markShipped = workflow<{ orderId: string; actor: Actor; carrier: string; trackingNumber: string; trackingUrl: string | undefined }, ShopDeps>(
  'markShipped',
  { transaction: true },
)
  .step('check the order may be shipped', async ({ tx, input }) => ({ order: await requirePrintable(tx, input.orderId) }))
  .step('ship it through the shipment path, audited', async ({ tx, deps, input, order }) => {
    if (!(await lockOrderFulfilment(tx, order.id))) await createFulfilment(tx, order.id, 'admin');
    const event: FulfilmentEvent = {
      key: `admin:${order.id}:shipped`,
      type: 'admin_marked_shipped',
      kind: 'shipped',
      externalId: externalIdOf(order.id),
      providerOrderId: '',
      carrier: input.carrier,
      service: '',
      trackingNumber: input.trackingNumber,
      trackingUrl: input.trackingUrl ?? '',
    };
    const body = { carrier: input.carrier, tracking_number: input.trackingNumber, tracking_url: input.trackingUrl };
    await audited(tx, input.actor, { action: 'order.marked_shipped', entityType: 'order', entityId: order.id, before: null, after: body }, () =>
      shipmentUpdated.within(tx, deps, { provider: 'admin', event, payload: body, actor: { kind: 'admin', userId: input.actor.userId } }),
    );
  })
  .returns(() => undefined);

/**
 * advancePrintShop (fulfilment): the built-in print shop's "next step", by an admin (audited). Only a provider
 * that runs inside the shop can be moved by hand; it reports the step through its webhook like any other.
 */
export const advancePrintShop = workflow<{ orderId: string; actor: Actor }, ShopDeps>('advancePrintShop')
  .step('move the print shop on', async ({ deps, input }) => {
    if (!deps.printer.local) throw conflict('Only the built-in print shop can be moved on by hand.', 'fulfilment', 'NOT_LOCAL_PRINTER');
    const result = await deps.printer.local.advanceByHand(externalIdOf(input.orderId));
    if (!result.moved) throw conflict(result.reason ?? 'The print shop could not move this order on.', 'fulfilment', 'NOT_AT_PRINT_SHOP');
  })
  .step('audit it', async ({ deps, input }) => {
    await deps.db.transaction((tx) =>
      audited(tx, input.actor, { action: 'order.print_shop_advanced', entityType: 'order', entityId: input.orderId, before: null, after: null }, async () => undefined),
    );
  })
  .returns(() => undefined);
