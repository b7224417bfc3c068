import Stripe from 'stripe';
import { LRUCache } from 'lru-cache';
import {
  PaymentDeclinedError,
  PaymentProviderError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSessionState,
  type RefundInput,
  type RefundResult,
  type SavedCardCharge,
  type SavedCardChargeInput,
} from './payment-provider';
import { verifyStripeEvent } from './stripe-events';
import { stripeEndpoint, stripeFailure } from '@/server/lib/stripe-failure';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Only for contract tests against a loopback server that speaks Stripe's API (its path is ignored: /v1/…). */
  apiUrl?: string;
}

/** Stripe limits a metadata value to 500 characters. */
const METADATA_VALUE_MAX = 500;

/**
 * Card payments through Stripe Checkout Sessions with the official `stripe` package (docs/decisions/079).
 * Checkout shows one line with the total our server computed (lines + shipping + tax − discount); every
 * create carries our idempotency key; webhooks are verified on the raw body by stripe-events.ts, the same
 * code that reads the built-in test processor's events.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  /** payment id → its card's last four digits (a payment's card never changes). */
  private readonly last4 = new LRUCache<string, { value: string | null }>({ max: 1000 });

  constructor(opts: StripeProviderOptions) {
    this.testMode = /^(sk|rk)_test_/.test(opts.secretKey);
    this.webhookSecret = opts.webhookSecret;
    this.stripe = new Stripe(opts.secretKey, {
      ...(opts.apiUrl ? stripeEndpoint(opts.apiUrl) : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Certifiable' },
    });
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    const metadata = { order_id: input.orderId, order_number: input.orderNumber };
    const description = input.description.trim();
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.orderId,
          customer_email: input.email,
          // One line with the total our server computed: shipping, tax and discount are already in it, and
          // Stripe must charge exactly the order's frozen total (docs/decisions/079).
          line_items: [
            {
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: `Order ${input.orderNumber}`, ...(description ? { description } : {}) },
              },
              quantity: 1,
            },
          ],
          metadata,
          payment_intent_data: { metadata, setup_future_usage: 'off_session' },
          // A card kept for one-click additions must belong to a Customer to be charged again (docs/decisions/099).
          ...(input.saveCard ? { customer_creation: 'always' as const } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      throw providerError('Could not open the Stripe checkout', err);
    }
    if (!session.url) throw new PaymentProviderError(`Could not open the Stripe checkout: Stripe returned session ${session.id} without a payment page URL.`);
    return { id: session.id, url: session.url };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const reason = input.reason?.trim();
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentId,
          amount: input.amount,
          // Stripe's own `reason` takes three fixed values; the admin's words go in metadata.
          metadata: reason ? { reason: reason.slice(0, METADATA_VALUE_MAX) } : {},
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      throw providerError('Could not refund through Stripe', err);
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new PaymentProviderError(`Stripe did not refund ${refund.id}: ${refund.failure_reason ?? refund.status}.`);
    }
    return { id: refund.id, amount: refund.amount };
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    return verifyStripeEvent(rawBody, signatureHeader, this.webhookSecret);
  }

  /** The reconciliation's question: retrieve the Checkout Session with its PaymentIntent. */
  async retrieveCheckoutSession(sessionId: string): Promise<ProviderSessionState> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
    } catch (err) {
      throw providerError('Could not read the Stripe checkout', err);
    }
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
      const pi = session.payment_intent;
      return {
        status: 'paid',
        paymentId: idOf(pi),
        paymentMethodRef: pi && typeof pi === 'object' ? idOf(pi.payment_method) : null,
        amount: session.amount_total,
        currency: session.currency ? session.currency.toUpperCase() : null,
      };
    }
    if (session.status === 'expired') return { status: 'expired' };
    if (session.status === 'open') return { status: 'open' };
    // Complete but not paid yet (a delayed payment method): its async_payment event decides.
    return { status: 'unknown' };
  }

  /** Closes an open Checkout Session; one that was paid meanwhile says so. */
  async expireCheckoutSession(sessionId: string): Promise<'expired' | 'paid'> {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
      return 'expired';
    } catch (err) {
      const state = await this.retrieveCheckoutSession(sessionId);
      if (state.status === 'paid') return 'paid';
      if (state.status === 'expired') return 'expired';
      throw providerError('Could not close the Stripe checkout', err);
    }
  }

  /** Stripe keeps its own records of a customer (erased in Stripe's dashboard, not from here). */
  async forgetCustomer(): Promise<void> {}

  /**
   * A one-time offer accepted with one click: a new PaymentIntent for the first payment's Customer and card,
   * confirmed off session (docs/decisions/099). Stripe answers a refused card with a card error (402), and one
   * that would need the shopper to authenticate with `authentication_required`: both are declines to show.
   */
  async chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge> {
    let original: Stripe.PaymentIntent;
    try {
      original = await this.stripe.paymentIntents.retrieve(input.originalPaymentId);
    } catch (err) {
      throw providerError('Could not read the first payment', err);
    }
    const customer = idOf(original.customer);
    const paymentMethod = idOf(original.payment_method);
    if (!customer || !paymentMethod) {
      throw new PaymentProviderError(`The first payment ${original.id} left no saved card to charge (no Customer or payment method).`);
    }
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: { order_id: input.orderId, order_number: input.orderNumber, kind: 'funnel_offer' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(err.message || 'Your card was declined.');
      throw providerError('Could not charge the saved card', err);
    }
    if (intent.status !== 'succeeded') {
      throw new PaymentDeclinedError(intent.last_payment_error?.message ?? 'Your bank asked to confirm this payment, so it was not charged.');
    }
    return { id: intent.id, amount: intent.amount };
  }

  async cardLast4(paymentId: string): Promise<string | null> {
    const known = this.last4.get(paymentId);
    if (known) return known.value;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] });
      const pm = intent.payment_method;
      const value = pm && typeof pm === 'object' ? (pm.card?.last4 ?? null) : null;
      this.last4.set(paymentId, { value });
      return value;
    } catch {
      return null;
    }
  }
}

function idOf(v: string | { id: string } | null | undefined): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : v.id;
}

/** A Stripe failure as a message an admin can act on (lib/stripe-failure.ts); a reused idempotency key said as such. */
function providerError(what: string, err: unknown): PaymentProviderError {
  const f = stripeFailure(what, err, (e, detail, ref) =>
    e instanceof Stripe.errors.StripeIdempotencyError ? `${what}: Stripe refused a reused idempotency key (${detail})${ref}.` : null,
  );
  return new PaymentProviderError(f.message, f.retryable);
}
