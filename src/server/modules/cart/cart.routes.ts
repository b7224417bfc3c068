import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET/PUT /api/cart and POST /api/cart/merge: a signed-in shopper's cart (issue 9). */
export const cartRoutes: FastifyPluginAsyncZod = async () => {};
