import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '@/server/db/client';
import { testPaymentSessions } from '@/server/db/schema/index';
import {
  PaymentDeclinedError,
  PaymentProviderError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type PaymentEvent,
  type PaymentProvider,
  type RefundInput,
  type RefundResult,
  type SavedCardCharge,
  type SavedCardChargeInput,
} from './payment-provider';
import { verifyStripeEvent } from './stripe-events';

/**
 * The built-in test card processor (docs/decisions/074): what Stripe's test mode does, served by our own
 * server, so the shop takes "payments" with no account and no network. It keeps its own records
 * (test_payment_sessions), shows its card form at /pay/test/{session}, and reports every result as a
 * Stripe-shaped event, signed with Stripe's scheme, to the one webhook route — the production path.
 *
 * Cards (Stripe's own test numbers): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined;
 * 4000 0025 0000 3155 asks for authentication, which the shopper can complete or fail; 4000 0000 0000 0341 pays,
 * but declines later charges of the saved card (a one-time offer), like Stripe's card of that number.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
  declinesLater: '4000000000000341',
} as const;

export const DECLINE_MESSAGE = 'Your card was declined.';
export const AUTH_FAILED_MESSAGE = 'We were unable to authenticate your payment method. Please choose a different payment method and try again.';
export const NOT_A_TEST_CARD_MESSAGE =
  'Your card was declined. This shop is in test mode and takes test cards only: try 4242 4242 4242 4242.';

function id(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
}

/** Delivers a signed event to the webhook route; true when the shop accepted it (2xx). */
export type EventDelivery = (rawBody: string, signature: string) => Promise<boolean>;

export type PayOutcome =
  | { status: 'succeeded'; success_url: string }
  | { status: 'requires_action' }
  | { status: 'failed'; message: string };

export type TestSession = typeof testPaymentSessions.$inferSelect;

