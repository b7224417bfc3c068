import Stripe from 'stripe';
import {
  PaymentProviderError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentEvent,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
} from './payment-provider';
import { verifyStripeEvent } from './stripe-events';

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

  constructor(opts: StripeProviderOptions) {
    this.testMode = /^(sk|rk)_test_/.test(opts.secretKey);
    this.webhookSecret = opts.webhookSecret;
    this.stripe = new Stripe(opts.secretKey, {
      ...(opts.apiUrl ? endpointOf(opts.apiUrl) : {}),
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
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
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
}

function endpointOf(apiUrl: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 };
}

/**
 * A Stripe failure as a message an admin can act on. Retryable: Stripe could not be reached, had a problem
 * on its side (5xx), was busy with the same key (409) or limited our rate (429); the `stripe` client has
 * already retried twice with the same idempotency key by then.
 */
function providerError(what: string, err: unknown): PaymentProviderError {
  if (!(err instanceof Stripe.errors.StripeError)) {
    return new PaymentProviderError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const status = err.statusCode;
  const ref = err.requestId ? ` (Stripe request ${err.requestId})` : '';
  const detail = `${err.message.replace(/\.$/, '')}${err.param ? ` [parameter ${err.param}]` : ''}`;
  if (err instanceof Stripe.errors.StripeConnectionError || status === undefined) {
    return new PaymentProviderError(`${what}: Stripe could not be reached (${err.message}). Try again in a moment.`, true);
  }
  if (status === 429 || err instanceof Stripe.errors.StripeRateLimitError) {
    return new PaymentProviderError(`${what}: Stripe is limiting our requests (HTTP 429). Try again in a moment${ref}.`, true);
  }
  if (status >= 500) {
    return new PaymentProviderError(`${what}: Stripe had a problem on its side (HTTP ${status}: ${detail}). Try again in a moment${ref}.`, true);
  }
  if (status === 409) {
    return new PaymentProviderError(`${what}: Stripe was still busy with the same request (HTTP 409: ${detail}). Try again in a moment${ref}.`, true);
  }
  if (status === 401 || err instanceof Stripe.errors.StripeAuthenticationError) {
    return new PaymentProviderError(`${what}: Stripe refused the API key in STRIPE_SECRET_KEY (${detail})${ref}.`);
  }
  if (status === 403 || err instanceof Stripe.errors.StripePermissionError) {
    return new PaymentProviderError(`${what}: the Stripe key in STRIPE_SECRET_KEY may not do this (${detail})${ref}.`);
  }
  if (err instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError(`${what}: Stripe refused a reused idempotency key (${detail})${ref}.`);
  }
  return new PaymentProviderError(`${what}: Stripe refused the request (HTTP ${status}: ${detail})${ref}.`);
}
