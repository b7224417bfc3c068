import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { PAYMENT_WEBHOOK_PATH, WebhookSignatureError } from '@/server/adapters/payments/payment-provider';
import { badRequest } from '@/server/lib/http-errors';
import { applyLocalPaymentEvent, applyPaymentEvent } from '@/server/workflows/apply-payment-event';
import { shopDeps } from '@/server/workflows/deps';
import { keepPagesOnEveryRoute } from '@/server/lib/page-cache';

/** The payment webhook (issue 9, docs/decisions/074, 108): Stripe's, and the built-in test processor's. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (payments change orders, never a public page; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  const deps = shopDeps(app);
  // The built-in test processor's decisions are applied in its own transaction, through the same workflows as an
  // event (docs/decisions/117); Stripe's come through the webhook below.
  app.payments.local?.connectShop(async (tx, event) => {
    await applyLocalPaymentEvent(tx, deps, event);
  });

  // The provider signs the exact bytes it sends, so this route reads its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    raw.post(
      PAYMENT_WEBHOOK_PATH,
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
        const outcome = await applyPaymentEvent.run({ ...deps, log: request.log }, { provider: app.payments.name, event, payload: JSON.parse(body.toString('utf8')) });
        return { received: true as const, outcome };
      },
    );
  });
};
