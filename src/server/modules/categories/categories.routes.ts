import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryListSchema } from '@/contract/categories';
import { sendCachedJson } from '@/server/lib/cache';
import { listActiveCategories } from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active award categories, by sort order',
        response: { 200: categoryListSchema },
      },
    },
    async (_request, reply) => {
      const cached = await app.catalogCache.get('categories', async () =>
        JSON.stringify(z.encode(categoryListSchema, await listActiveCategories(app.db))),
      );
      return sendCachedJson(reply, cached);
    },
  );
};
