import { createEmailVerificationToken } from 'better-auth/api';
import { and, eq, like, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_RATE_LIMITS,
  AUTH_ERROR_CODES,
  AUTH_SERVER_MESSAGES,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MINUTES,
  type AuthUser,
  type SessionState,
  type SignInBody,
  type SignUpBody,
} from '@/contract/auth';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { users, verifications } from '@/server/db/schema/index';
import { badRequest, conflict, HttpError, tooManyRequests, unauthorized } from '@/server/lib/http-errors';
import type { SettingsService } from '../settings/settings.service';
import type { Mailer } from '../mail/mail.service';
import { resetPasswordMail, verificationMail } from '../mail/mail.templates';
import { isAdmin } from '../roles/roles.service';
import {
  checkRateLimit,
  checkRateLimits,
  logRateLimitAttempt,
  pruneRateLimitAttempts,
  releaseRateLimitAttempts,
  type RateLimitRule,
} from '../security/rate-limit.service';
import { recordSecurityEvent } from '../security/security.service';
import {
  createBetterAuth,
  RESET_TOKEN_STORAGE_PREFIX,
  resetTokenStorageKey,
  VERIFY_EMAIL_EXPIRES_IN_S,
  type BetterAuthInstance,
} from './better-auth';

export const LOGIN_RULE: RateLimitRule = {
  attemptType: 'login',
  maxAttempts: LOGIN_MAX_ATTEMPTS,
  windowMinutes: LOGIN_WINDOW_MINUTES,
};
const rule = (attemptType: string, limit: { max: number; windowMinutes: number }): RateLimitRule => ({
  attemptType,
  maxAttempts: limit.max,
  windowMinutes: limit.windowMinutes,
});
/** Account abuse limits (docs/decisions/018); the numbers live in the contract. */
const LIMITS = ACCOUNT_RATE_LIMITS;
/** Failed sign-ins from one IP, whatever the address: a flood with ever new addresses stops too. */
const LOGIN_IP_RULE = rule('login_ip', LIMITS.failedSignInsPerIp);
const SIGN_UP_IP_RULE = rule('sign_up_ip', LIMITS.signUpsPerIp);
/** Verification resends and reset requests from one IP (counted whether or not the address has an account). */
const MAIL_REQUEST_IP_RULE = rule('account_mail_request_ip', LIMITS.mailRequestsPerIp);
/** Mails a stranger can make us send to someone: a few per address per hour, and a few more per day. */
const MAIL_RULES = {
  verification: rule('verification_mail', LIMITS.verificationMailsPerRecipient),
  reset: rule('password_reset_mail', LIMITS.resetMailsPerRecipient),
  daily: rule('account_mail', LIMITS.accountMailsPerRecipientPerDay),
} satisfies Record<string, RateLimitRule>;
/** Wrong current passwords (password change, account deletion) per account: the login limit's shape. */
export const PASSWORD_CHECK_RULE = rule('password_check', LIMITS.passwordChecks);

