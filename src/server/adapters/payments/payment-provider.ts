/**
 * Card payments (ARCHITECTURE.md "External services"): one interface, two implementations.
 *  - stripe.ts: Stripe Checkout Sessions through the official `stripe` package, when STRIPE_SECRET_KEY and
 *    STRIPE_WEBHOOK_SECRET are set.
 *  - test-processor.ts: the built-in test card processor (the default), which behaves like Stripe's test mode
 *    and delivers Stripe-shaped events, signed with Stripe's scheme, to the same webhook route.
 * Both verify and read webhooks with the same code (stripe-events.ts), so the default exercises the
 * production path. docs/decisions/074.
 */

export interface CheckoutLine {
  name: string;
  /** minor units */
  unitAmount: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  orderId: string;
  orderNumber: string;
  /** minor units; the order's total (lines + shipping + tax − discount) */
  amount: number;
  /** ISO 4217, upper case */
  currency: string;
  email: string;
  description: string;
  /** Where the provider sends the shopper after paying / when they give up. */
  successUrl: string;
  cancelUrl: string;
  /** Same key → same session (a retried request never opens a second one). */
  idempotencyKey: string;
}

export interface CheckoutSession {
  /** The provider's session id (Stripe: cs_…). */
  id: string;
  /** Where the shopper pays. */
  url: string;
}

export interface RefundInput {
  /** The provider's payment id (Stripe: pi_…). */
  paymentId: string;
  /** minor units */
  amount: number;
  idempotencyKey: string;
  reason?: string;
}

export interface RefundResult {
  /** The provider's refund id (Stripe: re_…). */
  id: string;
  amount: number;
}

/** A verified webhook event, reduced to what the shop acts on. */
export type PaymentEvent =
  | { id: string; type: string; kind: 'payment_succeeded'; orderId: string | null; sessionId: string | null; paymentId: string | null; paymentMethodRef: string | null; amount: number | null; currency: string | null }
  | { id: string; type: string; kind: 'payment_failed'; orderId: string | null; sessionId: string | null; paymentId: string | null; message: string }
  | { id: string; type: string; kind: 'session_expired'; orderId: string | null; sessionId: string | null }
  | { id: string; type: string; kind: 'ignored'; orderId: string | null };

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused or could not be reached; `message` is safe to show an admin. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** True for the built-in test processor: every payment screen says "test mode". */
  readonly testMode: boolean;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
