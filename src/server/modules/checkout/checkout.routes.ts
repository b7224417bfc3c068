import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/checkout: an order from a cart, priced on the server (issue 9). */
export const checkoutRoutes: FastifyPluginAsyncZod = async () => {};
