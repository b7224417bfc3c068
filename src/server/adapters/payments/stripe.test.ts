import { randomUUID } from 'node:crypto';
import net from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeServer } from '@/server/test/loopback/stripe-server';
import { PaymentDeclinedError, PaymentProviderError, WebhookSignatureError, type CreateCheckoutInput } from './payment-provider';
import { StripePaymentProvider } from './stripe';

const SECRET_KEY = 'sk_test_51LoopbackCertifiable0000';
const WEBHOOK_SECRET = 'whsec_loopbackCertifiable';

/** An hour from now, in whole seconds (what Stripe's expires_at carries). */
const inAnHour = () => new Date((Math.floor(Date.now() / 1000) + 3600) * 1000);

function checkoutInput(over: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  const orderId = randomUUID();
  return {
    orderId,
    orderNumber: 'CF-10042',
    amount: 4590,
    currency: 'USD',
    email: 'ada@example.com',
    description: 'Framed certificate (A4, oak) × 1',
    successUrl: `https://certifiable.test/order/success?order=${orderId}`,
    cancelUrl: 'https://certifiable.test/cart',
    idempotencyKey: `checkout-${orderId}`,
    expiresAt: inAnHour(),
    ...over,
  };
}

/** The rejection of `p`, which must be a PaymentProviderError. */
async function providerErrorOf(p: Promise<unknown>): Promise<PaymentProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentProviderError);
  return err as PaymentProviderError;
}

function requestsWithKey(server: StripeServer, key: string) {
  return server.requests.filter((r) => r.idempotencyKey === key);
}

