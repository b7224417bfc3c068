import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditIdParamsSchema, auditListQuerySchema, auditListSchema } from '@/contract/admin-audit';
import { apiErrorSchema } from '@/contract/errors';
import { getAuditEntry, listAudit } from './admin-audit.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** GET /api/admin/audit and /api/admin/audit/{id} (issue 14, docs/decisions/104): read-only. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags,
        summary: 'Admin actions and security events, newest first, 50 a page',
        description: 'Filters: kind (admin | security), actor (part of an email), entity_type, action (or event type), from/to (UTC days, inclusive).',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, ...errors },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/api/admin/audit/:id',
    { schema: { tags, summary: 'One audit entry: before and after, or the security event’s details', params: auditIdParamsSchema, response: { 200: auditEntrySchema, ...errors } } },
    async (request) => getAuditEntry(app.db, request.params.id),
  );
};
