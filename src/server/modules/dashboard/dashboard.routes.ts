import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@/contract/admin-dashboard';
import { apiErrorSchema } from '@/contract/errors';
import { dashboard } from './dashboard.service';

/** GET /api/admin/dashboard?period=today|7d|30d (issue 14, docs/decisions/104). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin home: KPIs for today, 7 or 30 UTC days, revenue and nominations per day, and what needs attention',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => dashboard(app.db, request.query.period, { currency: (await app.settings.getShop()).currency }),
  );
};
