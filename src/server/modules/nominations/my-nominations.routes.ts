import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { myNominationsSchema, newClaimLinkSchema, shareIdParamsSchema } from '@/contract/nominations';
import { myNominations, newClaimLink } from './my-nominations.service';
import type { NominationsContext } from './context';
import { userVoter } from './ids';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** "My nominations" on /account. Every route needs a session (401 otherwise). */
export function myNominationsRoutes(ctx: NominationsContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/account/nominations',
      {
        config: { signedIn: 'user' },
        schema: {
          tags: ['account'],
          summary: 'Nominations I made, and certificates I received (accepted while signed in)',
          response: { 200: myNominationsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await app.auth.requireUser(request, reply);
        return myNominations(ctx, user.id, userVoter(user.id));
      },
    );

    app.post(
      '/api/account/nominations/:share_id/claim-link',
      {
        config: { signedIn: 'user' },
        schema: {
          tags: ['account'],
          summary: 'A fresh claim link for a pending nomination I made (the old link stops working)',
          description: 'The nominee, if they have an address, is mailed the new link. 404 for anyone but the nominator; 409 NOT_PENDING once answered.',
          params: shareIdParamsSchema,
          response: { 200: newClaimLinkSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await app.auth.requireUser(request, reply);
        return newClaimLink(ctx, user.id, request.params.share_id, request.ip);
      },
    );
  };
}
