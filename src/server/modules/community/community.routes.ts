import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import {
  communityPageSchema,
  communityQuerySchema,
  reactionBodySchema,
  reactionResultSchema,
  shareIdParamsSchema,
} from '@/contract/nominations';
import { nominationsContext, reactionSummaries, requireVisibleByShareId, enforceLimit } from '../nominations';
import { communityPage } from './community.service';
import { removeReaction, setReaction } from './reactions.service';
import { voterOf } from './visitor';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };

/** The community wall (GET /api/community) and reactions to a certificate. */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = nominationsContext(app);

  app.get(
    '/api/community',
    {
      // my_reaction differs per visitor; a withdrawn certificate must vanish at once.
      config: { cacheControl: 'private, no-cache' },
      schema: {
        tags: ['community'],
        summary: 'Public, not declined, not hidden certificates: newest or most liked, by category, cursor-paged',
        querystring: communityQuerySchema,
        response: { 200: communityPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Switched off in the admin's settings: 404 FEATURE_OFF (docs/decisions/104).
      await app.settings.requireFeature('community');
      const voter = await voterOf(app, request, reply, { create: false });
      return communityPage(ctx, request.query, voter);
    },
  );

  const reactionSchema = {
    tags: ['community'],
    params: shareIdParamsSchema,
    response: { 200: reactionResultSchema, ...errors },
  };

  app.post(
    '/api/certificates/:share_id/reaction',
    {
      schema: {
        ...reactionSchema,
        summary: 'React to a certificate (one reaction per visitor; a new one replaces it)',
        description:
          'Signed in: one per account. Otherwise one per visitor, named by the httpOnly certifiable_visitor cookie set here. Per-IP limit REACTION_RATE_LIMIT.',
        body: reactionBodySchema,
      },
    },
    async (request, reply) => {
      const loaded = await requireVisibleByShareId(ctx.db, request.params.share_id);
      await enforceLimit(ctx.db, 'reaction', `ip:${request.ip}`, request.ip);
      const voter = (await voterOf(app, request, reply, { create: true }))!;
      const s = await setReaction(ctx.db, loaded.nomination.id, voter, request.body.kind);
      return { reactions: s.counts, my_reaction: s.mine };
    },
  );

  app.delete(
    '/api/certificates/:share_id/reaction',
    { schema: { ...reactionSchema, summary: 'Take back my reaction' } },
    async (request, reply) => {
      const loaded = await requireVisibleByShareId(ctx.db, request.params.share_id);
      await enforceLimit(ctx.db, 'reaction', `ip:${request.ip}`, request.ip);
      const id = loaded.nomination.id;
      const voter = await voterOf(app, request, reply, { create: false });
      const s = voter ? await removeReaction(ctx.db, id, voter) : (await reactionSummaries(ctx.db, [id], null)).get(id)!;
      return { reactions: s.counts, my_reaction: s.mine };
    },
  );
};
