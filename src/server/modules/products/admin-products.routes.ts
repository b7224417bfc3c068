import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/admin/products and /api/admin/discount-codes (issue 9). */
export const adminProductsRoutes: FastifyPluginAsyncZod = async () => {};
