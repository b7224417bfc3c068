import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listActiveAwardStamps } from '../awards';
import { listPublishedLandingPageStamps } from '../landing-pages';
import { buildRobots, buildSitemap } from './sitemap';

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sitemap.xml',
    {
      config: { cacheControl: 'public, max-age=3600' },
      schema: {
        tags: ['seo'],
        summary: 'Sitemap of the public pages, the product page of every active award and every published landing page',
        produces: ['application/xml'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const [awards, landingPages] = await Promise.all([listActiveAwardStamps(app.db), listPublishedLandingPageStamps(app.db)]);
      reply.type('application/xml; charset=utf-8');
      return buildSitemap(app.config.publicUrl, (await app.shell.pageTable()).pages, awards, landingPages, (await app.settings.getPublic()).features);
    },
  );

  app.get(
    '/robots.txt',
    {
      config: { cacheControl: 'public, max-age=3600' },
      schema: {
        tags: ['seo'],
        summary: 'Crawler rules, naming the sitemap',
        produces: ['text/plain'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      reply.type('text/plain; charset=utf-8');
      return buildRobots(app.config.publicUrl);
    },
  );

  app.get(
    '/sw.js',
    {
      // Never kept by the browser's HTTP cache without asking, so a new deploy's worker is found at once.
      config: { cacheControl: 'no-cache' },
      schema: {
        tags: ['seo'],
        summary: 'The service worker (precaches the app shell)',
        produces: ['text/javascript'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      reply.type('text/javascript; charset=utf-8').header('service-worker-allowed', '/');
      return app.serviceWorkerSource;
    },
  );
};
