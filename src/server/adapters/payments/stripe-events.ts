import Stripe from 'stripe';
import { WebhookSignatureError, type PaymentEvent } from './payment-provider';

/** Seconds a signed event stays acceptable (Stripe's default tolerance). */
const TOLERANCE_S = 300;

/**
 * Verifies a Stripe-Signature header (t=…,v1=HMAC-SHA256(secret, `${t}.${body}`)) over the raw body with
 * the stripe package's own code, then reduces the event to what the shop acts on. Used for Stripe and for
 * the built-in test processor alike.
 */
export function verifyStripeEvent(rawBody: Buffer, header: string | undefined, secret: string): PaymentEvent {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, TOLERANCE_S);
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : 'Bad signature');
  }
  return readStripeEvent(event);
}

function idOf(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'id' in v && typeof (v as { id: unknown }).id === 'string') return (v as { id: string }).id;
  return null;
}

function orderIdOf(obj: { metadata?: Record<string, string> | null; client_reference_id?: string | null }): string | null {
  return obj.client_reference_id ?? obj.metadata?.order_id ?? null;
}

export function readStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      // A completed session whose payment is still processing (delayed methods) pays later.
      if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return { ...base, kind: 'ignored', orderId: orderIdOf(s) };
      const pi = s.payment_intent;
      const pm = pi && typeof pi === 'object' ? idOf(pi.payment_method) : null;
      return {
        ...base,
        kind: 'payment_succeeded',
        orderId: orderIdOf(s),
        sessionId: s.id,
        paymentId: idOf(pi),
        paymentMethodRef: pm,
        amount: s.amount_total,
        currency: s.currency ? s.currency.toUpperCase() : null,
      };
    }
    case 'checkout.session.async_payment_failed': {
      const s = event.data.object;
      return { ...base, kind: 'payment_failed', orderId: orderIdOf(s), sessionId: s.id, paymentId: idOf(s.payment_intent), message: 'The payment did not go through.' };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return {
        ...base,
        kind: 'payment_failed',
        orderId: pi.metadata?.order_id ?? null,
        sessionId: null,
        paymentId: pi.id,
        message: pi.last_payment_error?.message ?? 'The payment did not go through.',
      };
    }
    case 'checkout.session.expired': {
      const s = event.data.object;
      return { ...base, kind: 'session_expired', orderId: orderIdOf(s), sessionId: s.id };
    }
    default:
      return { ...base, kind: 'ignored', orderId: null };
  }
}
