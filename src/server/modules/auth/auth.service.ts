import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_ERROR_CODES,
  AUTH_SERVER_MESSAGES,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MINUTES,
  type AuthUser,
  type SessionState,
  type SignInBody,
  type SignUpBody,
} from '../../../contract/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict, HttpError, tooManyRequests, unauthorized } from '../../lib/http-errors';
import type { SettingsService } from '../settings/settings.service';
import type { Mailer } from '../mail/mail.service';
import { resetPasswordMail, verificationMail } from '../mail/mail.templates';
import { isAdmin } from '../roles/roles.service';
import { checkRateLimit, logRateLimitAttempt, type RateLimitRule } from '../security/rate-limit.service';
import { recordSecurityEvent } from '../security/security.service';
import { createBetterAuth, type BetterAuthInstance } from './better-auth';

export const LOGIN_RULE: RateLimitRule = {
  attemptType: 'login',
  maxAttempts: LOGIN_MAX_ATTEMPTS,
  windowMinutes: LOGIN_WINDOW_MINUTES,
};
/** Mails a stranger can make us send to someone: a few per address per window. */
const MAIL_RULES = {
  verification: { attemptType: 'verification_mail', maxAttempts: 3, windowMinutes: 15 },
  reset: { attemptType: 'password_reset_mail', maxAttempts: 3, windowMinutes: 15 },
} satisfies Record<string, RateLimitRule>;

const CLIENT_IP_HEADER = 'x-certifiable-client-ip';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
}

export interface RequestAuth {
  user: SessionUser | null;
  session: { id: string; expiresAt: Date } | null;
  isAdmin: boolean;
}

const SIGNED_OUT: RequestAuth = { user: null, session: null, isAdmin: false };

interface BetterAuthErrorLike {
  statusCode: number;
  body?: { code?: string; message?: string };
  headers?: HeadersInit | null;
}
function asBetterAuthError(err: unknown): BetterAuthErrorLike | null {
  if (err && typeof err === 'object' && 'statusCode' in err && typeof err.statusCode === 'number' && 'body' in err) {
    return err as BetterAuthErrorLike;
  }
  return null;
}

export function toAuthUser(u: SessionUser): AuthUser {
  return {
    id: u.id,
    email: u.email,
    full_name: u.name,
    email_verified: u.emailVerified,
    image: u.image ?? null,
    created_at: new Date(u.createdAt).toISOString(),
  };
}

export function toSessionState(auth: RequestAuth): SessionState {
  return {
    user: auth.user ? toAuthUser(auth.user) : null,
    session: auth.session ? { expires_at: auth.session.expiresAt.toISOString() } : null,
    is_admin: auth.isAdmin,
  };
}

/**
 * Accounts and sessions: every rule the browser used to enforce (spec §5, §7), enforced here.
 * Better Auth does the cryptography, cookies and OAuth; this service adds the per-email rate
 * limit, the security log, the spec's messages and our error shape around it.
 */
export class AuthService {
  readonly betterAuth: BetterAuthInstance;
  private readonly cache = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

  constructor(
    private readonly deps: {
      config: Config;
      db: Db;
      log: FastifyBaseLogger;
      mailer: Mailer;
      settings: SettingsService;
      secret: string;
    },
  ) {
    const { config } = deps;
    this.betterAuth = createBetterAuth({
      config,
      db: deps.db,
      secret: deps.secret,
      log: deps.log,
      sendVerificationEmail: async ({ user, token }) => {
        const brand = (await deps.settings.getPublic()).brand_name;
        const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
        await deps.mailer.send(verificationMail({ to: user.email, name: user.name, url, brand }));
      },
      sendResetPassword: async ({ user, token }) => {
        const brand = (await deps.settings.getPublic()).brand_name;
        const url = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await deps.mailer.send(resetPasswordMail({ to: user.email, name: user.name, url, brand }));
      },
    });
  }

  get googleEnabled(): boolean {
    return this.deps.config.google !== null;
  }

  /** Headers for a Better Auth server call: the caller's cookies and agent, and the IP Fastify trusts. */
  headersFor(request: FastifyRequest): Headers {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const ua = request.headers['user-agent'];
    if (ua) headers.set('user-agent', ua);
    headers.set(CLIENT_IP_HEADER, request.ip);
    return headers;
  }

