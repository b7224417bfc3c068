import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { awardListQuerySchema, awardListSchema } from '@/contract/awards';
import { errorResponses } from '@/contract/errors';
import { sendCachedJson } from '@/server/lib/cache';
import { listAwards } from './awards.service';

export const awardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/awards',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active awards with their category, by sort order',
        description:
          'search matches title, description and tagline case-insensitively. Public callers only ever see active awards.',
        querystring: awardListQuerySchema,
        response: { 200: awardListSchema, 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `awards:${JSON.stringify([q.search?.toLowerCase(), q.category_id, q.is_active, q.min_sort_order, q.max_sort_order, q.limit])}`;
      const cached = await app.catalogCache.get(key, async () =>
        JSON.stringify(z.encode(awardListSchema, await listAwards(app.db, q, { publicOnly: true }))),
      );
      return sendCachedJson(reply, cached);
    },
  );
};
