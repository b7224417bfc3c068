import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { designTemplateListSchema } from '../../../contract/templates';
import { catalogCacheHeaders } from '../../lib/cache';
import { listActiveTemplates } from './templates.service';

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/templates',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active certificate design templates, by sort order',
        response: { 200: designTemplateListSchema },
      },
    },
    async (_request, reply) => {
      catalogCacheHeaders(reply);
      return listActiveTemplates(app.db);
    },
  );
};
