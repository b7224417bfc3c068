import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '@/server/db/client';
import type { JobRegistration } from '@/server/modules/jobs';

/**
 * Card payments (ARCHITECTURE.md "External services"): one interface, two implementations.
 *  - stripe.ts: Stripe Checkout Sessions through the official `stripe` package, when STRIPE_SECRET_KEY and
 *    STRIPE_WEBHOOK_SECRET are set.
 *  - test-processor.ts: the built-in test card processor (the default), which behaves like Stripe's test mode
 *    and delivers Stripe-shaped events, signed with Stripe's scheme, to the same webhook route.
 * Both verify and read webhooks with the same code (stripe-events.ts), so the default exercises the
 * production path. docs/decisions/074.
 */

/** The shop's payment webhook: Stripe calls it, and the built-in test processor delivers to it the same way. */
export const PAYMENT_WEBHOOK_PATH = '/api/webhooks/payments';

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
  /** When the payment page closes unpaid (Stripe: 30 minutes to 24 hours from now); the provider's default when absent. */
  expiresAt?: Date;
  /**
   * Keep the card for one-click additions to this order (the funnel's one-time offers, docs/decisions/099): Stripe
   * saves it on a Customer, and Checkout tells the shopper so.
   */
  saveCard?: boolean;
}

export interface SavedCardChargeInput {
  orderId: string;
  orderNumber: string;
  /** The order's first payment (Stripe: pi_…): its card is charged again, without the shopper re-entering it. */
  originalPaymentId: string;
  /** minor units */
  amount: number;
  currency: string;
  description: string;
  /** Same key → the same charge, never a second one. */
  idempotencyKey: string;
}

export interface SavedCardCharge {
  /** The provider's payment id of the new charge (Stripe: pi_…). */
  id: string;
  amount: number;
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

/** The card refused a charge of a saved card; `message` is safe to show the shopper. Nothing was charged. */
export class PaymentDeclinedError extends PaymentProviderError {
  constructor(message: string) {
    super(message, false);
    this.name = 'PaymentDeclinedError';
  }
}

/** What the provider knows of a checkout session (the reconciliation asks). */
export type ProviderSessionState =
  | { status: 'paid'; paymentId: string | null; paymentMethodRef: string | null; amount: number | null; currency: string | null }
  | { status: 'open' }
  | { status: 'expired' }
  | { status: 'unknown' };

/** A transaction of the shop's database, for a provider that keeps its own records there (the test processor). */
export type ProviderTx = Pick<Db, 'update'>;

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** True for the built-in test processor: every payment screen says "test mode". */
  readonly testMode: boolean;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Charges the card of an earlier payment again, off session (a one-time offer accepted with one click). Throws
   * PaymentDeclinedError when the card refuses, PaymentProviderError otherwise.
   */
  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge>;
  /** The last four digits of a payment's card, for "charged to your card ending 4242"; null when unknown. */
  cardLast4(paymentId: string): Promise<string | null>;
  /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  /**
   * Asks the provider how a checkout session stands (Stripe: retrieve the Checkout Session with its PaymentIntent):
   * the reconciliation applies a payment whose event never arrived. Throws PaymentProviderError when it cannot tell.
   */
  retrieveCheckoutSession(sessionId: string): Promise<ProviderSessionState>;
  /**
   * Closes an open payment page so it can no longer be paid (an order abandoned or cancelled). Answers what the
   * session is now: 'expired', or 'paid' when the shopper paid first (the caller then applies the payment).
   */
  expireCheckoutSession(sessionId: string): Promise<'expired' | 'paid'>;
  /**
   * An erased customer's orders (a privacy request): a provider that keeps its records in the shop's database
   * forgets the address there, in the erasure's transaction. Stripe keeps its own and is not changed.
   */
  forgetCustomer(tx: ProviderTx, orderIds: string[]): Promise<void>;
  /**
   * Routes the provider serves on the shop's own server (the test processor's card page), jobs it runs (delivering
   * its events), and how it learns the shop's webhook; absent for a provider hosted elsewhere.
   */
  readonly local?: LocalPaymentProvider;
}

/** What a provider that runs inside the shop adds (the built-in test card processor). */
/**
 * How the shop applies a built-in provider's decision: in the provider's own transaction, through the same
 * workflows a webhook event reaches (docs/decisions/117). The card is taken and the order paid together, or neither.
 */
export type ApplyInShop = (tx: Db, event: PaymentEvent) => Promise<void>;

export interface LocalPaymentProvider {
  /** Its HTTP routes (the card page's API), registered by the app. */
  routes: FastifyPluginAsync;
  /** Its jobs (event delivery), registered with the others at start. */
  jobs(): JobRegistration[];
  /** Connects it to the shop (the payments module, at start): its decisions are then applied in its transaction. */
  connectShop(apply: ApplyInShop): void;
}
