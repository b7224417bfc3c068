import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptedSchema } from '@/contract/auth';
import { apiErrorSchema } from '@/contract/errors';
import {
  adminHideBodySchema,
  adminNominationListQuerySchema,
  adminNominationListSchema,
  adminNominationParamsSchema,
  adminNominationSchema,
  adminResendClaimResultSchema,
} from '@/contract/nominations';
import {
  deleteNomination,
  getAdminNomination,
  listAdminNominations,
  resendClaimMail,
  setNominationHidden,
} from './admin-nominations.service';
import type { NominationsContext } from './context';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** /admin/nominations. Authorization is the app-wide /api/admin hook; every change is audited. */
export function adminNominationsRoutes(ctx: NominationsContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/nominations',
      {
        schema: {
          tags: ['admin'],
          summary: 'List nominations: search (names, emails, certificate number), status incl. hidden, award, visibility, dates',
          querystring: adminNominationListQuerySchema,
          response: { 200: adminNominationListSchema, ...errors },
        },
      },
      async (request) => listAdminNominations(ctx, request.query),
    );

    app.get(
      '/api/admin/nominations/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'One nomination with emails, accounts and moderation state',
          params: adminNominationParamsSchema,
          response: { 200: adminNominationSchema, ...errors },
        },
      },
      async (request) => getAdminNomination(ctx, request.params.id),
    );

    app.post(
      '/api/admin/nominations/:id/hide',
      {
        schema: {
          tags: ['admin'],
          summary: 'Hide from public view, with a reason (audited)',
          params: adminNominationParamsSchema,
          body: adminHideBodySchema,
          response: { 200: adminNominationSchema, ...errors },
        },
      },
      async (request) => setNominationHidden(ctx, await app.auth.requireActor(request), request.params.id, request.body.reason),
    );

    app.post(
      '/api/admin/nominations/:id/unhide',
      {
        schema: {
          tags: ['admin'],
          summary: 'Show again (audited); a declined nomination stays out of view',
          params: adminNominationParamsSchema,
          response: { 200: adminNominationSchema, ...errors },
        },
      },
      async (request) => setNominationHidden(ctx, await app.auth.requireActor(request), request.params.id, null),
    );

    app.post(
      '/api/admin/nominations/:id/resend-claim',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mail the nominee a new claim link; the old one stops working (audited)',
          description: '409 NOT_PENDING once answered, HIDDEN while hidden, NO_NOMINEE_EMAIL without an address.',
          params: adminNominationParamsSchema,
          response: { 200: adminResendClaimResultSchema, ...errors },
        },
      },
      async (request) => resendClaimMail(ctx, await app.auth.requireActor(request), request.params.id),
    );

    app.delete(
      '/api/admin/nominations/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a nomination with its claim links and reactions (audited)',
          params: adminNominationParamsSchema,
          response: { 200: acceptedSchema, ...errors },
        },
      },
      async (request) => {
        await deleteNomination(ctx, await app.auth.requireActor(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