const ipIdentifier = (ip: string) => `ip:${ip}`;
const retryAfter = (r: RateLimitRule) => String(r.windowMinutes * 60);

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
      // Our own code sends every verification mail (sendVerificationMail, under the per-recipient
      // limit); this is only reached by Better Auth paths we do not expose.
      sendVerificationEmail: async ({ user }) => {
        if (await this.mayMail(null, user.email, 'verification')) await this.sendVerificationMail(user);
      },
      sendResetPassword: async ({ user, token }) => {
        // A new link replaces the older ones: they answer as invalid from now on.
        const key = resetTokenStorageKey(token);
        await deps.db
          .delete(verifications)
          .where(
            and(
              eq(verifications.value, user.id),
              like(verifications.identifier, `${RESET_TOKEN_STORAGE_PREFIX}%`),
              ne(verifications.identifier, key),
              lt(verifications.createdAt, sql`(select created_at from ${verifications} where identifier = ${key})`),
            ),
          );
        const brand = (await deps.settings.getPublic()).brand_name;
        const url = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await deps.mailer.send(resetPasswordMail({ to: user.email, name: user.name, url, brand }));
      },
    });
  }

  /** The verification mail: a signed link (Better Auth's token, so its verify endpoint accepts it). */
  private async sendVerificationMail(user: { id: string; email: string; name: string }): Promise<void> {
    const { config, settings, mailer } = this.deps;
    const ctx = await this.betterAuth.$context;
    const token = await createEmailVerificationToken(ctx.secret, user.email, undefined, VERIFY_EMAIL_EXPIRES_IN_S, {
      userId: user.id,
    });
    const brand = (await settings.getPublic()).brand_name;
    const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verificationMail({ to: user.email, name: user.name, url, brand }));
  }

  /**
   * Whether one more account mail may go to this address (per-recipient limits). Refusals are
   * silent to the caller — the answer must not say whether the address has an account — and are
   * recorded as a security event.
   */
  private async mayMail(request: FastifyRequest | null, email: string, kind: 'verification' | 'reset'): Promise<boolean> {
    const { db, log } = this.deps;
    const decision = await checkRateLimits(
      db,
      [
        { identifier: email, rule: MAIL_RULES[kind] },
        { identifier: email, rule: MAIL_RULES.daily },
      ],
      request?.ip,
    );
    await pruneRateLimitAttempts(db, MAIL_RULES[kind]);
    await pruneRateLimitAttempts(db, MAIL_RULES.daily);
    if (decision.allowed) return true;
    await recordSecurityEvent(db, log, {
      eventType: 'rate_limited_mail',
      details: { limit: 'per_recipient', kind },
      email,
      ...(request ? this.securityContext(request) : {}),
    });
    return false;
  }

  /** Per-IP limit on verification resends and reset requests: a clear 429, the same for every address. */
  private async limitMailRequests(request: FastifyRequest, reply: FastifyReply, kind: 'verification' | 'reset') {
    const { db, log } = this.deps;
    const decision = await checkRateLimits(db, [{ identifier: ipIdentifier(request.ip), rule: MAIL_REQUEST_IP_RULE }], request.ip);
    await pruneRateLimitAttempts(db, MAIL_REQUEST_IP_RULE);
    if (decision.allowed) return;
    await recordSecurityEvent(db, log, {
      eventType: 'rate_limited_mail',
      details: { limit: 'per_ip', kind },
      ...this.securityContext(request),
    });
    reply.header('retry-after', retryAfter(MAIL_REQUEST_IP_RULE));
    throw tooManyRequests(AUTH_SERVER_MESSAGES.mailRateLimited, AUTH_ERROR_CODES.rateLimited);
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

    const limit = await checkRateLimits(
      db,
      [
        { identifier: email, rule: LOGIN_RULE },
        { identifier: ipIdentifier(request.ip), rule: LOGIN_IP_RULE },
      ],
      request.ip,
    );
    await pruneRateLimitAttempts(db, LOGIN_IP_RULE);
    if (!limit.allowed) {
      // Refused by the per-IP limit: one event per IP (not per address), so a flood with ever new
      // addresses still coalesces into one row per window.
      const perIp = limit.refusedBy.rule === LOGIN_IP_RULE;
      await recordSecurityEvent(db, log, {
        eventType: 'rate_limited_login',
        details: perIp ? { limit: 'per_ip' } : { email },
        email: perIp ? null : email,
        ...ctx,
      });
      reply.header('retry-after', String(LOGIN_WINDOW_MINUTES * 60));
      throw tooManyRequests(AUTH_SERVER_MESSAGES.rateLimited, AUTH_ERROR_CODES.rateLimited);
    }

    try {
      const result = await this.betterAuth.api.signInEmail({
        body: { email, password: body.password, rememberMe: true },
        headers: this.headersFor(request),
        returnHeaders: true,
      });
      for (const id of limit.attemptIds) await logRateLimitAttempt(db, id, true);
      this.forwardCookies(reply, result.headers);
      const user = result.response.user as unknown as SessionUser;
      const session = await this.sessionByToken(result.response.token);
      return {
        user: { ...user, image: user.image ?? null, createdAt: new Date(user.createdAt) },
        session,
        isAdmin: await isAdmin(db, user.id),
      };
    } catch (err) {
      // The reservations stay as failed attempts.
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

  /**
   * Spec §7 sign-up with full_name; sends the verification mail. Duplicates are a clear 409 (spec §8).
   * Every attempt counts against the per-IP sign-up limit, so it also bounds probing for accounts.
   */
  async signUp(request: FastifyRequest, reply: FastifyReply, body: SignUpBody): Promise<SessionUser> {
    const email = body.email.toLowerCase();
    const { db, log } = this.deps;
    const ctx = this.securityContext(request);
    const limit = await checkRateLimits(db, [{ identifier: ipIdentifier(request.ip), rule: SIGN_UP_IP_RULE }], request.ip);
    await pruneRateLimitAttempts(db, SIGN_UP_IP_RULE);
    if (!limit.allowed) {
      await recordSecurityEvent(db, log, { eventType: 'rate_limited_signup', details: { limit: 'per_ip' }, ...ctx });
      reply.header('retry-after', retryAfter(SIGN_UP_IP_RULE));
      throw tooManyRequests(AUTH_SERVER_MESSAGES.signUpRateLimited, AUTH_ERROR_CODES.rateLimited);
    }
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
      if (await this.mayMail(request, email, 'verification')) {
        // A failed send never undoes the sign-up: the outbox records it and the person can ask again.
        await this.sendVerificationMail(user).catch((err: unknown) => log.error({ err }, 'sending the verification mail failed'));
      }
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
    // The path Better Auth routes on is the matched route's, not the text the client sent (docs/decisions/050):
    // only the query string (code, state) is taken from the request.
    const url = new URL(`${this.deps.config.publicUrl}${request.routeOptions.url ?? '/api/auth/callback/google'}`);
    url.search = new URL(request.url, 'http://local').search;
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

  /**
   * Sends a new verification mail when the address has an unverified account and has not had its
   * share of mails; silent otherwise. Too many requests from one IP are a 429 for any address.
   */
  async resendVerification(request: FastifyRequest, reply: FastifyReply, emailInput: string): Promise<void> {
    const email = emailInput.toLowerCase();
    await this.limitMailRequests(request, reply, 'verification');
    const [user] = await this.deps.db
      .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.emailVerified) return;
    if (!(await this.mayMail(request, email, 'verification'))) return;
    await this.sendVerificationMail(user);
  }

  /**
   * Forgotten password: a reset mail when the address has an account and has not had its share of
   * mails; the answer is the same either way. The new link invalidates the older ones.
   */
  async requestPasswordReset(request: FastifyRequest, reply: FastifyReply, emailInput: string): Promise<void> {
    const email = emailInput.toLowerCase();
    await this.limitMailRequests(request, reply, 'reset');
    if ((await this.findUserIdByEmail(email)) && !(await this.mayMail(request, email, 'reset'))) return;
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

  /**
   * Reserves one check of the signed-in user's current password under PASSWORD_CHECK_RULE, or
   * refuses (429) before the password is looked at — a right password included — until the window
   * has passed. Settle the reservation with passwordCheckOutcome.
   */
  private async reservePasswordCheck(request: FastifyRequest, reply: FastifyReply, email: string, field: string, action: string) {
    const { db, log } = this.deps;
    const decision = await checkRateLimit(db, email, PASSWORD_CHECK_RULE, request.ip);
    if (decision.allowed) return decision.attemptId!;
    await recordSecurityEvent(db, log, {
      eventType: 'rate_limited_password_check',
      details: { email, action },
      email,
      ...this.securityContext(request),
    });
    reply.header('retry-after', retryAfter(PASSWORD_CHECK_RULE));
    throw new HttpError(429, AUTH_ERROR_CODES.rateLimited, AUTH_SERVER_MESSAGES.passwordCheckRateLimited, field);
  }

  /** Settles a reserved password check: right (does not count), wrong (counts, logged) or no check at all. */
  private async passwordCheckOutcome(
    request: FastifyRequest,
    attemptId: string,
    outcome: 'right' | 'wrong' | 'none',
    email: string,
    action: string,
  ) {
    const { db, log } = this.deps;
    if (outcome === 'right') return logRateLimitAttempt(db, attemptId, true);
    if (outcome === 'none') return releaseRateLimitAttempts(db, [attemptId]);
    await recordSecurityEvent(db, log, {
      eventType: 'failed_password_check',
      details: { email, action },
      email,
      ...this.securityContext(request),
    });
  }

  /**
   * Confirms a sensitive action with the account's password (when it has one), throttled like the
   * login: 400 INVALID_PASSWORD on `field` when wrong, 429 once too many were wrong.
   */
  async confirmPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    user: { id: string; email: string },
    password: string | undefined,
    opts: { field: string; action: string },
  ): Promise<void> {
    if (!(await this.hasPassword(user.id))) return;
    if (!password) throw badRequest('Enter your password to confirm.', opts.field);
    const attemptId = await this.reservePasswordCheck(request, reply, user.email, opts.field, opts.action);
    const right = await this.verifyPassword(user.id, password);
    await this.passwordCheckOutcome(request, attemptId, right ? 'right' : 'wrong', user.email, opts.action);
    if (!right) throw badRequest('Your password is not correct.', opts.field, 'INVALID_PASSWORD');
  }

  /**
   * Changes the password of the signed-in user and signs out every other session. The current
   * password is checked under the same throttle as confirmPassword.
   */
  async changePassword(request: FastifyRequest, reply: FastifyReply, current: string, next: string): Promise<void> {
    const { user } = await this.requireUser(request, reply);
    const action = 'change_password';
    const attemptId = await this.reservePasswordCheck(request, reply, user.email, 'current_password', action);
    try {
      const result = await this.betterAuth.api.changePassword({
        body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
        headers: this.headersFor(request),
        returnHeaders: true,
      });
      await this.passwordCheckOutcome(request, attemptId, 'right', user.email, action);
      this.forwardCookies(reply, result.headers);
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      const code = apiErr?.body?.code;
      await this.passwordCheckOutcome(request, attemptId, code === 'INVALID_PASSWORD' ? 'wrong' : 'none', user.email, action);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      if (code === 'INVALID_PASSWORD') throw badRequest('Your current password is not correct.', 'current_password', 'INVALID_PASSWORD');
      if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
        throw badRequest('Your account signs in with Google and has no password to change.', undefined, 'NO_PASSWORD');
      }
      if (apiErr.statusCode === 401) throw unauthorized();
      throw badRequest(apiErr.body?.message ?? 'Changing the password failed.', undefined, code ?? 'CHANGE_PASSWORD_FAILED');
    }
    this.forget(request);
  }

  /** Checks a user's password without signing in; unthrottled, so only confirmPassword calls it. */
  private async verifyPassword(userId: string, password: string): Promise<boolean> {
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
