import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import { createNominationBodySchema, createNominationResultSchema } from '@/contract/nominations';
import { badRequest } from '@/server/lib/http-errors';
import type { NominationsContext } from './context';
import { createNomination, REFUSED_MESSAGE } from './create-nomination';
import { enforceLimit } from './rate-limits';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

/** POST /api/nominations: anyone may nominate; signed-in nominators are recorded. */
export function nominationsRoutes(ctx: NominationsContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/nominations',
      {
        schema: {
          tags: ['nominations'],
          summary: 'Nominate someone: stores the certificate, creates a claim link, mails the nominee',
          description:
            'Anonymous nominations are allowed; a signed-in nominator is linked to it. claim_url is shown once (only its hash is stored). ' +
            'Per-IP limit NOMINATION_RATE_LIMIT (429 RATE_LIMITED). The honeypot field `website` must stay empty.',
          body: createNominationBodySchema,
          response: { 201: createNominationResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (request.body.website?.trim()) {
          // Said the same way as any refused form, so a bot learns nothing (docs/decisions/032).
          request.log.info({ ip: request.ip }, 'nomination refused: honeypot field filled');
          throw badRequest(REFUSED_MESSAGE);
        }
        await enforceLimit(ctx.db, 'nomination', `ip:${request.ip}`, request.ip);
        const { user } = await app.auth.getAuth(request, reply);
        const result = await createNomination(ctx, request.body, user?.id ?? null, request.ip);
        return reply.code(201).send({
          certificate: result.certificate,
          claim_url: result.claimUrl,
          claim_mail_sent: result.claimMailSent,
        });
      },
    );
  };
}
