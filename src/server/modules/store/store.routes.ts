import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/store/products and POST /api/store/quote: the catalogue and cart prices (issue 9). */
export const storeRoutes: FastifyPluginAsyncZod = async () => {};
