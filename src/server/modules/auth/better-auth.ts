import { APIError } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTH_COOKIES,
  AUTH_ERROR_CODES,
  AUTH_SERVER_MESSAGES,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@/contract/auth';
import { normaliseLine } from '@/contract/text';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { accounts, sessions, users, verifications } from '@/server/db/schema/index';
import { passwordHashing } from './test-password-hashing';

export const SESSION_EXPIRES_IN_S = 30 * 24 * 60 * 60; // cookie policy: up to 30 days from the last visit
export const SESSION_UPDATE_AGE_S = 24 * 60 * 60; // renewed at most once a day
export const VERIFY_EMAIL_EXPIRES_IN_S = 24 * 60 * 60;
export const RESET_PASSWORD_EXPIRES_IN_S = 60 * 60;

/** How Better Auth names a reset token (`reset-password:{token}`) before it is stored. */
const RESET_TOKEN_IDENTIFIER_PREFIX = 'reset-password:';
/**
 * Reset tokens are stored hashed like every verification value, but under a prefix of their own,
 * so the tokens of one account can be found (and the older ones deleted when a new link is issued,
 * docs/decisions/018). The prefix differs from Better Auth's plain one, so a stored value can never
 * be replayed as a token through its plain-identifier fallback.
 */
export const RESET_TOKEN_STORAGE_PREFIX = 'password-reset:';
const hashIdentifier = (identifier: string) =>
  RESET_TOKEN_STORAGE_PREFIX + createHash('sha256').update(identifier).digest('base64url');
/** The stored identifier of the reset token a mail carries. */
export const resetTokenStorageKey = (token: string) => hashIdentifier(`${RESET_TOKEN_IDENTIFIER_PREFIX}${token}`);

export interface BetterAuthDeps {
  config: Config;
  db: Db;
  secret: string;
  log: FastifyBaseLogger;
  sendVerificationEmail(data: { user: { id: string; email: string; name: string }; token: string }): Promise<void>;
  sendResetPassword(data: { user: { id: string; email: string; name: string }; token: string }): Promise<void>;
}

/**
 * The Better Auth instance (docs/decisions/010). Only its server API is used by our own routes
 * (modules/auth/auth.routes.ts); its HTTP router is reached for nothing but the OAuth callback,
 * so every rule (zod bodies, rate limit, CSRF, error shape) is ours and cannot be bypassed.
 */
export function createBetterAuth(deps: BetterAuthDeps) {
  const { config, db, secret, log } = deps;
  const secure = config.publicUrl.startsWith('https://');

  return betterAuth({
    appName: 'Certifiable',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    telemetry: { enabled: false },
    // Our own per-email limit (modules/security/rate-limit.service.ts) guards password sign-in.
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        // "User not found" / "Invalid password" are ordinary failed logins, recorded elsewhere.
        if (level === 'warn' && /not found|invalid password/i.test(message)) return;
        const target = level === 'error' ? log.error : level === 'warn' ? log.warn : log.info;
        target.call(log, { args }, `better-auth: ${message}`);
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      // Exact cookie names from the cookie policy; Secure on https (no __Secure- name prefix).
      useSecureCookies: false,
      defaultCookieAttributes: { secure, sameSite: 'lax', httpOnly: true, path: '/' },
      cookies: {
        session_token: { name: AUTH_COOKIES.session },
        state: { name: AUTH_COOKIES.oauth, attributes: { maxAge: 600 } },
        dont_remember: { name: 'certifiable_session_once' },
        session_data: { name: 'certifiable_session_data' },
      },
      ipAddress: { ipAddressHeaders: ['x-certifiable-client-ip'] },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    user: {
      additionalFields: {
        disabledAt: { type: 'date', required: false, input: false },
      },
    },
    account: {
      encryptOAuthTokens: true,
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: {
      storeIdentifier: { default: 'hashed', overrides: { [RESET_TOKEN_IDENTIFIER_PREFIX]: { hash: async (id) => hashIdentifier(id) } } },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_S,
      sendResetPassword: ({ user, token }) => deps.sendResetPassword({ user, token }),
      // Better Auth's scrypt everywhere; the app's tests hash at a lower work factor (test-password-hashing.ts).
      ...passwordHashing(config.nodeEnv),
    },
    emailVerification: {
      // Our sign-up sends it itself, under the per-recipient mail limit (docs/decisions/018).
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_S,
      sendVerificationEmail: ({ user, token }) => deps.sendVerificationEmail({ user, token }),
    },
    onAPIError: {
      // OAuth failures (bad state, provider errors) land on the sign-in page with ?error=…
      errorURL: `${config.publicUrl}/auth?provider=google`,
    },
    databaseHooks: {
      user: {
        create: {
          // Spec §3: the name falls back to the email when none is given (e.g. from Google). Names
          // from Google go into mails and pages too, so they are cleaned like typed ones.
          async before(user) {
            const name = normaliseLine(user.name ?? '').slice(0, FULL_NAME_MAX_LENGTH);
            return { data: { ...user, email: user.email.toLowerCase(), name: name || user.email } };
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no session, whichever way it signs in.
          async before(session) {
            const [row] = await db
              .select({ disabledAt: users.disabledAt })
              .from(users)
              .where(eq(users.id, String(session.userId)));
            if (row?.disabledAt) {
              throw new APIError('FORBIDDEN', {
                code: AUTH_ERROR_CODES.accountDisabled,
                message: AUTH_SERVER_MESSAGES.accountDisabled,
              });
            }
          },
          async after(session) {
            await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, String(session.userId)));
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                // The same code path for Google and for the loopback OIDC provider in tests:
                // endpoints and signing keys come from the issuer's discovery document.
                providerId: 'google',
                name: 'Google',
                discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                requireIdTokenVerification: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;

/** The shape of Better Auth's APIError: a refusal (4xx) or a fault (5xx) of one of its server calls. */
export interface BetterAuthErrorLike {
  statusCode: number;
  body?: { code?: string; message?: string };
  headers?: HeadersInit | null;
}

export function asBetterAuthError(err: unknown): BetterAuthErrorLike | null {
  if (err && typeof err === 'object' && 'statusCode' in err && typeof err.statusCode === 'number' && 'body' in err) {
    return err as BetterAuthErrorLike;
  }
  return null;
}
