import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import {
  funnelCheckoutBodySchema,
  funnelDecisionBodySchema,
  funnelOfferParamsSchema,
  funnelOrderParamsSchema,
  funnelOrderSchema,
  funnelQuerySchema,
  funnelSchema,
  funnelTokenQuerySchema,
} from '@/contract/funnel';
import { checkoutResultSchema, type CheckoutResult } from '@/contract/shop';
import { sendCachedJson } from '@/server/lib/cache';
import { HttpError } from '@/server/lib/http-errors';
import { acceptOffer, freshOrder } from '@/server/workflows/accept-offer';
import { declineOffer } from '@/server/workflows/close-funnel';
import { shopDeps } from '@/server/workflows/deps';
import { placeOrder } from '@/server/workflows/place-order';
import { checkoutRequests, idempotencyKeyHeaders } from '../checkout';
import { keepPagesOnEveryRoute } from '@/server/lib/page-cache';
import { funnelOrderView, getFunnel, requireFunnelOrder, type FunnelReadDeps } from './funnel.service';

const errors = { 400: apiErrorSchema, 402: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema };

/** The sales funnel (issue 13, docs/decisions/099): its offer, checkout, and a funnel order's one-click offers. */
export const funnelRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (a funnel order is its buyer's alone; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  const deps = shopDeps(app);
  const checkouts = checkoutRequests<CheckoutResult>(app.db);
  const reads: FunnelReadDeps = { db: app.db, settings: app.settings, payments: app.payments, secret: app.authSecret };
  const ctx = () => reads;

  app.get(
    '/api/funnel',
    {
      schema: {
        tags: ['funnel'],
        summary: 'The funnel’s hero product, the award it prints, the shipping methods and its one-time offers',
        description: 'The same for every visitor: cached like the catalogue. `available` is false when the funnel is switched off or its product is not for sale.',
        querystring: funnelQuerySchema,
        response: { 200: funnelSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const award = request.query.award;
      const cached = await app.catalogCache.get(`funnel:${award ?? ''}`, async () => JSON.stringify(z.encode(funnelSchema, await getFunnel(ctx(), award))));
      return sendCachedJson(reply, cached);
    },
  );

  app.post(
    '/api/funnel/checkout',
    {
      schema: {
        tags: ['funnel'],
        summary: 'Buy the hero product: priced on the server, then pay at payment_url',
        description:
          'The shop’s checkout with one line: the hero product with the name to print. The payment returns to /funnel/timer and keeps the card for the one-time offers. Same Idempotency-Key → same order; per-IP limit shared with /api/checkout.',
        headers: idempotencyKeyHeaders,
        body: funnelCheckoutBodySchema,
        response: { 200: checkoutResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.getAuth(request, reply);
      return checkouts(request, user?.id ?? null, async () => {
        // The hero product with the name to print, through the shop's own checkout (the one pricing path, the
        // Idempotency-Key, the payment adapter); its payment returns to the timer screen and keeps the card.
        const funnel = await getFunnel(reads, request.body.award_id);
        if (!funnel.available || !funnel.hero) throw new HttpError(409, 'FUNNEL_UNAVAILABLE', 'This offer is not available right now. The store has everything else.');
        const { hero } = funnel;
        return placeOrder.run(
          { ...deps, log: request.log },
          {
            checkout: {
              email: request.body.email,
              lines: [{ variant_id: hero.variant_id, quantity: 1, design: { award_id: hero.award.id, template_id: hero.template_id, recipient_name: request.body.recipient_name } }],
              shipping_address: request.body.shipping_address ?? null,
              shipping_method: request.body.shipping_method ?? null,
              ...(request.body.country ? { country: request.body.country } : {}),
            },
            idempotencyKey: request.headers['idempotency-key'],
            userId: user?.id ?? null,
            channel: 'funnel',
          },
        );
      });
    },
  );

  app.get(
    '/api/funnel/orders/:orderId',
    {
      schema: {
        tags: ['funnel'],
        summary: 'A funnel order: the step its buyer belongs on, its offers, the countdown and the order',
        description: 'Needs the order’s access token (from the payment’s return link). A wrong token or another order: 404.',
        params: funnelOrderParamsSchema,
        querystring: funnelTokenQuerySchema,
        response: { 200: funnelOrderSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => funnelOrderView(ctx(), await requireFunnelOrder(ctx(), request.params.orderId, request.query.token)),
  );

  app.post(
    '/api/funnel/orders/:orderId/offers/:kind/accept',
    {
      schema: {
        tags: ['funnel'],
        summary: 'Yes: add the offer to the paid order, charged to the same card',
        description:
          'The price comes from the offer as it was made; the browser sends only the token. 409 when the offer was already decided or has ended (the order went to print); a card that refuses the extra answers 200 with the offer failed and `notice` saying so (nothing charged, the order goes on unchanged); 502 when the provider cannot be reached (try again).',
        params: funnelOfferParamsSchema,
        body: funnelDecisionBodySchema,
        response: { 200: funnelOrderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await requireFunnelOrder(reads, request.params.orderId, request.body.token);
      await acceptOffer.run({ ...deps, log: request.log }, { order, kind: request.params.kind });
      return funnelOrderView(reads, await freshOrder(deps, order.id));
    },
  );

  app.post(
    '/api/funnel/orders/:orderId/offers/:kind/decline',
    {
      schema: {
        tags: ['funnel'],
        summary: 'No thanks: offer 1 declined shows the downsell; the downsell declined finishes the order',
        params: funnelOfferParamsSchema,
        body: funnelDecisionBodySchema,
        response: { 200: funnelOrderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await requireFunnelOrder(reads, request.params.orderId, request.body.token);
      await declineOffer.run({ ...deps, log: request.log }, { orderId: order.id, kind: request.params.kind });
      return funnelOrderView(reads, await freshOrder(deps, order.id));
    },
  );
};
