import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { testAuthenticateBodySchema, testPaymentOutcomeSchema, testPaymentSessionSchema, testPayBodySchema } from '@/contract/test-payments';
import { HttpError, notFound, tooManyRequests } from '@/server/lib/http-errors';
import { PaymentProviderError, PAYMENT_WEBHOOK_PATH } from './payment-provider';
import type { PayOutcome, PayRefusal, TestCardProcessor } from './test-processor';

/**
 * The built-in test card processor's own HTTP side (docs/decisions/074): the API of its card page at
 * /pay/test/{session}. Registered by the app only when this processor is the shop's provider — it is part of the
 * adapter, like Stripe's hosted page is part of Stripe. Its results reach the shop through the same signed webhook
 * Stripe uses.
 */
export function testProcessorRoutes(processor: TestCardProcessor): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    // Its events go to the webhook route, through the same verification as Stripe's.
    processor.deliverTo = async (rawBody, signature) => {
      const res = await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: rawBody });
      return res.statusCode >= 200 && res.statusCode < 300;
    };

    const params = z.object({ sessionId: z.string().regex(/^cs_test_\w{1,40}$/, { message: 'sessionId must be a test session id' }) });
    const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema };
    const pathOf = (url: string) => (url.startsWith(`${app.config.publicUrl}/`) ? url.slice(app.config.publicUrl.length) : url);

    async function openSession(sessionId: string) {
      const session = await processor.getSession(sessionId);
      if (!session) throw notFound('This payment page does not exist.', 'PAYMENT_SESSION_NOT_FOUND');
      return session;
    }

    const run = async (fn: () => Promise<PayOutcome | PayRefusal>) => {
      try {
        const outcome = await fn();
        if ('refused' in outcome) throw refused(outcome.refused);
        return toOutcome(outcome);
      } catch (err) {
        if (err instanceof PaymentProviderError) throw new HttpError(502, 'PAYMENT_NOT_RECORDED', err.message);
        throw err;
      }
    };

    function refused(why: PayRefusal['refused']): HttpError {
      if (why === 'not_found') return notFound('This payment page does not exist.', 'PAYMENT_SESSION_NOT_FOUND');
      if (why === 'expired') return expired();
      return tooManyRequests('Too many card attempts on this payment. Please start the checkout again.');
    }

    const expired = () => new HttpError(409, 'PAYMENT_SESSION_EXPIRED', 'This payment page has expired: the order was cancelled. Your cart is still there to check out again.');

    function toOutcome(o: PayOutcome) {
      if (o.status === 'succeeded') return { status: o.status, success_url: pathOf(o.success_url), message: null };
      if (o.status === 'requires_action') return { status: o.status, success_url: null, message: null };
      return { status: o.status, success_url: null, message: o.message };
    }

    app.get(
      '/api/test-payments/:sessionId',
      { schema: { tags: ['store'], summary: 'Test card processor: a payment page', params, response: { 200: testPaymentSessionSchema, ...errors } } },
      async (request) => {
        const session = await openSession(request.params.sessionId);
        return {
          id: session.id,
          amount: session.amount,
          currency: session.currency,
          description: session.description,
          email: session.email,
          status: session.status as 'open' | 'requires_action' | 'complete' | 'expired',
          last4: session.last4,
          order_number: session.orderNumber,
          failure_message: session.status === 'open' ? session.failureMessage : null,
          success_url: pathOf(session.successUrl),
          cancel_url: pathOf(session.cancelUrl),
        };
      },
    );

    app.post(
      '/api/test-payments/:sessionId/pay',
      {
        schema: {
          tags: ['store'],
          summary: 'Test card processor: pay with a test card',
          description: '4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication. 20 attempts per page.',
          params,
          body: testPayBodySchema,
          response: { 200: testPaymentOutcomeSchema, ...errors },
        },
      },
      // No read first (issue 25): the decision is taken if the page is open and has attempts left, and the page is
      // read only when it was not (unknown, paid, closed, out of attempts).
      async (request) => run(() => processor.pay(request.params.sessionId, request.body.card_number)),
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
        return run(() => processor.authenticate(session, request.body.outcome === 'pass'));
      },
    );
  };
}
