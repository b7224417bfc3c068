import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contract/errors';
import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  updateAdminUserBodySchema,
  userIdParamsSchema,
} from '@/contract/users';
import { getAdminUser, listUsers, updateUser } from './users.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** /admin/users. Authorization is the app-wide /api/admin hook (modules/auth/auth.hooks.ts). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'List and search users with roles, verification, sign-up and last sign-in',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grant or revoke admin, disable or enable an account (audited)',
        description:
          'Never removes or disables the last active admin (409 LAST_ADMIN). Disabling signs the user out everywhere.',
        params: userIdParamsSchema,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
    },
    async (request) => {
      const { disabledNow } = await updateUser(app.db, await app.auth.requireActor(request), request.params.id, request.body);
      if (disabledNow) await app.auth.service.revokeAllSessions(request.params.id);
      return getAdminUser(app.db, request.params.id);
    },
  );
};
