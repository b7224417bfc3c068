import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The payment webhook and the built-in test card processor (issue 9). */
export const paymentsRoutes: FastifyPluginAsyncZod = async () => {};
