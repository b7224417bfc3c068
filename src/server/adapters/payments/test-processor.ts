import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { formatMoney } from '@/contract/format';
import { builtOnce } from '@/server/db/built-once';
import type { Db } from '@/server/db/client';
import { testPaymentEvents, testPaymentSessions } from '@/server/db/schema/payments';
import { defineJob, handle, type JobQueue } from '@/server/modules/jobs';
import {
  type ApplyInShop,
  PaymentDeclinedError,
  PaymentProviderError,
  type CheckoutSession,
  type CreateCheckoutInput,
  type LocalPaymentProvider,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSessionState,
  type ProviderTx,
  type RefundInput,
  type RefundResult,
  type SavedCardCharge,
  type SavedCardChargeInput,
} from './payment-provider';
import { readStripeEvent, verifyStripeEvent } from './stripe-events';
import { testProcessorRoutes } from './test-processor-routes';

/**
 * The built-in test card processor (docs/decisions/074, 108): what Stripe's test mode does, served by our own
 * server, so the shop takes "payments" with no account and no network. It keeps its own records
 * (test_payment_sessions), shows its card form at /pay/test/{session}, and reports every result as a
 * Stripe-shaped event, signed with Stripe's scheme, to the one webhook route — the production path.
 *
 * Like Stripe, it records a payment and its event durably before it answers the shopper (one transaction), then
 * delivers the event to the shop: at once, and — if the shop did not acknowledge it (a crash, a full disk) — by a
 * job that retries until it does. A card it took is never lost to the shop.
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

/**
 * Delivers one stored event to the shop's webhook until it is acknowledged: about three days of backed-off
 * retries (Stripe's own promise), ten fetched at a time.
 */
export const testPaymentEventJob = defineJob('test-payments.deliver', z.object({ eventId: z.string().min(1).max(100) }), {
  retryLimit: 80,
  expireInSeconds: 60,
  // A backstop (the delivery right after the payment normally gets there first): one worker, ten at a time.
  batchSize: 10,
});

/** The backstop delivery waits this long: the delivery right after the payment normally gets there first. */
const BACKSTOP_SECONDS = 10;

/** An event as Stripe shapes it. */
function stripeShaped(eventId: string, type: string, object: Record<string, unknown>) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export type PayOutcome =
  | { status: 'succeeded'; success_url: string }
  | { status: 'requires_action' }
  | { status: 'failed'; message: string };

/** A card decision that changed nothing: the page is unknown, closed, or has used its CARD_ATTEMPTS. */
export type PayRefusal = { refused: 'not_found' | 'expired' | 'too_many_attempts' };

/** Cards one payment page may try (card-testing bots try thousands): counted on the page, with each decision. */
export const CARD_ATTEMPTS = 20;

export type TestSession = typeof testPaymentSessions.$inferSelect;
type StoredEvent = Pick<typeof testPaymentEvents.$inferSelect, 'id' | 'type' | 'payload' | 'deliveredAt'>;

/** A card decision as the session records it; failureMessage absent: the page's last message stays. */
type CardDecision = Pick<TestSession, 'status' | 'paymentStatus' | 'last4'> & { paymentMethodId?: string; failureMessage?: string | null };

/** What a card decision reads back of its session: what the shop's event says. */
type SettledSession = Pick<TestSession, 'id' | 'reference' | 'email' | 'amount' | 'currency' | 'paymentIntentId' | 'successUrl' | 'cancelUrl'>;

/**
 * The two statements every test payment runs — its page opened, its card decided — built once (decisions 144 and
 * 147: drizzle spent 58 and 101 µs writing them again on every order).
 */
const openSessionStatement = builtOnce<
  'id' | 'paymentIntentId' | 'reference' | 'orderNumber' | 'amount' | 'currency' | 'email' | 'description' | 'successUrl' | 'cancelUrl' | 'idempotencyKey',
  { id: string }
