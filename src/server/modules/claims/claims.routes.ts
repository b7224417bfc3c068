import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { acceptClaimResultSchema, claimSchema, declineClaimResultSchema } from '@/contract/nominations';
import { nominationsContext } from '../nominations';
import { acceptClaim, declineClaim, getClaim } from './claims.service';

/**
 * Looser than the contract's claimTokenParamsSchema on purpose: a link cut short by a mail program
 * is an unknown link to the nominee, so it gets the same clear 404 CLAIM_NOT_FOUND, not a 400.
 */
const claimTokenParamsSchema = z.object({
  token: z.string().max(256).meta({ description: '43 base64url characters from the claim link', example: 'dGhpcy1pcy1ub3QtYS1yZWFsLWNsYWltLXRva2VuLXg' }),
});

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema };

/** /claim/{token}: the nominee sees, accepts or declines their certificate. */
export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = nominationsContext(app);

  app.get(
    '/api/claims/:token',
    {
      schema: {
        tags: ['claims'],
        summary: 'The certificate behind a claim link',
        description:
          "404 CLAIM_NOT_FOUND: unknown, replaced, or hidden by moderators. 410 CLAIM_USED: declined. After an accept it answers 200 with status 'claimed'.",
        params: claimTokenParamsSchema,
        response: { 200: claimSchema, ...errors },
      },
    },
    async (request) => getClaim(ctx, request.params.token),
  );

  app.post(
    '/api/claims/:token/accept',
    {
      schema: {
        tags: ['claims'],
        summary: 'Accept the award (signed in: it shows on my account)',
        params: claimTokenParamsSchema,
        response: { 200: acceptClaimResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.getAuth(request, reply);
      return acceptClaim(ctx, request.params.token, user?.id ?? null);
    },
  );

  app.post(
    '/api/claims/:token/decline',
    {
      schema: {
        tags: ['claims'],
        summary: 'Decline the award: final; it leaves public view at once',
        description: 'Also possible after accepting. Removes it from the community wall, its page and its files; prints can no longer be ordered.',
        params: claimTokenParamsSchema,
        response: { 200: declineClaimResultSchema, ...errors },
      },
    },
    async (request) => declineClaim(ctx, request.params.token),
  );
};
