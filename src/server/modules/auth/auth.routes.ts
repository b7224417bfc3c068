import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_RATE_LIMITS,
  acceptedSchema,
  authConfigSchema,
  csrfSchema,
  emailOnlyBodySchema,
  googleStartBodySchema,
  googleStartSchema,
  PASSWORD_MIN_LENGTH,
  resetPasswordBodySchema,
  sessionStateSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResultSchema,
} from '@/contract/auth';
import { apiErrorSchema } from '@/contract/errors';
import { ensureCsrfCookie } from './auth.hooks';
import { applyCookies, callerOf } from './auth.http';
import { toAuthUser, toSessionState } from './auth.service';
import { keepPagesOnEveryRoute } from '@/server/lib/page-cache';

const L = ACCOUNT_RATE_LIMITS;
const mailLimits = (kind: string, perRecipient: { max: number; windowMinutes: number }) =>
  `At most ${perRecipient.max} ${kind} mails per address per ${perRecipient.windowMinutes} minutes and ${L.accountMailsPerRecipientPerDay.max} account mails per day (over that, nothing is sent and the answer is the same); ${L.mailRequestsPerIp.max} requests per IP per ${L.mailRequestsPerIp.windowMinutes} minutes (429 RATE_LIMITED).`;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** /api/auth: HTTP in and out only; app.auth.service holds the rules (docs/decisions/065). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (sign-in, sign-up, passwords: no public page changes; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  const auth = app.auth.service;

  app.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current user, session expiry and admin flag',
        description:
          'Signed out: user and session are null. Renews the session cookie once a day and sets the CSRF cookie.',
        response: { 200: sessionStateSchema },
      },
    },
    async (request, reply) => {
      ensureCsrfCookie(app, request, reply);
      return toSessionState(await app.auth.getAuth(request, reply));
    },
  );

  app.get(
    '/api/auth/csrf',
    {
      schema: {
        tags: ['auth'],
        summary: 'A CSRF token (also set as the certifiable_csrf cookie)',
        description: 'Send it back in the x-csrf-token header on every POST, PUT, PATCH and DELETE.',
        response: { 200: csrfSchema },
      },
    },
    async (request, reply) => {
      return { csrf_token: ensureCsrfCookie(app, request, reply) };
    },
  );

  app.get(
    '/api/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods this server offers',
        response: { 200: authConfigSchema },
      },
    },
    async () => ({ google_enabled: auth.googleEnabled, password_min_length: PASSWORD_MIN_LENGTH }),
  );

  app.post(
    '/api/auth/sign-in',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          `At most 5 failed attempts per 15 minutes per (lower-cased) email from one IP — failures from another IP do not lock the account out (docs/decisions/110) — and ${L.failedSignInsPerIp.max} per IP whatever the email; the next is refused with 429 before the password is checked. Every attempt is logged (repeats coalesced per window).`,
        body: signInBodySchema,
        response: { 200: sessionStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { auth: signedIn, cookies } = await auth.signIn(callerOf(request), request.body);
      applyCookies(reply, cookies);
      return toSessionState(signedIn);
    },
  );

  app.post(
    '/api/auth/sign-up',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and send the verification mail',
        description:
          `The account cannot sign in until the email address is verified. New accounts hold no roles. At most ${L.signUpsPerIp.max} sign-up attempts per IP per ${L.signUpsPerIp.windowMinutes} minutes (429 RATE_LIMITED); the name is stored without invisible or direction-changing characters.`,
        body: signUpBodySchema,
        response: { 201: signUpResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.signUp(callerOf(request), request.body);
      return reply.code(201).send({ user: toAuthUser(user), email_verification_required: true });
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends this session and clears its cookie',
        response: { 200: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      applyCookies(reply, (await auth.signOut(callerOf(request))).cookies);
      app.auth.forget(request);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start Google sign-in',
        description:
          'Answers the Google URL to send the browser to (and sets the certifiable_oauth state cookie). 404 GOOGLE_NOT_CONFIGURED when GOOGLE_CLIENT_ID/SECRET are not set.',
        body: googleStartBodySchema,
        response: { 200: googleStartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { url, cookies } = await auth.startGoogle(callerOf(request), request.body.redirect);
      applyCookies(reply, cookies);
      return { url };
    },
  );

  // Where Google sends the browser back; a browser navigation, not an API call.
  app.get(
    '/api/auth/callback/google',
    { schema: { hide: true, querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      const answer = await auth.oauthCallback(callerOf(request), {
        method: request.method,
        // The matched route's path, never the text the client sent (docs/decisions/050); only the query is theirs.
        path: request.routeOptions.url ?? '/api/auth/callback/google',
        search: new URL(request.url, 'http://local').search,
      });
      reply.code(answer.status);
      for (const [name, value] of answer.headers) reply.header(name, value);
      applyCookies(reply, answer.cookies);
      return reply.send(answer.body);
    },
  );

  // The link in the verification mail; a browser navigation, not an API call.
  app.get(
    '/api/auth/verify-email',
    { schema: { hide: true, querystring: z.object({ token: z.string().max(4000).default('') }) } },
    async (request, reply) => {
      const outcome = request.query.token ? await auth.verifyEmail(request.query.token) : 'invalid';
      return reply.redirect(outcome === 'verified' ? '/auth?verified=1' : `/auth?verification=${outcome}`);
    },
  );

  app.post(
    '/api/auth/verification/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the verification mail again',
        description:
          `Answers the same whether or not the address has an unverified account. ${mailLimits('verification', L.verificationMailsPerRecipient)}`,
        body: emailOnlyBodySchema,
        response: { 202: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.resendVerification(callerOf(request), request.body.email);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link',
        description:
          `Answers the same whether or not the address has an account. A new link invalidates the older ones. ${mailLimits('reset', L.resetMailsPerRecipient)}`,
        body: emailOnlyBodySchema,
        response: { 202: acceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(callerOf(request), request.body.email);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token from the reset mail',
        description: 'Signs out every session of the account.',
        body: resetPasswordBodySchema,
        response: { 200: acceptedSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.new_password);
      return { ok: true as const };
    },
  );
};
