import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landingPagesRoutes } from './landing-pages.routes';

/**
 * Landing pages on the server (issue 14, docs/decisions/102): the admin API and the public page's data (its head
 * tags come with the page's server render: web/features/landing-pages/lib/landing-page-head.ts).
 */
export const landingPagesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(landingPagesRoutes);
};
