import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** An order for its owner, an admin or a holder of its link; my orders (issue 9). */
export const ordersRoutes: FastifyPluginAsyncZod = async () => {};
