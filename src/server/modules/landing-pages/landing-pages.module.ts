import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANDING_PAGE_PATH, landingPageHead } from './landing-page-head';
import { landingPagesRoutes } from './landing-pages.routes';

/**
 * Landing pages on the server (issue 14, docs/decisions/102): the admin API, the public page's data and the
 * head tags of /l/{slug} (title, description, canonical, og:image in the served HTML).
 */
export const landingPagesModule: FastifyPluginAsyncZod = async (app) => {
  app.shell.addHeadResolver(LANDING_PAGE_PATH, landingPageHead(app.db, app.log));
  await app.register(landingPagesRoutes);
};