export class TestCardProcessor implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode = true;
  /** Set by the payments routes once the app exists: how events reach the webhook route. */
  deliver: EventDelivery = async () => false;

  constructor(
    private readonly db: Db,
    /** The signing secret of its webhook events (derived from AUTH_SECRET). */
    readonly webhookSecret: string,
    private readonly publicUrl: string,
  ) {}

  static secretFrom(authSecret: string): string {
    return `whsec_${createHmac('sha256', authSecret).update('test-card-processor-webhook').digest('base64url')}`;
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    if (!Number.isInteger(input.amount) || input.amount < 50) {
      // Stripe's minimum charge is 50 cents; keep the same rule so the default behaves like production.
      throw new PaymentProviderError('Amount must be at least 50 cents.');
    }
    await this.db
      .insert(testPaymentSessions)
      .values({
        id: id('cs_test'),
        paymentIntentId: id('pi_test'),
        reference: input.orderId,
        amount: input.amount,
        currency: input.currency.toUpperCase(),
        email: input.email,
        description: input.description,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: testPaymentSessions.idempotencyKey });
    const [session] = await this.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.idempotencyKey, input.idempotencyKey));
    if (!session) throw new PaymentProviderError('The test processor could not open a session.', true);
    return { id: session.id, url: `${this.publicUrl}/pay/test/${session.id}` };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refundId = `re_test_${createHash('sha256').update(input.idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
    return this.db.transaction(async (tx) => {
      const [s] = await tx.select().from(testPaymentSessions).where(eq(testPaymentSessions.paymentIntentId, input.paymentId)).for('update');
      if (!s || s.paymentStatus !== 'succeeded') throw new PaymentProviderError(`No successful payment ${input.paymentId} to refund.`);
      if (s.refundIds.includes(refundId)) return { id: refundId, amount: input.amount };
      if (input.amount <= 0 || s.refundedAmount + input.amount > s.amount) {
        throw new PaymentProviderError(`Refund amount exceeds what is left of the payment (${s.amount - s.refundedAmount}).`);
      }
      await tx
        .update(testPaymentSessions)
        .set({ refundedAmount: s.refundedAmount + input.amount, refundIds: [...s.refundIds, refundId], updatedAt: sql`now()` })
        .where(eq(testPaymentSessions.id, s.id));
      return { id: refundId, amount: input.amount };
    });
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    return verifyStripeEvent(rawBody, signatureHeader, this.webhookSecret);
  }

  /**
   * Charges the card of a paid session again, off session, as its own record (a PaymentIntent of its own, refunded
   * on its own). The idempotency key makes a retried charge answer with the first one — or its decline.
   */
  async chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge> {
    const [done] = await this.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.idempotencyKey, input.idempotencyKey));
    if (done) return this.chargeOutcome(done);
    const [original] = await this.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.paymentIntentId, input.originalPaymentId));
    if (!original || original.paymentStatus !== 'succeeded' || !original.paymentMethodId) {
      throw new PaymentProviderError(`No saved card on payment ${input.originalPaymentId} to charge.`);
    }
    if (!Number.isInteger(input.amount) || input.amount < 50) throw new PaymentProviderError('Amount must be at least 50 cents.');
    const declined = original.last4 === TEST_CARDS.declinesLater.slice(-4);
    await this.db
      .insert(testPaymentSessions)
      .values({
        id: id('cs_test'),
        paymentIntentId: id('pi_test'),
        reference: input.orderId,
        amount: input.amount,
        currency: input.currency.toUpperCase(),
        email: original.email,
        description: input.description,
        successUrl: original.successUrl,
        cancelUrl: original.cancelUrl,
        status: declined ? 'open' : 'complete',
        paymentStatus: declined ? 'failed' : 'succeeded',
        last4: original.last4,
        paymentMethodId: original.paymentMethodId,
        chargedFrom: original.id,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: testPaymentSessions.idempotencyKey });
    const [row] = await this.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.idempotencyKey, input.idempotencyKey));
    if (!row) throw new PaymentProviderError('The test processor could not record the charge.', true);
    return this.chargeOutcome(row);
  }

  private chargeOutcome(row: TestSession): SavedCardCharge {
    if (row.paymentStatus !== 'succeeded') throw new PaymentDeclinedError(DECLINE_MESSAGE);
    return { id: row.paymentIntentId, amount: row.amount };
  }

  async cardLast4(paymentId: string): Promise<string | null> {
    const [row] = await this.db.select({ last4: testPaymentSessions.last4 }).from(testPaymentSessions).where(eq(testPaymentSessions.paymentIntentId, paymentId));
    return row?.last4 ?? null;
  }

  // ---- the processor's own side: its card form ----

  async getSession(sessionId: string): Promise<TestSession | null> {
    const [s] = await this.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId));
    return s ?? null;
  }

  /** Marks an open session expired (the shop cancelled the order): it can no longer be paid. */
  async expire(reference: string): Promise<void> {
    await this.db
      .update(testPaymentSessions)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(sql`${testPaymentSessions.reference} = ${reference} and ${testPaymentSessions.status} in ('open', 'requires_action')`);
  }

  /** A card entered on the form: decides like Stripe's test mode and reports the result to the shop. */
  async pay(session: TestSession, cardNumber: string): Promise<PayOutcome> {
    const last4 = cardNumber.slice(-4);
    if (cardNumber === TEST_CARDS.success || cardNumber === TEST_CARDS.declinesLater) return this.succeed(session, last4);
    if (cardNumber === TEST_CARDS.authenticate) {
      await this.db
        .update(testPaymentSessions)
        .set({ status: 'requires_action', paymentStatus: 'requires_action', last4, updatedAt: sql`now()` })
        .where(eq(testPaymentSessions.id, session.id));
      return { status: 'requires_action' };
    }
    const message = cardNumber === TEST_CARDS.declined ? DECLINE_MESSAGE : NOT_A_TEST_CARD_MESSAGE;
    return this.fail(session, last4, message, 'card_declined');
  }

  /** The authentication step of 4000 0025 0000 3155: passed or failed by the shopper. */
  async authenticate(session: TestSession, passed: boolean): Promise<PayOutcome> {
    const last4 = session.last4 ?? '3155';
    return passed ? this.succeed(session, last4) : this.fail(session, last4, AUTH_FAILED_MESSAGE, 'payment_intent_authentication_failure');
  }

  private async succeed(session: TestSession, last4: string): Promise<PayOutcome> {
    const paymentMethod = id('pm_test');
    await this.db
      .update(testPaymentSessions)
      .set({ status: 'complete', paymentStatus: 'succeeded', last4, paymentMethodId: paymentMethod, updatedAt: sql`now()` })
      .where(eq(testPaymentSessions.id, session.id));
    await this.emit('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: session.reference,
      customer_email: session.email,
      amount_total: session.amount,
      currency: session.currency.toLowerCase(),
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      metadata: { order_id: session.reference },
      payment_intent: {
        id: session.paymentIntentId,
        object: 'payment_intent',
        amount: session.amount,
        currency: session.currency.toLowerCase(),
        status: 'succeeded',
        payment_method: paymentMethod,
        metadata: { order_id: session.reference },
      },
      success_url: session.successUrl,
      cancel_url: session.cancelUrl,
    });
    return { status: 'succeeded', success_url: session.successUrl };
  }

  private async fail(session: TestSession, last4: string, message: string, code: string): Promise<PayOutcome> {
    await this.db
      .update(testPaymentSessions)
      // Like Stripe Checkout, the session stays open: the shopper may try another card.
      .set({ status: 'open', paymentStatus: 'requires_payment_method', last4, updatedAt: sql`now()` })
      .where(eq(testPaymentSessions.id, session.id));
    await this.emit('payment_intent.payment_failed', {
      id: session.paymentIntentId,
      object: 'payment_intent',
      amount: session.amount,
      currency: session.currency.toLowerCase(),
      status: 'requires_payment_method',
      metadata: { order_id: session.reference },
      last_payment_error: { type: 'card_error', code, message, payment_method: { card: { last4 } } },
    });
    return { status: 'failed', message };
  }

  private async emit(type: string, object: Record<string, unknown>): Promise<void> {
    const event = {
      id: id('evt_test'),
      object: 'event',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const raw = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: this.webhookSecret });
    const ok = await this.deliver(raw, signature);
    if (!ok) throw new PaymentProviderError('The shop did not accept the payment result. Please try again.', true);
  }
}
