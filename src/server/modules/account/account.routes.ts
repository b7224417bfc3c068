import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  accountSchema,
  deleteAccountBodySchema,
  updateAccountBodySchema,
} from '@/contract/account';
import { acceptedSchema, AUTH_COOKIES, changePasswordBodySchema } from '@/contract/auth';
import { apiErrorSchema } from '@/contract/errors';
import { applyCookies, callerOf } from '../auth';
import { deleteAccount, exportAccount, getAccount, updateAccount } from './account.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** The signed-in user's own account (/account). Every route needs a session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    await app.auth.requireUser(request, reply);
  });

  app.get(
    '/api/account',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['account'],
        summary: 'My profile, roles and sign-in methods',
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await app.auth.requireUser(request);
      return getAccount(app.db, app.auth.service, user);
    },
  );

  app.patch(
    '/api/account',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Change my full name',
        body: updateAccountBodySchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await app.auth.requireUser(request);
      await updateAccount(app.db, user.id, request.body.full_name);
      return getAccount(app.db, app.auth.service, { ...user, name: request.body.full_name });
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { keepsPages: true, signedIn: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Change my password',
        description:
          'Every other session of the account is signed out; this one gets a fresh cookie. Wrong current passwords are throttled like the login (429 RATE_LIMITED).',
        body: changePasswordBodySchema,
        response: { 200: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request);
      const { current_password: current, new_password: next } = request.body;
      applyCookies(reply, (await app.auth.service.changePassword(callerOf(request), user, current, next)).cookies);
      app.auth.forget(request);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/account/export',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Download everything we hold about me (JSON)',
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request);
      const date = new Date().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="certifiable-my-data-${date}.json"`);
      return exportAccount(app.db, app.auth.service, user);
    },
  );

  app.delete(
    '/api/account',
    {
      config: { signedIn: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Delete my account',
        description:
          'Confirm with the account email (and the password, when the account has one; wrong passwords are throttled like the login, 429 RATE_LIMITED). Orders are kept, anonymised, for accounting.',
        body: deleteAccountBodySchema,
        response: { 200: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await app.auth.requireUser(request);
      await deleteAccount(app.db, app.auth.service, user, request.body, callerOf(request), (await app.settings.getShop()).currency);
      reply.clearCookie(AUTH_COOKIES.session, { path: '/' });
      return { ok: true as const };
    },
  );
};
