import { createHash, timingSafeEqual } from 'node:crypto';
import { FulfilmentWebhookAuthError, type FulfilmentEvent } from './fulfilment-provider';

/**
 * Printful's v1 webhook bodies (https://developers.printful.com/docs/#tag/Webhook-API), read the same way for
 * Printful and for the built-in print shop, which sends the same shapes (docs/decisions/083).
 */
export interface PrintfulWebhookBody {
  type: string;
  created: number;
  retries?: number;
  store?: number;
  data?: {
    reason?: string;
    order?: { id: number | string; external_id?: string | null; status?: string };
    shipment?: { id: number | string; carrier?: string; service?: string; tracking_number?: string; tracking_url?: string };
  };
}

/** Printful v1 webhooks are not signed: the URL registered with Printful carries a secret token, checked here. */
export function checkWebhookToken(expected: string, given: string | undefined): void {
  if (!given) throw new FulfilmentWebhookAuthError('missing webhook token');
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  if (!timingSafeEqual(a, b)) throw new FulfilmentWebhookAuthError('wrong webhook token');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parsePrintfulWebhook(body: Buffer): FulfilmentEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error('Printful webhook body is not JSON');
  }
  if (!isObject(parsed) || typeof parsed.type !== 'string') throw new Error('Printful webhook body has no event type');
  const type = parsed.type;
  const data = isObject(parsed.data) ? parsed.data : {};
  const order = isObject(data.order) ? data.order : undefined;
  const shipment = isObject(data.shipment) ? data.shipment : undefined;
  const created = typeof parsed.created === 'number' || typeof parsed.created === 'string' ? parsed.created : '';
  const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  // Stable across Printful's redeliveries (same created, retries + 1).
  const key = `${type}:${str(order?.id)}:${str(shipment?.id)}:${created}`;

  const externalIdRaw = order?.external_id;
  if (!order || externalIdRaw === undefined || externalIdRaw === null || externalIdRaw === '') return { key, type, kind: 'ignored' };
  const base = { key, type, externalId: String(externalIdRaw), providerOrderId: str(order.id) };
  const reason = typeof data.reason === 'string' && data.reason ? data.reason : 'no reason given';

  switch (type) {
    case 'package_shipped':
      if (!shipment) return { key, type, kind: 'ignored' };
      return {
        ...base,
        kind: 'shipped',
        carrier: str(shipment.carrier),
        service: str(shipment.service),
        trackingNumber: str(shipment.tracking_number),
        trackingUrl: str(shipment.tracking_url),
      };
    case 'order_updated':
      return order.status === 'inprocess' ? { ...base, kind: 'in_production' } : { key, type, kind: 'ignored' };
    case 'package_returned':
      return { ...base, kind: 'problem', reason: `Package returned: ${reason}` };
    case 'order_failed':
      return { ...base, kind: 'problem', reason: `Order failed: ${reason}` };
    case 'order_canceled':
      return { ...base, kind: 'problem', reason: `Cancelled at Printful: ${reason}` };
    case 'order_put_hold':
      return { ...base, kind: 'problem', reason: `Put on hold: ${reason}` };
    // Printful: an order taken off hold goes back to draft, and is printed only once it is confirmed again.
    case 'order_remove_hold':
      return { ...base, kind: 'hold_removed', reason: typeof data.reason === 'string' ? data.reason : '' };
    default:
      return { key, type, kind: 'ignored' };
  }
}
