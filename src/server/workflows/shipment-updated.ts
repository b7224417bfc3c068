import type { FulfilmentEvent } from '@/server/adapters/fulfilment/fulfilment-provider';
import type { Db } from '@/server/db/client';
import { stop, workflow } from '@/server/lib/workflow';
import {
  addShipment,
  confirmJob,
  fulfilmentsOf,
  lockOrderFulfilment,
  moveFulfilment,
  noteFulfilment,
  noteFulfilmentError,
  orderIdOf,
  setFulfilmentEventOutcome,
  storeFulfilmentEvent,
  type FulfilmentEventOutcome,
  type FulfilmentRow,
} from '@/server/modules/fulfilment';
import { lockOrder, moveOrder, orderMailJob } from '@/server/modules/orders';
import type { ShopDeps } from './deps';
import { jobIdFor } from './release-order';

export type ShipmentActor = { kind: 'provider' } | { kind: 'admin'; userId: string | null };

/**
 * shipmentUpdated (fulfilment; docs/decisions/083, 108, docs/order-pipeline.md): one verified shipment webhook from
 * the print provider — or an admin's "mark shipped", which speaks the same language. One transaction:
 *  1. the event is stored by its key first, so a replay changes nothing;
 *  2. the order's hand-off moves forward only (in production, shipped with carrier and tracking, a problem); a
 *     shipment that finds it still submitted passes through nothing it does not need; a further parcel of an order
 *     that ships in parts becomes a hand-off of its own;
 *  3. the shipped mail is enqueued with it; and an order whose every hand-off has shipped has nothing left for the
 *     shop to do: it completes.
 */
export const shipmentUpdated = workflow<{ provider: string; event: FulfilmentEvent; payload: unknown; actor: ShipmentActor }, Pick<ShopDeps, 'jobs'>>(
  'shipmentUpdated',
  { transaction: true },
)
  .step('store the event by its key', async ({ tx, input }) => {
    const { event } = input;
    const orderId = event.kind !== 'ignored' ? orderIdOf(event.externalId) : null;
    const order = orderId ? await lockOrder(tx, orderId) : null;
    if (!(await storeFulfilmentEvent(tx, input.provider, input.event, order?.id ?? null, input.payload))) return stop<FulfilmentEventOutcome>('duplicate');
    if (event.kind === 'ignored') return finish(tx, event.key, 'ignored');
    const fulfilment = order ? await lockOrderFulfilment(tx, order.id) : null;
    if (!order || !fulfilment) return finish(tx, event.key, 'unknown_order');
    return { event, order, fulfilment };
  })
  .step('move the hand-off forward', async ({ tx, deps, input, event, fulfilment }) => apply(tx, deps, input.actor, event, fulfilment))
  .step('tell the customer it shipped', async ({ tx, deps, event, order, outcome, parcel }) => {
    // One mail per parcel, naming that parcel's tracking.
    if (outcome === 'applied' && event.kind === 'shipped' && parcel) {
      await deps.jobs.send(orderMailJob, { orderId: order.id, kind: 'shipped', fulfilmentId: parcel }, { tx, singletonKey: `${order.id}:shipped:${parcel}` });
    }
  })
  .step('complete the order when everything has shipped', async ({ tx, order, input }) => {
    const all = await fulfilmentsOf(tx, order.id);
    const done = all.length > 0 && all.every((f) => f.status === 'shipped' || f.status === 'delivered' || f.status === 'cancelled') && all.some((f) => f.status !== 'cancelled');
    if (done && order.status === 'open') {
      await moveOrder(tx, {
        orderId: order.id,
        from: 'open',
        to: 'completed',
        actor: input.actor.kind,
        actorUserId: input.actor.kind === 'admin' ? input.actor.userId : null,
        reason: 'Everything has shipped: nothing left for the shop to do.',
      });
    }
  })
  .step('record what the event did', async ({ tx, event, outcome }) => finish(tx, event.key, outcome))
  .returns(({ outcome }) => outcome);

async function finish(tx: Db, key: string, outcome: FulfilmentEventOutcome) {
  await setFulfilmentEventOutcome(tx, key, outcome);
  return stop(outcome);
}

