import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listActiveAwardStamps } from '../awards/awards.service';
import { buildRobots, buildSitemap } from './sitemap';

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: 'Sitemap of the public pages and every active award',
        produces: ['application/xml'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const awards = await listActiveAwardStamps(app.db);
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return buildSitemap(app.config.publicUrl, awards);
    },
  );

  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['seo'],
        summary: 'Crawler rules, naming the sitemap',
        produces: ['text/plain'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return buildRobots(app.config.publicUrl);
    },
  );

  app.get(
    '/sw.js',
    {
      schema: {
        tags: ['seo'],
        summary: 'The service worker (precaches the app shell)',
        produces: ['text/javascript'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      // Never cached by the browser's HTTP cache, so a new deploy's worker is found at once.
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('service-worker-allowed', '/');
      return app.serviceWorkerSource;
    },
  );
};
