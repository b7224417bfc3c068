import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/admin/orders: list, detail, refund, cancel, resend (issue 9). */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async () => {};
