import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema } from '../../../contract/categories';
import { catalogCacheHeaders } from '../../lib/cache';
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
      catalogCacheHeaders(reply);
      return listActiveCategories(app.db);
    },
  );
};
