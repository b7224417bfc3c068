import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { designTemplateListSchema } from '@/contract/templates';
import { sendCachedJson } from '@/server/lib/cache';
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
      const cached = await app.catalogCache.get('templates', async () =>
        JSON.stringify(z.encode(designTemplateListSchema, await listActiveTemplates(app.db))),
      );
      return sendCachedJson(reply, cached);
    },
  );
};
