import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { communityPageSchema, communityQuerySchema } from '@/contract/nominations';
import { communityPage } from './community.service';
import type { NominationsContext } from './context';
import { voterOf } from './visitor';

/** GET /api/community: the wall of public certificates. */
export function communityRoutes(ctx: NominationsContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/community',
      {
        // my_reaction differs per visitor; a withdrawn certificate must vanish at once.
        config: { cacheControl: 'private, no-cache' },
        schema: {
          tags: ['community'],
          summary: 'Public, not declined, not hidden certificates: newest or most liked, by category, cursor-paged',
          querystring: communityQuerySchema,
          response: { 200: communityPageSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const voter = await voterOf(app, request, reply, { create: false });
        return communityPage(ctx, request.query, voter);
      },
    );
  };
}
