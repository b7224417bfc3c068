import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { checkoutBodySchema, checkoutResultSchema, type CheckoutResult } from '@/contract/shop';
import { shopDeps } from '@/server/workflows/deps';
import { placeOrder } from '@/server/workflows/place-order';
import { keepPagesOnEveryRoute } from '@/server/lib/page-cache';
import { checkoutRequests, idempotencyKeyHeaders } from './checkout-requests';

/** POST /api/checkout: an order from a cart, priced on the server (issue 9): the placeOrder workflow. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (an order is its buyer's alone; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  const deps = shopDeps(app);
  const checkouts = checkoutRequests<CheckoutResult>(app.db);
  app.post(
    '/api/checkout',
    {
      schema: {
        tags: ['store'],
        summary: 'Place an order: priced on the server, then pay at payment_url',
        description:
          'Every amount is computed from the database. The same Idempotency-Key returns the same order (422 IDEMPOTENCY_KEY_REUSED with another body; 409 CHECKOUT_EXPIRED when its payment page has closed). 409 LINE_UNAVAILABLE names a line that can no longer be bought; 409 DISCOUNT_USED_UP names discount_code when its last use was taken; 400 names the field. A zero total (a 100 % discount) is paid at once: payment_url is the order page. Per-IP limit (429).',
        headers: idempotencyKeyHeaders,
        body: checkoutBodySchema,
        response: { 200: checkoutResultSchema, 400: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.getAuth(request, reply);
      return checkouts(request, user?.id ?? null, () =>
        placeOrder.run({ ...deps, log: request.log }, { checkout: request.body, idempotencyKey: request.headers['idempotency-key'], userId: user?.id ?? null, channel: 'shop' }),
      );
    },
  );
};