describe('StripePaymentProvider against a loopback server that speaks Stripe', () => {
  let server: StripeServer;
  let stripe: StripePaymentProvider;

  beforeAll(async () => {
    server = await startStripeServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    stripe = new StripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: server.url });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is test mode with a test or restricted test key, live otherwise', () => {
    expect(stripe.name).toBe('stripe');
    expect(stripe.testMode).toBe(true);
    expect(new StripePaymentProvider({ secretKey: 'rk_test_abc', webhookSecret: WEBHOOK_SECRET }).testMode).toBe(true);
    expect(new StripePaymentProvider({ secretKey: 'sk_live_abc', webhookSecret: WEBHOOK_SECRET }).testMode).toBe(false);
  });

  describe('checkout sessions', () => {
    it('opens a session with one line for the order total; every field arrives as sent', async () => {
      const input = checkoutInput();
      const session = await stripe.createCheckoutSession(input);

      expect(session.id).toMatch(/^cs_test_\w+$/);
      expect(session.url).toBe(`${server.url}/c/pay/${session.id}`);

      const [req, ...more] = requestsWithKey(server, input.idempotencyKey);
      expect(more).toHaveLength(0);
      expect(req).toMatchObject({
        method: 'POST',
        path: '/v1/checkout/sessions',
        authorization: `Bearer ${SECRET_KEY}`,
        idempotencyKey: input.idempotencyKey,
        stripeVersion: Stripe.API_VERSION,
      });
      expect(req!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      // Stripe's bracket encoding, as it goes over the wire.
      expect(req!.raw).toContain('line_items[0][price_data][currency]=usd');
      expect(req!.raw).toContain(`metadata[order_id]=${input.orderId}`);
      expect(req!.params).toEqual({
        mode: 'payment',
        client_reference_id: input.orderId,
        customer_email: 'ada@example.com',
        line_items: [
          {
            price_data: {
              currency: 'usd',
              unit_amount: '4590',
              product_data: { name: 'Order CF-10042', description: 'Framed certificate (A4, oak) × 1' },
            },
            quantity: '1',
          },
        ],
        metadata: { order_id: input.orderId, order_number: 'CF-10042' },
        payment_intent_data: { metadata: { order_id: input.orderId, order_number: 'CF-10042' }, setup_future_usage: 'off_session' },
        success_url: input.successUrl,
        cancel_url: 'https://certifiable.test/cart',
        expires_at: String(input.expiresAt!.getTime() / 1000),
      });

      expect(server.sessions.get(session.id)).toMatchObject({
        object: 'checkout.session',
        payment_status: 'unpaid',
        status: 'open',
        amount_total: 4590,
        currency: 'usd',
        client_reference_id: input.orderId,
        customer_email: 'ada@example.com',
        metadata: { order_id: input.orderId, order_number: 'CF-10042' },
        payment_intent: null,
        expires_at: input.expiresAt!.getTime() / 1000,
      });
    });

    it('closes the page at expires_at, in whole seconds; without one, Stripe’s own 24 hours apply', async () => {
      const at = new Date(Date.now() + 45 * 60_000 + 789);
      const input = checkoutInput({ expiresAt: at });
      const session = await stripe.createCheckoutSession(input);
      const [req] = requestsWithKey(server, input.idempotencyKey);
      expect(req!.params.expires_at).toBe(String(Math.floor(at.getTime() / 1000)));
      expect(server.sessions.get(session.id)!.expires_at).toBe(Math.floor(at.getTime() / 1000));

      const plain = checkoutInput({ expiresAt: undefined });
      const open = await stripe.createCheckoutSession(plain);
      const [plainReq] = requestsWithKey(server, plain.idempotencyKey);
      expect(plainReq!.params.expires_at).toBeUndefined();
      expect(plainReq!.raw).not.toContain('expires_at');
      const s = server.sessions.get(open.id)!;
      expect(s.expires_at - s.created).toBe(24 * 3600);
    });

    it('an expires_at Stripe does not allow (under 30 minutes away) is refused naming the parameter', async () => {
      const err = await providerErrorOf(stripe.createCheckoutSession(checkoutInput({ expiresAt: new Date(Date.now() + 10 * 60_000) })));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('at least 30 minutes and at most 24 hours');
      expect(err.message).toContain('[parameter expires_at]');
    });

    it('leaves out an empty description (Stripe refuses empty strings)', async () => {
      const input = checkoutInput({ description: '  ' });
      await stripe.createCheckoutSession(input);
      const [req] = requestsWithKey(server, input.idempotencyKey);
      expect(req!.params).toMatchObject({ line_items: [{ price_data: { product_data: { name: 'Order CF-10042' } } }] });
      expect(req!.raw).not.toContain('description');
    });

    it('the same idempotency key twice gives the same session; with another body, Stripe refuses it', async () => {
      const input = checkoutInput();
      const first = await stripe.createCheckoutSession(input);
      const again = await stripe.createCheckoutSession(input);
      expect(again).toEqual(first);
      expect(requestsWithKey(server, input.idempotencyKey)).toHaveLength(2);
      expect([...server.sessions.values()].filter((s) => s.client_reference_id === input.orderId)).toHaveLength(1);

      const err = await providerErrorOf(stripe.createCheckoutSession({ ...input, amount: 9999 }));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('Could not open the Stripe checkout');
      expect(err.message).toContain('idempotency key');
      expect(err.message).toContain(`Try using a key other than '${input.idempotencyKey}'`);
    });

    it('rides out two 5xx answers with the client\'s retries, on the same idempotency key', async () => {
      const input = checkoutInput();
      server.failNext(2, { status: 500 });
      const session = await stripe.createCheckoutSession(input);
      expect(session.id).toMatch(/^cs_test_/);
      expect(requestsWithKey(server, input.idempotencyKey)).toHaveLength(3);
    });

    it('a 5xx that outlasts the retries is a retryable PaymentProviderError', async () => {
      const input = checkoutInput();
      server.failNext(3, { status: 503, error: { message: 'Stripe is temporarily unavailable.' } });
      const err = await providerErrorOf(stripe.createCheckoutSession(input));
      expect(err.retryable).toBe(true);
      expect(err.message).toMatch(/^Could not open the Stripe checkout: Stripe had a problem on its side \(HTTP 503: Stripe is temporarily unavailable\)\. Try again in a moment \(Stripe request req_\w+\)\.$/);
      // One attempt and the client's two retries, all with our key.
      expect(requestsWithKey(server, input.idempotencyKey)).toHaveLength(3);
    });

    it('a 429 is retryable (by us, later: the client does not retry it unless Stripe says so)', async () => {
      const input = checkoutInput();
      server.failNext(1, { status: 429 });
      const err = await providerErrorOf(stripe.createCheckoutSession(input));
      expect(err.retryable).toBe(true);
      expect(err.message).toContain('Stripe is limiting our requests (HTTP 429)');
      expect(requestsWithKey(server, input.idempotencyKey)).toHaveLength(1);
    });

    it('a 400 is not retryable, and names the problem and the parameter', async () => {
      const input = checkoutInput({ currency: 'XYZ' });
      const err = await providerErrorOf(stripe.createCheckoutSession(input));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('Could not open the Stripe checkout: Stripe refused the request (HTTP 400: Invalid currency: xyz');
      expect(err.message).toContain('[parameter line_items[0][price_data][currency]]');
      // A 400 is not retried.
      expect(requestsWithKey(server, input.idempotencyKey)).toHaveLength(1);

      const small = await providerErrorOf(stripe.createCheckoutSession(checkoutInput({ amount: 20 })));
      expect(small.retryable).toBe(false);
      expect(small.message).toContain("The Checkout Session's total amount due must add up to at least $0.50 usd");
    });

    it('a wrong API key says so, without printing the key', async () => {
      const wrongKey = 'sk_test_51WrongKeyWrongKeyWrong9876';
      const wrong = new StripePaymentProvider({ secretKey: wrongKey, webhookSecret: WEBHOOK_SECRET, apiUrl: server.url });
      const err = await providerErrorOf(wrong.createCheckoutSession(checkoutInput()));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('Stripe refused the API key in STRIPE_SECRET_KEY (Invalid API Key provided: sk_test_');
      expect(err.message).not.toContain(wrongKey);
    });

    it('Stripe out of reach is a retryable PaymentProviderError', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as net.AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const away = new StripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: `http://127.0.0.1:${port}` });
      const err = await providerErrorOf(away.createCheckoutSession(checkoutInput()));
      expect(err.retryable).toBe(true);
      expect(err.message).toContain('Could not open the Stripe checkout: Stripe could not be reached');
    });
  });

  describe('the loopback server answers like Stripe', () => {
    it('401 with Stripe\'s error body without a key', async () => {
      const res = await fetch(`${server.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'mode=payment',
      });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).toMatch(/^You did not provide an API key/);
    });

    it('a missing parameter is a 400 invalid_request_error naming it, and stores nothing for its key', async () => {
      const client = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: server.port, protocol: 'http', maxNetworkRetries: 0 });
      const key = `missing-${randomUUID()}`;
      const err = await client.checkout.sessions.create({ line_items: [{ price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'x' } }, quantity: 1 }] }, { idempotencyKey: key }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', param: 'mode', code: 'parameter_missing', message: 'Missing required param: mode.' });

      const noCurrency = await client.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { unit_amount: 500, product_data: { name: 'x' } } as never, quantity: 1 }] }, { idempotencyKey: key }).catch((e: unknown) => e);
      // The first answer was a validation error, so the key was not used up: this is a new validation.
      expect(noCurrency).toMatchObject({ statusCode: 400, param: 'line_items[0][price_data][currency]', code: 'parameter_missing' });

      const noPi = await client.refunds.create({ amount: 100 }).catch((e: unknown) => e);
      expect(noPi).toMatchObject({ statusCode: 400, message: 'One of the following params should be provided for this request: payment_intent or charge.' });
    });
  });

  describe('refunds', () => {
    async function paidSession(amount = 4590) {
      const input = checkoutInput({ amount });
      const session = await stripe.createCheckoutSession(input);
      const completed = server.completeSession(session.id);
      const paid = stripe.verifyWebhook(Buffer.from(completed.payload), completed.header);
      if (paid.kind !== 'payment_succeeded' || !paid.paymentId) throw new Error('expected a paid session');
      return { input, session, paymentId: paid.paymentId };
    }

    it('refunds part of a payment through its PaymentIntent, once per idempotency key', async () => {
      const { paymentId } = await paidSession(4590);
      const key = `refund-${randomUUID()}`;
      const refund = await stripe.refund({ paymentId, amount: 1500, idempotencyKey: key, reason: 'Frame arrived cracked' });
      expect(refund.id).toMatch(/^re_\w+$/);
      expect(refund.amount).toBe(1500);

      const [req] = requestsWithKey(server, key);
      expect(req).toMatchObject({ method: 'POST', path: '/v1/refunds', authorization: `Bearer ${SECRET_KEY}` });
      expect(req!.params).toEqual({ payment_intent: paymentId, amount: '1500', metadata: { reason: 'Frame arrived cracked' } });
      expect(server.refunds.get(refund.id)).toMatchObject({ object: 'refund', status: 'succeeded', amount: 1500, payment_intent: paymentId });

      // A retried refund (same key) is the same refund, not a second one.
      expect(await stripe.refund({ paymentId, amount: 1500, idempotencyKey: key, reason: 'Frame arrived cracked' })).toEqual(refund);
      expect(server.paymentIntent(paymentId)!.refunded).toBe(1500);

      // The rest can be refunded; more than that cannot.
      const rest = await stripe.refund({ paymentId, amount: 3090, idempotencyKey: `refund-${randomUUID()}` });
      expect(rest.amount).toBe(3090);
      const tooMuch = await providerErrorOf(stripe.refund({ paymentId, amount: 1, idempotencyKey: `refund-${randomUUID()}` }));
      expect(tooMuch.retryable).toBe(false);
      expect(tooMuch.message).toContain('Could not refund through Stripe: Stripe refused the request (HTTP 400: Charge for');
      expect(tooMuch.message).toContain('has already been refunded');
    });

    it('more than what is left is refused, naming the amount', async () => {
      const { paymentId } = await paidSession(2000);
      const err = await providerErrorOf(stripe.refund({ paymentId, amount: 2500, idempotencyKey: `refund-${randomUUID()}` }));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('Refund amount ($25.00) is greater than unrefunded amount on charge ($20.00) [parameter amount]');
    });

    it('an unknown payment is refused', async () => {
      const err = await providerErrorOf(stripe.refund({ paymentId: 'pi_doesnotexist', amount: 100, idempotencyKey: `refund-${randomUUID()}` }));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain("No such payment_intent: 'pi_doesnotexist' [parameter payment_intent]");
    });
  });

  describe('what the reconciliation asks: retrieving and closing a Checkout Session', () => {
    async function openSession(over: Partial<CreateCheckoutInput> = {}) {
      const input = checkoutInput(over);
      const session = await stripe.createCheckoutSession(input);
      return { input, session };
    }
    const callsFor = (sessionId: string) => server.requests.filter((r) => r.path.startsWith(`/v1/checkout/sessions/${sessionId}`));

    it('a paid session reads as paid, with its PaymentIntent and card (expanded in the same request)', async () => {
      const { session } = await openSession({ saveCard: true });
      server.completeSession(session.id);
      const pi = server.paymentIntent(server.sessions.get(session.id)!.payment_intent!)!;
      expect(await stripe.retrieveCheckoutSession(session.id)).toEqual({ status: 'paid', paymentId: pi.id, paymentMethodRef: pi.paymentMethod, amount: 4590, currency: 'USD' });
      expect(pi.paymentMethod).toMatch(/^pm_/);
      const [req, ...more] = callsFor(session.id);
      expect(more).toEqual([]);
      expect(req).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${session.id}`, authorization: `Bearer ${SECRET_KEY}`, stripeVersion: Stripe.API_VERSION });
    });

    it('an open session reads as open, an expired one as expired, one complete but not yet paid as unknown', async () => {
      const open = await openSession();
      expect(await stripe.retrieveCheckoutSession(open.session.id)).toEqual({ status: 'open' });
      const expired = await openSession();
      server.expireSession(expired.session.id);
      expect(await stripe.retrieveCheckoutSession(expired.session.id)).toEqual({ status: 'expired' });
      // A delayed payment method (a bank debit): complete, the money not in yet. Its async_payment event decides.
      const waiting = await openSession();
      Object.assign(server.sessions.get(waiting.session.id)!, { status: 'complete', payment_status: 'unpaid' });
      expect(await stripe.retrieveCheckoutSession(waiting.session.id)).toEqual({ status: 'unknown' });
    });

    it('a session Stripe does not know is a PaymentProviderError that says so', async () => {
      const err = await providerErrorOf(stripe.retrieveCheckoutSession('cs_test_doesnotexist'));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain("Could not read the Stripe checkout: Stripe refused the request (HTTP 404: No such checkout.session: 'cs_test_doesnotexist'");
    });

    it('closing an open session expires it at Stripe: it can no longer be paid', async () => {
      const { session } = await openSession();
      expect(await stripe.expireCheckoutSession(session.id)).toBe('expired');
      expect(callsFor(session.id).map((r) => `${r.method} ${r.path}`)).toEqual([`POST /v1/checkout/sessions/${session.id}/expire`]);
      expect(server.sessions.get(session.id)).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
      // Closing it again (a retried job) answers the same.
      expect(await stripe.expireCheckoutSession(session.id)).toBe('expired');
    });

    it('closing a session the shopper paid first answers paid, and leaves it paid', async () => {
      const { session } = await openSession();
      server.completeSession(session.id);
      expect(await stripe.expireCheckoutSession(session.id)).toBe('paid');
      expect(callsFor(session.id).map((r) => `${r.method} ${r.path}`)).toEqual([
        `POST /v1/checkout/sessions/${session.id}/expire`,
        `GET /v1/checkout/sessions/${session.id}`,
      ]);
      expect(server.sessions.get(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    });

    it('a session that cannot be closed or read is a PaymentProviderError', async () => {
      const err = await providerErrorOf(stripe.expireCheckoutSession('cs_test_doesnotexist'));
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('No such checkout.session');
    });
  });

  describe('webhooks', () => {
    async function openSession() {
      const input = checkoutInput();
      const session = await stripe.createCheckoutSession(input);
      return { input, session };
    }

    it('a completed, paid session verifies and reads as payment_succeeded', async () => {
      const { input, session } = await openSession();
      const { payload, header, event } = server.completeSession(session.id);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const paymentId = server.sessions.get(session.id)!.payment_intent!;
      expect(paymentId).toMatch(/^pi_\w+$/);
      expect(server.paymentIntent(paymentId)).toMatchObject({ metadata: { order_id: input.orderId, order_number: 'CF-10042' }, setupFutureUsage: 'off_session' });

      expect(stripe.verifyWebhook(Buffer.from(payload), header)).toEqual({
        id: event.id,
        type: 'checkout.session.completed',
        kind: 'payment_succeeded',
        orderId: input.orderId,
        sessionId: session.id,
        paymentId,
        paymentMethodRef: null,
        amount: 4590,
        currency: 'USD',
      });
    });

    it('a tampered body, a wrong secret, an old timestamp or no header is a WebhookSignatureError', async () => {
      const { session } = await openSession();
      const { payload, header } = server.completeSession(session.id);
      const tampered = payload.replace('"amount_total": 4590', '"amount_total": 1');
      expect(tampered).not.toBe(payload);
      expect(() => stripe.verifyWebhook(Buffer.from(tampered), header)).toThrow(WebhookSignatureError);

      const otherSecret = server.completeSession(session.id, { secret: 'whsec_someoneElse' });
      expect(() => stripe.verifyWebhook(Buffer.from(otherSecret.payload), otherSecret.header)).toThrow(WebhookSignatureError);

      const sixMinutesAgo = server.completeSession(session.id, { timestamp: Math.floor(Date.now() / 1000) - 360 });
      expect(() => stripe.verifyWebhook(Buffer.from(sixMinutesAgo.payload), sixMinutesAgo.header)).toThrow(/Timestamp outside the tolerance zone/);
      expect(() => stripe.verifyWebhook(Buffer.from(sixMinutesAgo.payload), sixMinutesAgo.header)).toThrow(WebhookSignatureError);
      // Four minutes is within Stripe's five.
      const fourMinutesAgo = server.completeSession(session.id, { timestamp: Math.floor(Date.now() / 1000) - 240 });
      expect(stripe.verifyWebhook(Buffer.from(fourMinutesAgo.payload), fourMinutesAgo.header).kind).toBe('payment_succeeded');

      expect(() => stripe.verifyWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    });

    it('payment_intent.payment_failed reads as payment_failed with the decline message', async () => {
      const { input, session } = await openSession();
      const { payload, header, event } = server.failPayment(session.id, 'Your card was declined.');
      const paymentId = server.sessions.get(session.id)!.payment_intent;
      expect(stripe.verifyWebhook(Buffer.from(payload), header)).toEqual({
        id: event.id,
        type: 'payment_intent.payment_failed',
        kind: 'payment_failed',
        orderId: input.orderId,
        sessionId: null,
        paymentId,
        message: 'Your card was declined.',
      });
    });

    it('an expired session reads as session_expired', async () => {
      const { input, session } = await openSession();
      const { payload, header } = server.expireSession(session.id);
      expect(stripe.verifyWebhook(Buffer.from(payload), header)).toMatchObject({ kind: 'session_expired', orderId: input.orderId, sessionId: session.id });
    });

    it('an unrelated event type is ignored', () => {
      const { payload, header, event } = server.signEvent('customer.created', { id: 'cus_test_1', object: 'customer', email: 'ada@example.com' });
      expect(stripe.verifyWebhook(Buffer.from(payload), header)).toEqual({ id: event.id, type: 'customer.created', kind: 'ignored', orderId: null });
    });
  });

  describe('charging a saved card again (the funnel\'s one-time offers)', () => {
    /** A paid Checkout Session that kept its card, and its PaymentIntent. */
    async function paidWithSavedCard(opts: { declineLaterCharges?: boolean; saveCard?: boolean } = {}) {
      const input = checkoutInput({ saveCard: opts.saveCard ?? true });
      const session = await stripe.createCheckoutSession(input);
      server.completeSession(session.id, { declineLaterCharges: opts.declineLaterCharges ?? false });
      return { input, paymentId: server.sessions.get(session.id)!.payment_intent! };
    }

    it('asks Checkout to keep the card on a Customer only when told to', async () => {
      const kept = checkoutInput({ saveCard: true });
      const plain = checkoutInput();
      await stripe.createCheckoutSession(kept);
      await stripe.createCheckoutSession(plain);
      const paramsOf = (orderId: string) => server.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === orderId)!.params;
      expect(paramsOf(kept.orderId)).toMatchObject({ customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } });
      expect(paramsOf(plain.orderId).customer_creation).toBeUndefined();
    });

    it('charges the first payment’s Customer and card off session, once per idempotency key', async () => {
      const { input, paymentId } = await paidWithSavedCard();
      const charge = { orderId: input.orderId, orderNumber: input.orderNumber, originalPaymentId: paymentId, amount: 3540, currency: 'USD', description: 'Framed copy', idempotencyKey: `offer-${randomUUID()}` };
      const first = await stripe.chargeSavedCard(charge);
      const again = await stripe.chargeSavedCard(charge);
      expect(again).toEqual(first);
      expect(first.amount).toBe(3540);
      const original = server.paymentIntent(paymentId)!;
      const created = server.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === charge.idempotencyKey);
      expect(created).toHaveLength(2);
      expect(created[0]!.params).toMatchObject({
        amount: '3540',
        currency: 'usd',
        customer: original.customer,
        payment_method: original.paymentMethod,
        off_session: 'true',
        confirm: 'true',
        metadata: { order_id: input.orderId, kind: 'funnel_offer' },
      });
      expect(server.paymentIntent(first.id)).toMatchObject({ status: 'succeeded', amount: 3540, customer: original.customer });
      expect(await stripe.cardLast4(paymentId)).toBe('4242');
    });

    it('a card that declines later charges is a PaymentDeclinedError with Stripe’s message', async () => {
      const { input, paymentId } = await paidWithSavedCard({ declineLaterCharges: true });
      const err = await providerErrorOf(
        stripe.chargeSavedCard({ orderId: input.orderId, orderNumber: input.orderNumber, originalPaymentId: paymentId, amount: 450, currency: 'USD', description: 'PDF', idempotencyKey: `offer-${randomUUID()}` }),
      );
      expect(err).toBeInstanceOf(PaymentDeclinedError);
      expect(err.message).toBe('Your card was declined.');
    });

    it('a payment whose card was not kept cannot be charged again, and says why', async () => {
      const { input, paymentId } = await paidWithSavedCard({ saveCard: false });
      const err = await providerErrorOf(
        stripe.chargeSavedCard({ orderId: input.orderId, orderNumber: input.orderNumber, originalPaymentId: paymentId, amount: 450, currency: 'USD', description: 'PDF', idempotencyKey: `offer-${randomUUID()}` }),
      );
      expect(err).not.toBeInstanceOf(PaymentDeclinedError);
      expect(err.message).toContain('no saved card');
    });
  });
});