  /** Copies Better Auth's Set-Cookie headers onto our reply. */
  forwardCookies(reply: FastifyReply, headers: Headers | null | undefined) {
    if (!headers) return;
    for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie);
  }

  /**
   * Who is calling: the session from the cookie (renewed when it is a day old), the user and
   * whether they are an admin. Looked up once per request.
   */
  getAuth(request: FastifyRequest, reply?: FastifyReply): Promise<RequestAuth> {
    let cached = this.cache.get(request);
    if (!cached) {
      cached = this.lookup(request, reply);
      this.cache.set(request, cached);
    }
    return cached;
  }

  /** Forget the cached lookup (after signing in or out within the same request). */
  forget(request: FastifyRequest) {
    this.cache.delete(request);
  }

  private async lookup(request: FastifyRequest, reply?: FastifyReply): Promise<RequestAuth> {
    if (!request.headers.cookie?.includes('certifiable_session')) return SIGNED_OUT;
    const result = await this.betterAuth.api.getSession({ headers: this.headersFor(request), returnHeaders: true });
    if (reply) this.forwardCookies(reply, result.headers);
    const data = result.response;
    if (!data) return SIGNED_OUT;
    const user = data.user as SessionUser & { disabledAt?: Date | null };
    if (user.disabledAt) return SIGNED_OUT;
    let admin = false;
    try {
      admin = await isAdmin(this.deps.db, user.id);
    } catch (err) {
      // Spec §6: a failed lookup means not admin.
      request.log.error({ err }, 'admin role lookup failed');
    }
    return {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        createdAt: new Date(user.createdAt),
      },
      session: { id: data.session.id, expiresAt: new Date(data.session.expiresAt) },
      isAdmin: admin,
    };
  }

  async requireUser(request: FastifyRequest, reply?: FastifyReply): Promise<RequestAuth & { user: SessionUser }> {
    const auth = await this.getAuth(request, reply);
    if (!auth.user) throw unauthorized();
    return auth as RequestAuth & { user: SessionUser };
  }

  private securityContext(request: FastifyRequest) {
    return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
  }

  /**
   * Spec §7 sign-in: check_rate_limit → password → log_rate_limit_attempt, plus the security
   * log. The 6th failed attempt in 15 minutes is refused before the password is looked at.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, body: SignInBody): Promise<RequestAuth> {
    const email = body.email.toLowerCase();
    const { db, log } = this.deps;
    const ctx = this.securityContext(request);

    const limit = await checkRateLimit(db, email, LOGIN_RULE, request.ip);
    if (!limit.allowed) {
      await recordSecurityEvent(db, log, { eventType: 'rate_limited_login', details: { email }, email, ...ctx });
      reply.header('retry-after', String(LOGIN_WINDOW_MINUTES * 60));
      throw tooManyRequests(AUTH_SERVER_MESSAGES.rateLimited, AUTH_ERROR_CODES.rateLimited);
    }

    try {
      const result = await this.betterAuth.api.signInEmail({
        body: { email, password: body.password, rememberMe: true },
        headers: this.headersFor(request),
        returnHeaders: true,
      });
      await logRateLimitAttempt(db, limit.attemptId!, true);
      this.forwardCookies(reply, result.headers);
      const user = result.response.user as unknown as SessionUser;
      const session = await this.sessionByToken(result.response.token);
      return {
        user: { ...user, image: user.image ?? null, createdAt: new Date(user.createdAt) },
        session,
        isAdmin: await isAdmin(db, user.id),
      };
    } catch (err) {
      await logRateLimitAttempt(db, limit.attemptId!, false);
      const apiErr = asBetterAuthError(err);
      const code = apiErr?.body?.code;
      if (code === 'INVALID_EMAIL_OR_PASSWORD') {
        await recordSecurityEvent(db, log, {
          eventType: 'failed_login',
          details: { email, error_message: 'invalid_credentials' },
          email,
          ...ctx,
        });
        throw new HttpError(401, AUTH_ERROR_CODES.invalidCredentials, AUTH_SERVER_MESSAGES.invalidCredentials);
      }
      if (code === 'EMAIL_NOT_VERIFIED') {
        await recordSecurityEvent(db, log, {
          eventType: 'failed_login',
          details: { email, error_message: 'email_not_verified' },
          email,
          ...ctx,
        });
        throw new HttpError(403, AUTH_ERROR_CODES.emailNotVerified, AUTH_SERVER_MESSAGES.emailNotVerified);
      }
      if (code === AUTH_ERROR_CODES.accountDisabled) {
        await recordSecurityEvent(db, log, {
          eventType: 'failed_login',
          details: { email, error_message: 'account_disabled' },
          email,
          ...ctx,
        });
        throw new HttpError(403, AUTH_ERROR_CODES.accountDisabled, AUTH_SERVER_MESSAGES.accountDisabled);
      }
      await recordSecurityEvent(db, log, {
        eventType: 'failed_login',
        details: { email, error_message: code ?? (err instanceof Error ? err.message : 'unknown') },
        email,
        ...ctx,
      });
      if (apiErr && apiErr.statusCode < 500) {
        throw new HttpError(apiErr.statusCode, code ?? 'SIGN_IN_FAILED', apiErr.body?.message ?? 'Sign-in failed.');
      }
      throw err;
    }
  }

  private async sessionByToken(token: string): Promise<{ id: string; expiresAt: Date }> {
    const ctx = await this.betterAuth.$context;
    const found = await ctx.internalAdapter.findSession(token);
    if (!found) throw new Error('session just created was not found');
    return { id: found.session.id, expiresAt: new Date(found.session.expiresAt) };
  }

  /** Spec §7 sign-up with full_name; sends the verification mail. Duplicates are a clear 409 (spec §8). */
  async signUp(request: FastifyRequest, body: SignUpBody): Promise<SessionUser> {
    const email = body.email.toLowerCase();
    const { db, log } = this.deps;
    const ctx = this.securityContext(request);
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing.length) {
      await recordSecurityEvent(db, log, {
        eventType: 'failed_signup',
        details: { email, error_message: 'user_already_exists' },
        email,
        ...ctx,
      });
      throw conflict(AUTH_SERVER_MESSAGES.userExists, 'email', AUTH_ERROR_CODES.userExists);
    }
    try {
      const result = await this.betterAuth.api.signUpEmail({
        body: { name: body.full_name, email, password: body.password },
        headers: this.headersFor(request),
      });
      const user = result.user as unknown as SessionUser;
      return { ...user, image: user.image ?? null, createdAt: new Date(user.createdAt) };
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      if (apiErr && apiErr.statusCode < 500) {
        await recordSecurityEvent(db, log, {
          eventType: 'failed_signup',
          details: { email, error_message: apiErr.body?.code ?? 'generic' },
          email,
          ...ctx,
        });
        throw badRequest(apiErr.body?.message ?? 'Sign up failed.', undefined, apiErr.body?.code ?? 'SIGN_UP_FAILED');
      }
      await recordSecurityEvent(db, log, {
        eventType: 'failed_signup_exception',
        details: { email, error_message: err instanceof Error ? err.message : String(err) },
        email,
        ...ctx,
      });
      throw err;
    }
  }

  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      const result = await this.betterAuth.api.signOut({ headers: this.headersFor(request), returnHeaders: true });
      this.forwardCookies(reply, result.headers);
    } catch (err) {
      // Signing out without a valid session still clears the cookie.
      const apiErr = asBetterAuthError(err);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      reply.clearCookie('certifiable_session', { path: '/' });
    }
    this.forget(request);
  }

  /** Starts Google sign-in: the provider URL to send the browser to, plus the state cookie. */
  async startGoogle(request: FastifyRequest, reply: FastifyReply, redirect: string | undefined): Promise<string> {
    if (!this.googleEnabled) {
      throw new HttpError(404, AUTH_ERROR_CODES.googleNotConfigured, AUTH_SERVER_MESSAGES.googleNotConfigured);
    }
    const back = new URL('/auth', this.deps.config.publicUrl);
    back.searchParams.set('provider', 'google');
    if (redirect) back.searchParams.set('redirect', redirect);
    const result = await this.betterAuth.api.signInSocial({
      body: {
        provider: 'google',
        callbackURL: back.toString(),
        errorCallbackURL: back.toString(),
        disableRedirect: true,
      },
      headers: this.headersFor(request),
      returnHeaders: true,
    });
    this.forwardCookies(reply, result.headers);
    const url = (result.response as { url?: string }).url;
    if (!url) throw new Error('Google sign-in returned no URL');
    return url;
  }

  /** The OAuth callback: handed to Better Auth's own handler (the only route that is). */
  async handleOAuthCallback(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, this.deps.config.publicUrl);
    const response = await this.betterAuth.handler(
      new Request(url, { method: request.method, headers: this.headersFor(request) }),
    );
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    this.forwardCookies(reply, response.headers);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
  }

  /** The link in the verification mail. Answers where to send the browser next. */
  async verifyEmail(token: string): Promise<'verified' | 'expired' | 'invalid'> {
    try {
      await this.betterAuth.api.verifyEmail({ query: { token } });
      return 'verified';
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      return apiErr.body?.code === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
    }
  }

  /** Sends a new verification mail when the address has an unverified account; silent otherwise. */
  async resendVerification(request: FastifyRequest, emailInput: string): Promise<void> {
    const email = emailInput.toLowerCase();
    const [user] = await this.deps.db
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.emailVerified) return;
    const limit = await checkRateLimit(this.deps.db, email, MAIL_RULES.verification, request.ip);
    if (!limit.allowed) return;
    await this.betterAuth.api.sendVerificationEmail({ body: { email } });
  }

  /** Forgotten password: a reset mail when the address has an account; the answer is the same either way. */
  async requestPasswordReset(request: FastifyRequest, emailInput: string): Promise<void> {
    const email = emailInput.toLowerCase();
    const limit = await checkRateLimit(this.deps.db, email, MAIL_RULES.reset, request.ip);
    if (!limit.allowed) return;
    await this.betterAuth.api.requestPasswordReset({ body: { email, redirectTo: '/auth/reset-password' } });
  }

  /** Sets a new password from a reset link; every session of the account is revoked. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    try {
      await this.betterAuth.api.resetPassword({ body: { token, newPassword } });
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      throw badRequest(
        'This reset link is invalid or has expired. Ask for a new one.',
        'token',
        'INVALID_RESET_TOKEN',
      );
    }
  }

  /** Changes the password of the signed-in user and signs out every other session. */
  async changePassword(request: FastifyRequest, reply: FastifyReply, current: string, next: string): Promise<void> {
    try {
      const result = await this.betterAuth.api.changePassword({
        body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
        headers: this.headersFor(request),
        returnHeaders: true,
      });
      this.forwardCookies(reply, result.headers);
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      const code = apiErr.body?.code;
      if (code === 'INVALID_PASSWORD') throw badRequest('Your current password is not correct.', 'current_password', 'INVALID_PASSWORD');
      if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
        throw badRequest('Your account signs in with Google and has no password to change.', undefined, 'NO_PASSWORD');
      }
      if (apiErr.statusCode === 401) throw unauthorized();
      throw badRequest(apiErr.body?.message ?? 'Changing the password failed.', undefined, code ?? 'CHANGE_PASSWORD_FAILED');
    }
    this.forget(request);
  }

  /** Checks a user's password without signing in (e.g. to confirm deleting the account). */
  async verifyPassword(userId: string, password: string): Promise<boolean> {
    const ctx = await this.betterAuth.$context;
    const accountsOfUser = await ctx.internalAdapter.findAccounts(userId);
    const credential = accountsOfUser.find((a) => a.providerId === 'credential');
    if (!credential?.password) return false;
    return ctx.password.verify({ hash: credential.password, password });
  }

  async hasPassword(userId: string): Promise<boolean> {
    const ctx = await this.betterAuth.$context;
    const accountsOfUser = await ctx.internalAdapter.findAccounts(userId);
    return accountsOfUser.some((a) => a.providerId === 'credential' && !!a.password);
  }

  async providersOf(userId: string): Promise<string[]> {
    const ctx = await this.betterAuth.$context;
    const accountsOfUser = await ctx.internalAdapter.findAccounts(userId);
    return [...new Set(accountsOfUser.map((a) => (a.providerId === 'credential' ? 'email' : a.providerId)))].sort();
  }

  /** Signs out every session of a user (disabled accounts, deleted accounts). */
  async revokeAllSessions(userId: string): Promise<void> {
    const ctx = await this.betterAuth.$context;
    await ctx.internalAdapter.deleteUserSessions(userId);
  }

  /**
   * A verified account with a password, without any mail (ADMIN_EMAIL bootstrap, tests).
   * An existing account is returned as it is, only marked verified.
   */
  async ensureVerifiedUser(emailInput: string, password: string, name?: string): Promise<{ id: string; created: boolean }> {
    const email = emailInput.toLowerCase();
    const ctx = await this.betterAuth.$context;
    const existing = await ctx.internalAdapter.findUserByEmail(email);
    if (existing) {
      if (!existing.user.emailVerified) await ctx.internalAdapter.updateUser(existing.user.id, { emailVerified: true });
      return { id: existing.user.id, created: false };
    }
    const hash = await ctx.password.hash(password);
    const user = await ctx.internalAdapter.createUser({ email, name: name ?? email, emailVerified: true }, { method: 'email-password' });
    if (!user) throw new Error(`could not create the account ${email}`);
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
    return { id: user.id, created: true };
  }

  async findUserIdByEmail(email: string): Promise<string | null> {
    const [row] = await this.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row?.id ?? null;
  }
}