/** What an event did, and the hand-off it shipped (for its mail). */
type Applied = { outcome: FulfilmentEventOutcome; parcel: string | null };
const did = (outcome: FulfilmentEventOutcome, parcel: string | null = null): Applied => ({ outcome, parcel });

async function apply(
  tx: Db,
  deps: Pick<ShopDeps, 'jobs'>,
  actor: ShipmentActor,
  event: Exclude<FulfilmentEvent, { kind: 'ignored' }>,
  f: FulfilmentRow,
): Promise<Applied> {
  const who = actor.kind === 'admin' ? { actor: 'admin' as const, actorUserId: actor.userId } : { actor: 'provider' as const };
  const base = { fulfilmentId: f.id, orderId: f.orderId, from: f.status, ...who };
  const providerOrderId = f.providerOrderId ?? (event.providerOrderId || null);
  if (event.kind === 'hold_removed') {
    // Not at the printer yet (its submission confirms a draft it finds), or past needing it: nothing to confirm.
    if (f.status !== 'problem' && f.status !== 'submitted' && f.status !== 'in_production') return did('no_change');
    await noteFulfilment(tx, { fulfilmentId: f.id, orderId: f.orderId, status: f.status, actor: 'provider', reason: `Taken off hold at Printful${event.reason ? ` (${event.reason})` : ''}: back to a draft there, to be confirmed again.` });
    if (f.status === 'problem') await noteFulfilmentError(tx, f.id, 'Taken off hold at Printful: confirming the order again.');
    // Durable: the confirmation is a job committed with this event; its id is the event's, so a replay adds none.
    await deps.jobs.send(confirmJob, { fulfilmentId: f.id }, { tx, singletonKey: `${f.id}:confirm`, id: jobIdFor(`${event.key}:confirm`) });
    return did('applied');
  }
  if (event.kind === 'problem') {
    if (f.status === 'problem' && f.error === event.reason) return did('no_change');
    if (f.status === 'shipped' || f.status === 'delivered' || f.status === 'cancelled') return did('no_change');
    if (f.status === 'problem') {
      // A further problem for a hand-off already in trouble: the newest reason is the one to read.
      await noteFulfilmentError(tx, f.id, event.reason);
      return did('applied');
    }
    await moveFulfilment(tx, { ...base, to: 'problem', reason: event.reason, set: { error: event.reason, providerOrderId } });
    return did('applied');
  }
  if (event.kind === 'in_production') {
    if (f.status !== 'submitted' && f.status !== 'problem' && f.status !== 'pending') return did('no_change');
    if (f.status === 'pending') await moveFulfilment(tx, { ...base, to: 'submitted', reason: 'The printer took the order.', set: { providerOrderId, submittedAt: new Date() } });
    const from = f.status === 'pending' ? 'submitted' : f.status;
    const moved = await moveFulfilment(tx, { ...base, from, to: 'in_production', reason: 'The print room started on it.', set: { providerOrderId, error: null } });
    return did(moved ? 'applied' : 'no_change');
  }
  // shipped
  const shipment = { carrier: event.carrier, trackingNumber: event.trackingNumber, trackingUrl: event.trackingUrl || null };
  const reason = `Shipped with ${event.carrier || 'the carrier'}${event.service ? ` (${event.service})` : ''}, tracking ${event.trackingNumber || 'not given'}.`;
  if (f.status === 'shipped' || f.status === 'delivered') {
    // Another parcel of the same order (it ships in parts), or one already recorded reported again (any part's).
    if (!event.trackingNumber || (await fulfilmentsOf(tx, f.orderId)).some((p) => p.trackingNumber === event.trackingNumber)) return did('no_change');
    const added = await addShipment(tx, { orderId: f.orderId, provider: f.provider, providerOrderId: providerOrderId ?? '', shipmentKey: event.key, ...shipment, reason });
    return added ? did('applied', added.id) : did('no_change');
  }
  if (f.status === 'cancelled') return did('no_change');
  const moved = await moveFulfilment(tx, {
    ...base,
    to: 'shipped',
    reason,
    set: { ...shipment, providerOrderId, shipmentKey: event.key, shippedAt: new Date(), error: null },
  });
  return moved ? did('applied', f.id) : did('no_change');
}
