import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '@/contract/settings';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Brand name, parent company, contact address and social links',
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return app.settings.getPublic();
    },
  );
};
