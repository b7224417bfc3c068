import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { awardListQuerySchema, awardListSchema } from '../../../contract/awards';
import { errorResponses } from '../../../contract/errors';
import { catalogCacheHeaders } from '../../lib/cache';
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
      catalogCacheHeaders(reply);
      return listAwards(app.db, request.query, { publicOnly: true });
    },
  );
};
