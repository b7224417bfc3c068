import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { testPaymentOutcomeSchema, testPaymentSessionSchema, testPayBodySchema, testAuthenticateBodySchema } from '@/contract/test-payments';
import { PaymentProviderError, WebhookSignatureError } from '@/server/adapters/payments/payment-provider';
import { TestCardProcessor } from '@/server/adapters/payments/test-processor';
import { badRequest, HttpError, notFound, tooManyRequests } from '@/server/lib/http-errors';
import { queueFulfilment } from '../fulfilment/fulfilment.service';
import { openFunnelOffers } from '../funnel/funnel.service';
import { findOrder, ORDER_MAIL_JOB } from '../orders/orders.service';
import { checkRateLimit, pruneRateLimitAttempts } from '../security/rate-limit.service';
import { handlePaymentEvent, retryDeferredEvents, type PaymentSideEffects } from './payments.service';
import { keepPagesOnEveryRoute } from '../seo/page-cache';

export const WEBHOOK_PATH = '/api/webhooks/payments';
/** Cards one payment page may try in an hour (card-testing bots try thousands). */
const CARD_ATTEMPTS = { attemptType: 'test_card', maxAttempts: 20, windowMinutes: 60 };

/** The payment webhook and the built-in test card processor (issue 9, docs/decisions/074). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (payments change orders, never a public page; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  // In the payment's own transaction: the confirmation mail and the hand-off to the printer (docs/decisions/085).
  const effects: PaymentSideEffects = {
    async onPaid(tx, orderId) {
      // A funnel order makes its one-time offers first; its confirmation and printing wait for them (docs/decisions/099).
      if (await openFunnelOffers(tx, { jobs: app.jobs }, orderId)) return;
      await app.jobs.send(ORDER_MAIL_JOB, { orderId, kind: 'confirmation' }, { tx, singletonKey: `${orderId}:confirmation` });
      await queueFulfilment(tx, app.jobs, orderId);
    },
    async onPaymentFailed(tx, orderId) {
      await app.jobs.send(ORDER_MAIL_JOB, { orderId, kind: 'payment_failed' }, { tx });
    },
  };

  // The webhook: the provider signs the exact bytes it sends, so this route reads its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    raw.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags: ['store'],
          summary: 'Payment provider events (Stripe-signed)',
          description:
            'Verified with the Stripe-Signature header over the raw body. Idempotent by event id; an event for an unknown order is stored and retried.',
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: apiErrorSchema },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest('Expected a JSON event body.', 'body');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = app.payments.verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
        } catch (err) {
          if (err instanceof WebhookSignatureError) throw badRequest(`Webhook signature check failed: ${err.message}`, 'Stripe-Signature', 'BAD_SIGNATURE');
          throw badRequest('The event could not be read.', 'body', 'BAD_EVENT');
        }
        const outcome = await handlePaymentEvent(app.db, app.payments.name, event, JSON.parse(body.toString('utf8')), effects, request.log);
        return { received: true as const, outcome };
      },
    );
  });

  // Events that arrived before their order: tried again every minute.
  const timer = setInterval(() => {
    retryDeferredEvents(app.db, effects, app.log).catch((err: unknown) => app.log.error({ err }, 'retrying payment events failed'));
  }, 60_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  if (!(app.payments instanceof TestCardProcessor)) return;
  const processor: TestCardProcessor = app.payments;
  type PayResult = Awaited<ReturnType<TestCardProcessor['pay']>>;

  // The test processor reports to the same webhook route as Stripe would, through the same verification.
  processor.deliver = async (rawBody, signature) => {
    const res = await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: rawBody });
    return res.statusCode >= 200 && res.statusCode < 300;
  };

  const params = z.object({ sessionId: z.string().regex(/^cs_test_\w{1,40}$/, { message: 'sessionId must be a test session id' }) });
  const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema };

  async function openSession(sessionId: string) {
    const session = await processor.getSession(sessionId);
    if (!session) throw notFound('This payment page does not exist.', 'PAYMENT_SESSION_NOT_FOUND');
    return session;
  }

  async function view(sessionId: string) {
    const session = await openSession(sessionId);
    const order = await findOrder(app.db, session.reference);
    return {
      id: session.id,
      amount: session.amount,
      currency: session.currency,
      description: session.description,
      email: session.email,
      status: session.status as 'open' | 'requires_action' | 'complete' | 'expired',
      last4: session.last4,
      order_number: order?.number ?? null,
      failure_message: order?.status === 'payment_failed' ? order.paymentFailureMessage : null,
      success_url: pathOf(session.successUrl),
      cancel_url: pathOf(session.cancelUrl),
    };
  }

  const pathOf = (url: string) => (url.startsWith(`${app.config.publicUrl}/`) ? url.slice(app.config.publicUrl.length) : url);

  async function guard(sessionId: string, ip: string) {
    const limit = await checkRateLimit(app.db, `session:${sessionId}`, CARD_ATTEMPTS, ip);
    await pruneRateLimitAttempts(app.db, CARD_ATTEMPTS);
    if (!limit.allowed) throw tooManyRequests('Too many card attempts on this payment. Please wait an hour or start the checkout again.');
  }

  const run = async (fn: () => Promise<unknown>) => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PaymentProviderError) throw new HttpError(502, 'PAYMENT_NOT_RECORDED', err.message);
      throw err;
    }
  };

  app.get(
    '/api/test-payments/:sessionId',
    { schema: { tags: ['store'], summary: 'Test card processor: a payment page', params, response: { 200: testPaymentSessionSchema, ...errors } } },
    async (request) => view(request.params.sessionId),
  );

  app.post(
    '/api/test-payments/:sessionId/pay',
    {
      schema: {
        tags: ['store'],
        summary: 'Test card processor: pay with a test card',
        description: '4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication. 20 attempts per page per hour.',
        params,
        body: testPayBodySchema,
        response: { 200: testPaymentOutcomeSchema, ...errors },
      },
    },
    async (request) => {
      const session = await openSession(request.params.sessionId);
      if (session.status === 'complete') return { status: 'succeeded' as const, success_url: pathOf(session.successUrl), message: null };
      if (session.status === 'expired') throw new HttpError(409, 'PAYMENT_SESSION_EXPIRED', 'This payment page has expired: the order was cancelled. Your cart is still there to check out again.');
      await guard(session.id, request.ip);
      const outcome = await run(() => processor.pay(session, request.body.card_number));
      return toOutcome(outcome as PayResult);
    },
  );

  app.post(
    '/api/test-payments/:sessionId/authenticate',
    {
      schema: {
        tags: ['store'],
        summary: 'Test card processor: complete or fail the authentication step',
        params,
        body: testAuthenticateBodySchema,
        response: { 200: testPaymentOutcomeSchema, ...errors },
      },
    },
    async (request) => {
      const session = await openSession(request.params.sessionId);
      if (session.status === 'complete') return { status: 'succeeded' as const, success_url: pathOf(session.successUrl), message: null };
      if (session.status !== 'requires_action') throw new HttpError(409, 'NO_AUTHENTICATION_PENDING', 'There is no authentication waiting on this payment. Enter the card again.');
      const outcome = await run(() => processor.authenticate(session, request.body.outcome === 'pass'));
      return toOutcome(outcome as PayResult);
    },
  );

  function toOutcome(o: PayResult) {
    if (o.status === 'succeeded') return { status: o.status, success_url: pathOf(o.success_url), message: null };
    if (o.status === 'requires_action') return { status: o.status, success_url: null, message: null };
    return { status: o.status, success_url: null, message: o.message };
  }
};