>(
  ['id', 'paymentIntentId', 'reference', 'orderNumber', 'amount', 'currency', 'email', 'description', 'successUrl', 'cancelUrl', 'idempotencyKey'],
  (p) => sql`insert into ${testPaymentSessions} (id, payment_intent_id, reference, order_number, amount, currency, email, description, success_url, cancel_url, idempotency_key)
    values (${p.id}, ${p.paymentIntentId}, ${p.reference}, ${p.orderNumber}, ${p.amount}, ${p.currency}, ${p.email}, ${p.description}, ${p.successUrl}, ${p.cancelUrl}, ${p.idempotencyKey})
    on conflict (idempotency_key) do nothing
    returning id`,
);

/** One card decision, counted against the page's attempts: changes the session only while it is open with attempts left. */
const settleStatement = builtOnce<
  'sessionId' | 'status' | 'paymentStatus' | 'last4' | 'paymentMethodId' | 'setFailure' | 'failureMessage' | 'attempts',
  SettledSession
>(
  ['sessionId', 'status', 'paymentStatus', 'last4', 'paymentMethodId', 'setFailure', 'failureMessage', 'attempts'],
  (p) => sql`update ${testPaymentSessions}
    set status = ${p.status}, payment_status = ${p.paymentStatus}, last4 = ${p.last4},
        payment_method_id = coalesce(${p.paymentMethodId}::text, payment_method_id),
        failure_message = case when ${p.setFailure}::boolean then ${p.failureMessage}::text else failure_message end,
        card_attempts = card_attempts + 1, updated_at = now()
    where id = ${p.sessionId} and status in ('open', 'requires_action') and card_attempts < ${p.attempts}::int
    returning id, reference, email, amount, currency, payment_intent_id as "paymentIntentId", success_url as "successUrl", cancel_url as "cancelUrl"`,
);

/** What every session the processor opens starts from: its ids, the order it is for and what it charges. */
function newSession(input: Pick<CreateCheckoutInput, 'orderId' | 'orderNumber' | 'amount' | 'currency' | 'description'>) {
  return {
    id: id('cs_test'),
    paymentIntentId: id('pi_test'),
    reference: input.orderId,
    orderNumber: input.orderNumber,
    amount: input.amount,
    currency: input.currency.toUpperCase(),
    description: input.description,
  };
}

