import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartBodySchema, cartMergeBodySchema, storedCartSchema } from '@/contract/cart';
import { apiErrorSchema } from '@/contract/errors';
import { getCart, mergeCart, replaceCart } from './cart.service';
import { keepPagesOnEveryRoute } from '@/server/lib/page-cache';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * GET/PUT /api/cart and POST /api/cart/merge: a signed-in shopper's cart, so it follows them to another
 * device (issue 9, docs/decisions/071). Lines only — prices always come from the quote. 401 signed out.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (a cart is its owner's alone; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  app.get(
    '/api/cart',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'My stored cart',
        response: { 200: storedCartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request, reply);
      return { lines: await getCart(app.db, user.id) };
    },
  );

  app.put(
    '/api/cart',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['cart'],
        summary: 'Replace my stored cart',
        description: `At most 50 lines; lines printing the same thing on the same variant are joined into one.`,
        body: cartBodySchema,
        response: { 200: storedCartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request, reply);
      return { lines: await replaceCart(app.db, user.id, request.body.lines) };
    },
  );

  app.post(
    '/api/cart/merge',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['cart'],
        summary: "Add this browser's cart to my stored cart (on sign-in)",
        description:
          'A line printing the same thing on the same variant as a stored line raises its quantity (at most 99); any other line is added after the stored ones, up to 50 lines. Answers with the merged cart. With `merge_id` (the id the browser gave its cart), a cart already merged under that id is not added again: a merge sent twice — a page left before the answer came — counts once.',
        body: cartMergeBodySchema,
        response: { 200: storedCartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request, reply);
      return { lines: await mergeCart(app.db, user.id, request.body.lines, request.body.merge_id) };
    },
  );
};
