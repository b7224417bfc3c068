import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailDetailSchema, mailListQuerySchema, mailListSchema, mailParamsSchema, mailResendSchema } from '@/contract/admin-mail';
import { apiErrorSchema } from '@/contract/errors';
import { getMail, listMails, resendMail, type AdminMailContext } from './admin-mail.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['admin'];

/**
 * /api/admin/mail (issue 24, docs/decisions/111): the outbox — list, one mail, resend. Admins only, and the resend
 * needs the CSRF token: both by the app-wide hook on every /api/admin route (docs/decisions/050).
 */
export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AdminMailContext = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };

  app.get(
    '/api/admin/mail',
    {
      schema: {
        tags,
        summary: 'The mail outbox, newest first',
        description: 'Filters: state (queued, sending, sent, failed, logged), to (part of the recipient address). page, page_size (1–100, default 25).',
        querystring: mailListQuerySchema,
        response: { 200: mailListSchema, ...errors },
      },
    },
    async (request) => listMails(ctx, request.query),
  );

  app.get(
    '/api/admin/mail/:id',
    {
      schema: {
        tags,
        summary: 'One mail as it would arrive: subject, text, HTML and its links (mails that went to the log), with its state',
        params: mailParamsSchema,
        response: { 200: mailDetailSchema, ...errors },
      },
    },
    async (request) => getMail(ctx, request.params.id),
  );

  app.post(
    '/api/admin/mail/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send the same mail again, as a new outbox row through the mail job (audited)',
        params: mailParamsSchema,
        response: { 200: mailResendSchema, ...errors },
      },
    },
    async (request) => resendMail(ctx, request.params.id, await app.auth.requireActor(request)),
  );
};