export class TestCardProcessor implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode = true;
  /** Set by its routes once the app exists: how events reach the webhook route. */
  deliverTo: EventDelivery | null = null;
  /** Set by the payments module at start: how a card decision is applied in the shop, in this processor's transaction. */
  applyInShop: ApplyInShop | null = null;
  readonly local: LocalPaymentProvider;

  constructor(
    private readonly db: Db,
    /** The signing secret of its webhook events (derived from AUTH_SECRET). */
    readonly webhookSecret: string,
    private readonly publicUrl: string,
    private readonly jobs: JobQueue,
  ) {
    this.local = {
      routes: testProcessorRoutes(this),
      jobs: () => [handle(testPaymentEventJob, ({ eventId }) => this.deliverEvent(eventId))],
      connectShop: (apply) => {
        this.applyInShop = apply;
      },
    };
  }

  static secretFrom(authSecret: string): string {
    return `whsec_${createHmac('sha256', authSecret).update('test-card-processor-webhook').digest('base64url')}`;
  }

  async createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession> {
    if (!Number.isInteger(input.amount) || input.amount < 50) {
      // Stripe's minimum charge is 50 cents; keep the same rule so the default behaves like production.
      throw new PaymentProviderError('Amount must be at least 50 cents.');
    }
    const {
      rows: [made],
    } = await openSessionStatement(this.db, {
      ...newSession(input),
      email: input.email,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      idempotencyKey: input.idempotencyKey,
    });
    // The same key again (a retried checkout): the session made the first time.
    const [session] = made ? [made] : await this.db.select({ id: testPaymentSessions.id }).from(testPaymentSessions).where(eq(testPaymentSessions.idempotencyKey, input.idempotencyKey));
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
        throw new PaymentProviderError(`Refund amount exceeds what is left of the payment (${formatMoney(s.amount - s.refundedAmount, s.currency)}).`);
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

  async retrieveCheckoutSession(sessionId: string): Promise<ProviderSessionState> {
    const session = await this.getSession(sessionId);
    if (!session) throw new PaymentProviderError(`The test processor has no session ${sessionId}.`);
    if (session.paymentStatus === 'succeeded') {
      return { status: 'paid', paymentId: session.paymentIntentId, paymentMethodRef: session.paymentMethodId, amount: session.amount, currency: session.currency };
    }
    return session.status === 'expired' ? { status: 'expired' } : { status: 'open' };
  }

  async expireCheckoutSession(sessionId: string): Promise<'expired' | 'paid'> {
    const closed = await this.db
      .update(testPaymentSessions)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(and(eq(testPaymentSessions.id, sessionId), inArray(testPaymentSessions.status, ['open', 'requires_action'])))
      .returning({ id: testPaymentSessions.id });
    if (closed.length) return 'expired';
    const session = await this.getSession(sessionId);
    return session?.paymentStatus === 'succeeded' ? 'paid' : 'expired';
  }

  async forgetCustomer(tx: ProviderTx, orderIds: string[]): Promise<void> {
    if (!orderIds.length) return;
    await tx
      .update(testPaymentSessions)
      .set({
        email: 'erased@erased.invalid',
        status: sql`case when ${testPaymentSessions.status} in ('open', 'requires_action') then 'expired' else ${testPaymentSessions.status} end`,
        updatedAt: sql`now()`,
      })
      .where(inArray(testPaymentSessions.reference, orderIds));
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
        ...newSession(input),
        email: original.email,
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

  /**
   * A card entered on the form: decides like Stripe's test mode and reports the result to the shop. The decision,
   * the page's attempt count and (connected) the shop's change are one statement's and one transaction's work: a
   * page that is not open, or has used its CARD_ATTEMPTS, changes nothing and says why (`refused`).
   */
  async pay(sessionId: string, cardNumber: string): Promise<PayOutcome | PayRefusal> {
    const last4 = cardNumber.slice(-4);
    if (cardNumber === TEST_CARDS.success || cardNumber === TEST_CARDS.declinesLater) return this.succeed(sessionId, last4);
    if (cardNumber === TEST_CARDS.authenticate) {
      const settled = await this.#settle(sessionId, { status: 'requires_action', paymentStatus: 'requires_action', last4 }, () => null);
      return settled ? { status: 'requires_action' } : this.refusal(sessionId);
    }
    const message = cardNumber === TEST_CARDS.declined ? DECLINE_MESSAGE : NOT_A_TEST_CARD_MESSAGE;
    return this.fail(sessionId, last4, message, 'card_declined');
  }

  /** The authentication step of 4000 0025 0000 3155: passed or failed by the shopper. */
  async authenticate(session: TestSession, passed: boolean): Promise<PayOutcome | PayRefusal> {
    const last4 = session.last4 ?? '3155';
    return passed ? this.succeed(session.id, last4) : this.fail(session.id, last4, AUTH_FAILED_MESSAGE, 'payment_intent_authentication_failure');
  }

  /**
   * The card is charged: the session completes and the shop hears it (connected: in the same transaction; else by
   * its event, written with the job that delivers it). A session completed or expired meanwhile is left as it is
   * (a double submit charges once).
   */
  private async succeed(sessionId: string, last4: string): Promise<PayOutcome | PayRefusal> {
    const paymentMethod = id('pm_test');
    const charged = await this.#settle(sessionId, { status: 'complete', paymentStatus: 'succeeded', last4, paymentMethodId: paymentMethod, failureMessage: null }, (session) => [
      'checkout.session.completed',
      {
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
      },
    ]);
    return charged ? { status: 'succeeded', success_url: charged.successUrl } : this.refusal(sessionId);
  }

  private async fail(sessionId: string, last4: string, message: string, code: string): Promise<PayOutcome | PayRefusal> {
    // Like Stripe Checkout, the session stays open: the shopper may try another card.
    const settled = await this.#settle(sessionId, { status: 'open', paymentStatus: 'requires_payment_method', last4, failureMessage: message }, (session) => [
      'payment_intent.payment_failed',
      {
        id: session.paymentIntentId,
        object: 'payment_intent',
        amount: session.amount,
        currency: session.currency.toLowerCase(),
        status: 'requires_payment_method',
        metadata: { order_id: session.reference },
        last_payment_error: { type: 'card_error', code, message, payment_method: { card: { last4 } } },
      },
    ]);
    return settled ? { status: 'failed', message } : this.refusal(sessionId);
  }

  /** Why a card decision changed nothing: the page is unknown, paid already, closed, or out of attempts. */
  private async refusal(sessionId: string): Promise<PayOutcome | PayRefusal> {
    const session = await this.getSession(sessionId);
    if (!session) return { refused: 'not_found' };
    if (session.status === 'complete') return { status: 'succeeded', success_url: session.successUrl };
    if (session.status === 'expired') return { refused: 'expired' };
    return { refused: 'too_many_attempts' };
  }

  /**
   * One card decision, durably, counted against the page's CARD_ATTEMPTS: the session changes only if it is still
   * open and has attempts left. Connected to the shop (as it always is in the app), the shop applies the decision —
   * the order paid, the decline recorded — in the SAME transaction, through the same workflows a webhook event
   * reaches (docs/decisions/117, issue 25): the card is never taken without the order being paid, and no event has
   * to travel. Not connected (a processor on its own), it works as Stripe does: the event is written with the job
   * that delivers it, then delivered at once. Null when nothing changed (see `refusal`).
   */
  async #settle(sessionId: string, decision: CardDecision, eventOf: (session: SettledSession) => [string, Record<string, unknown>] | null): Promise<SettledSession | null> {
    const apply = this.applyInShop;
    const settled = await this.db.transaction(async (tx) => {
      const {
        rows: [session],
      } = await settleStatement(tx, {
        sessionId,
        status: decision.status,
        paymentStatus: decision.paymentStatus,
        last4: decision.last4,
        paymentMethodId: decision.paymentMethodId ?? null,
        setFailure: 'failureMessage' in decision,
        failureMessage: decision.failureMessage ?? null,
        attempts: CARD_ATTEMPTS,
      });
      if (!session) return null;
      const happened = eventOf(session);
      if (!happened) return { session, event: null };
      const [type, object] = happened;
      if (apply) {
        await apply(tx as unknown as Db, readStripeEvent(stripeShaped(id('evt_test'), type, object) as unknown as Stripe.Event));
        return { session, event: null };
      }
      return { session, event: await this.record(tx as unknown as Db, session.id, type, object) };
    });
    if (settled?.event) await this.deliverSoon(settled.event);
    return settled?.session ?? null;
  }

  /** Writes a Stripe-shaped event and the job that delivers it, in the transaction that made it happen. */
  private async record(tx: Db, sessionId: string, type: string, object: Record<string, unknown>): Promise<StoredEvent> {
    const event = stripeShaped(id('evt_test'), type, object);
    await tx.insert(testPaymentEvents).values({ id: event.id, type, sessionId, payload: event });
    await this.jobs.send(testPaymentEventJob, { eventId: event.id }, { tx, startAfterSeconds: BACKSTOP_SECONDS, singletonKey: event.id });
    return { id: event.id, type, payload: event, deliveredAt: null };
  }

  /** Delivers at once (the event just written, not read back); a failure is left to the job (the shopper's payment stands either way). */
  private async deliverSoon(event: StoredEvent): Promise<void> {
    try {
      await this.#deliver(event);
    } catch {
      // The event is stored; its job delivers it within seconds, retrying until the shop takes it.
    }
  }

  /** Sends one stored event to the shop's webhook; throws until the shop acknowledges it (the job retries). */
  async deliverEvent(eventId: string): Promise<void> {
    const [event] = await this.db.select().from(testPaymentEvents).where(eq(testPaymentEvents.id, eventId));
    if (event) await this.#deliver(event);
  }

  async #deliver(event: StoredEvent): Promise<void> {
    const eventId = event.id;
    if (event.deliveredAt) return;
    if (!this.deliverTo) throw new Error('the test processor is not connected to the shop yet');
    const raw = JSON.stringify(event.payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: raw, secret: this.webhookSecret });
    const ok = await this.deliverTo(raw, signature);
    await this.db
      .update(testPaymentEvents)
      .set({ attempts: sql`${testPaymentEvents.attempts} + 1`, ...(ok ? { deliveredAt: sql`now()` } : {}) })
      .where(eq(testPaymentEvents.id, eventId));
    if (!ok) throw new Error(`the shop did not accept ${event.type} ${event.id}`);
  }
}
