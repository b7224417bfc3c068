import { and, eq, like, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_RATE_LIMITS,
  AUTH_COOKIES,
  AUTH_ERROR_CODES,
  AUTH_SERVER_MESSAGES,
  type AuthUser,
  type SessionState,
  type SignInBody,
  type SignUpBody,
} from '@/contract/auth';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { users, verifications } from '@/server/db/schema/index';
import { badRequest, conflict, HttpError, tooManyRequests, unauthorized } from '@/server/lib/http-errors';
import type { SettingsService } from '../settings';
import { type Mailer, resetPasswordMail, verificationMail } from '../mail';
import { isAdmin } from '../roles';
import {
  checkRateLimit,
  checkRateLimits,
  logRateLimitAttempt,
  pruneRateLimitAttempts,
  releaseRateLimitAttempts,
  type RateLimitRule,
  recordSecurityEvent,
} from '../security';
import {
  asBetterAuthError,
  createBetterAuth,
  RESET_TOKEN_STORAGE_PREFIX,
  resetTokenStorageKey,
  type BetterAuthInstance,
} from './better-auth';
import { addressKey } from '@/server/lib/client-address';
import { BetterAuthInternals } from './better-auth-internals';
import { LOGIN_IP_RULE, LOGIN_RULE, reserveSignIn, signInFailure } from './sign-in-failures';

const rule = (attemptType: string, limit: { max: number; windowMinutes: number }): RateLimitRule => ({
  attemptType,
  maxAttempts: limit.max,
  windowMinutes: limit.windowMinutes,
});
/** Account abuse limits (docs/decisions/018); the numbers live in the contract. */
const LIMITS = ACCOUNT_RATE_LIMITS;
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

const windowSeconds = (r: RateLimitRule) => r.windowMinutes * 60;

/** Better Auth reads the caller's address from this header (better-auth.ts), which only we set. */
const CLIENT_IP_HEADER = 'x-certifiable-client-ip';

/** Ends the session cookie when Better Auth had no session to end (what reply.clearCookie would send). */
const EXPIRED_SESSION_COOKIE = `${AUTH_COOKIES.session}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;

/**
 * Who is calling, as plain values: the auth module's HTTP layer (auth.http.ts) takes them from the request, so
 * this service never sees Fastify (docs/decisions/065).
 */
export interface Caller {
  /** The address Fastify trusts (TRUST_PROXY decides), which the per-IP limits count. */
  ip: string;
  userAgent: string | null;
  /** The Cookie header as sent: Better Auth reads its session cookie from it. */
  cookie: string | null;
}

/**
 * Set-Cookie header values Better Auth answered with (a new, renewed or ended session, the OAuth state).
 * The HTTP layer puts them on the reply as they are.
 */
export type SetCookies = string[];

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

/** Better Auth's answer from its own HTTP handler (the OAuth callback), for the HTTP layer to send. */
export interface HandlerAnswer {
  status: number;
  /** Every header but Set-Cookie and Content-Length. */
  headers: [string, string][];
  cookies: SetCookies;
  body: Buffer | undefined;
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

const securityContext = (caller: Caller) => ({ userAgent: caller.userAgent, ip: caller.ip });

/** Headers for a Better Auth server call: the caller's cookies and agent, and the IP Fastify trusts. */
function headersFor(caller: Caller): Headers {
  const headers = new Headers();
  if (caller.cookie) headers.set('cookie', caller.cookie);
  if (caller.userAgent) headers.set('user-agent', caller.userAgent);
  headers.set(CLIENT_IP_HEADER, caller.ip);
  return headers;
}

const setCookiesOf = (headers: Headers | null | undefined): SetCookies => headers?.getSetCookie() ?? [];

/**
 * Accounts and sessions: every rule the browser used to enforce (spec §5, §7), enforced here.
 * Better Auth does the cryptography, cookies and OAuth; this service adds the per-email rate
 * limit, the security log, the spec's messages and our error shape around it. It takes plain values
 * (a Caller, bodies, ids) and returns results plus the cookies to set; auth.http.ts does the HTTP.
 */
export class AuthService {
  readonly betterAuth: BetterAuthInstance;
  private readonly internals: BetterAuthInternals;

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
    this.internals = new BetterAuthInternals(this.betterAuth);
  }

  /** The verification mail: a signed link (Better Auth's token, so its verify endpoint accepts it). */
  private async sendVerificationMail(user: { id: string; email: string; name: string }): Promise<void> {
    const { config, settings, mailer } = this.deps;
    const token = await this.internals.emailVerificationToken(user);
    const brand = (await settings.getPublic()).brand_name;
    const url = `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
    await mailer.send(verificationMail({ to: user.email, name: user.name, url, brand }));
  }

  /**
   * Whether one more account mail may go to this address (per-recipient limits). Refusals are
   * silent to the caller — the answer must not say whether the address has an account — and are
   * recorded as a security event.
   */
  private async mayMail(caller: Caller | null, email: string, kind: 'verification' | 'reset'): Promise<boolean> {
    const { db, log } = this.deps;
    const decision = await checkRateLimits(
      db,
      [
        { identifier: email, rule: MAIL_RULES[kind] },
        { identifier: email, rule: MAIL_RULES.daily },
      ],
      caller?.ip,
    );
    await pruneRateLimitAttempts(db, MAIL_RULES[kind]);
    await pruneRateLimitAttempts(db, MAIL_RULES.daily);
    if (decision.allowed) return true;
    await recordSecurityEvent(db, log, {
      eventType: 'rate_limited_mail',
      details: { limit: 'per_recipient', kind },
      email,
      ...(caller ? securityContext(caller) : {}),
    });
    return false;
  }

  /** Per-IP limit on verification resends and reset requests: a clear 429, the same for every address. */
  private async limitMailRequests(caller: Caller, kind: 'verification' | 'reset') {
    const { db, log } = this.deps;
    const decision = await checkRateLimits(db, [{ identifier: addressKey(caller.ip), rule: MAIL_REQUEST_IP_RULE }], caller.ip);
    await pruneRateLimitAttempts(db, MAIL_REQUEST_IP_RULE);
    if (decision.allowed) return;
    await recordSecurityEvent(db, log, {
      eventType: 'rate_limited_mail',
      details: { limit: 'per_ip', kind },
      ...securityContext(caller),
    });
    throw tooManyRequests(AUTH_SERVER_MESSAGES.mailRateLimited, AUTH_ERROR_CODES.rateLimited, {
      retryAfterSeconds: windowSeconds(MAIL_REQUEST_IP_RULE),
    });
  }

  get googleEnabled(): boolean {
    return this.deps.config.google !== null;
  }

  /**
   * Who is calling: the session from the cookie (renewed when it is a day old, hence the cookies), the user and
   * whether they are an admin.
   */
  async session(caller: Caller): Promise<{ auth: RequestAuth; cookies: SetCookies }> {
    if (!caller.cookie?.includes(AUTH_COOKIES.session)) return { auth: SIGNED_OUT, cookies: [] };
    const result = await this.betterAuth.api.getSession({ headers: headersFor(caller), returnHeaders: true });
    const cookies = setCookiesOf(result.headers);
    const data = result.response;
    if (!data) return { auth: SIGNED_OUT, cookies };
    const user = data.user as SessionUser & { disabledAt?: Date | null };
    if (user.disabledAt) return { auth: SIGNED_OUT, cookies };
    let admin = false;
    try {
      admin = await isAdmin(this.deps.db, user.id);
    } catch (err) {
      // Spec §6: a failed lookup means not admin.
      this.deps.log.error({ err }, 'admin role lookup failed');
    }
    return {
      auth: {
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
      },
      cookies,
    };
  }

  /**
   * Spec §7 sign-in: check_rate_limit → password → log_rate_limit_attempt, plus the security
   * log. The 6th failed attempt in 15 minutes for an email from one address is refused before the password is
   * looked at, and so is one over the per-address cap whatever the email (sign-in-failures.ts, docs/decisions/110).
   */
  async signIn(caller: Caller, body: SignInBody): Promise<{ auth: RequestAuth; cookies: SetCookies }> {
    const email = body.email.toLowerCase();
    const { db, log } = this.deps;
    const ctx = securityContext(caller);

    const limit = await reserveSignIn(db, email, caller.ip);
    await pruneRateLimitAttempts(db, LOGIN_IP_RULE);
    if (!limit.allowed) {
      // Refused by the per-IP limit: one event per IP (not per address), so a flood with ever new
      // addresses still coalesces into one row per window.
      const perIp = limit.refusedBy === 'address';
      await recordSecurityEvent(db, log, {
        eventType: 'rate_limited_login',
        details: perIp ? { limit: 'per_ip' } : { email },
        email: perIp ? null : email,
        ...ctx,
      });
      throw tooManyRequests(AUTH_SERVER_MESSAGES.rateLimited, AUTH_ERROR_CODES.rateLimited, {
        retryAfterSeconds: windowSeconds(LOGIN_RULE),
      });
    }

    try {
      const result = await this.betterAuth.api.signInEmail({
        body: { email, password: body.password, rememberMe: true },
        headers: headersFor(caller),
        returnHeaders: true,
      });
      for (const id of limit.attemptIds) await logRateLimitAttempt(db, id, true);
      const user = result.response.user as unknown as SessionUser;
      const session = await this.internals.sessionByToken(result.response.token);
      if (!session) throw new Error('session just created was not found');
      return {
        auth: {
          user: { ...user, image: user.image ?? null, createdAt: new Date(user.createdAt) },
          session,
          isAdmin: await isAdmin(db, user.id),
        },
        cookies: setCookiesOf(result.headers),
      };
    } catch (err) {
      // The reservations stay as failed attempts; every failure is logged, and sign-in-failures.ts says what
      // the caller is told.
      const failure = signInFailure(err);
      await recordSecurityEvent(db, log, {
        eventType: 'failed_login',
        details: { email, error_message: failure.logAs },
        email,
        ...ctx,
      });
      throw failure.answer ?? err;
    }
  }

  /**
   * Spec §7 sign-up with full_name; sends the verification mail. Duplicates are a clear 409 (spec §8).
   * Every attempt counts against the per-IP sign-up limit, so it also bounds probing for accounts.
   * No session comes of it (verification first), so no cookies either.
   */
  async signUp(caller: Caller, body: SignUpBody): Promise<SessionUser> {
    const email = body.email.toLowerCase();
    const { db, log } = this.deps;
    const ctx = securityContext(caller);
    const limit = await checkRateLimits(db, [{ identifier: addressKey(caller.ip), rule: SIGN_UP_IP_RULE }], caller.ip);
    await pruneRateLimitAttempts(db, SIGN_UP_IP_RULE);
    if (!limit.allowed) {
      await recordSecurityEvent(db, log, { eventType: 'rate_limited_signup', details: { limit: 'per_ip' }, ...ctx });
      throw tooManyRequests(AUTH_SERVER_MESSAGES.signUpRateLimited, AUTH_ERROR_CODES.rateLimited, {
        retryAfterSeconds: windowSeconds(SIGN_UP_IP_RULE),
      });
    }
    if (await this.findUserIdByEmail(email)) {
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
        headers: headersFor(caller),
      });
      const user = result.user as unknown as SessionUser;
      if (await this.mayMail(caller, email, 'verification')) {
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

  /** Ends the caller's session; the cookies clear it in the browser (also when there was no valid session). */
  async signOut(caller: Caller): Promise<{ cookies: SetCookies }> {
    try {
      const result = await this.betterAuth.api.signOut({ headers: headersFor(caller), returnHeaders: true });
      return { cookies: setCookiesOf(result.headers) };
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      return { cookies: [EXPIRED_SESSION_COOKIE] };
    }
  }

  /** Starts Google sign-in: the provider URL to send the browser to, plus the state cookie. */
  async startGoogle(caller: Caller, redirect: string | undefined): Promise<{ url: string; cookies: SetCookies }> {
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
      headers: headersFor(caller),
      returnHeaders: true,
    });
    const url = (result.response as { url?: string }).url;
    if (!url) throw new Error('Google sign-in returned no URL');
    return { url, cookies: setCookiesOf(result.headers) };
  }

  /**
   * The OAuth callback, handed to Better Auth's own handler (the only request that is). `path` is the matched
   * route's pattern, never the text the client sent (docs/decisions/050); only the query string (code, state)
   * comes from the request.
   */
  async oauthCallback(caller: Caller, request: { method: string; path: string; search: string }): Promise<HandlerAnswer> {
    const url = new URL(`${this.deps.config.publicUrl}${request.path}`);
    url.search = request.search;
    const response = await this.betterAuth.handler(new Request(url, { method: request.method, headers: headersFor(caller) }));
    const headers: [string, string][] = [];
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') headers.push([key, value]);
    });
    return {
      status: response.status,
      headers,
      cookies: setCookiesOf(response.headers),
      body: response.body ? Buffer.from(await response.arrayBuffer()) : undefined,
    };
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
  async resendVerification(caller: Caller, emailInput: string): Promise<void> {
    const email = emailInput.toLowerCase();
    await this.limitMailRequests(caller, 'verification');
    const [user] = await this.deps.db
      .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.emailVerified) return;
    if (!(await this.mayMail(caller, email, 'verification'))) return;
    await this.sendVerificationMail(user);
  }

  /**
   * Forgotten password: a reset mail when the address has an account and has not had its share of
   * mails; the answer is the same either way. The new link invalidates the older ones.
   */
  async requestPasswordReset(caller: Caller, emailInput: string): Promise<void> {
    const email = emailInput.toLowerCase();
    await this.limitMailRequests(caller, 'reset');
    if ((await this.findUserIdByEmail(email)) && !(await this.mayMail(caller, email, 'reset'))) return;
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
  private async reservePasswordCheck(caller: Caller, email: string, field: string, action: string) {
    const { db, log } = this.deps;
    const decision = await checkRateLimit(db, email, PASSWORD_CHECK_RULE, caller.ip);
    if (decision.allowed) return decision.attemptId!;
    await recordSecurityEvent(db, log, {
      eventType: 'rate_limited_password_check',
      details: { email, action },
      email,
      ...securityContext(caller),
    });
    throw tooManyRequests(AUTH_SERVER_MESSAGES.passwordCheckRateLimited, AUTH_ERROR_CODES.rateLimited, {
      field,
      retryAfterSeconds: windowSeconds(PASSWORD_CHECK_RULE),
    });
  }

  /** Settles a reserved password check: right (does not count), wrong (counts, logged) or no check at all. */
  private async passwordCheckOutcome(
    caller: Caller,
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
      ...securityContext(caller),
    });
  }

  /**
   * Confirms a sensitive action with the account's password (when it has one), throttled like the
   * login: 400 INVALID_PASSWORD on `field` when wrong, 429 once too many were wrong.
   */
  async confirmPassword(
    caller: Caller,
    user: { id: string; email: string },
    password: string | undefined,
    opts: { field: string; action: string },
  ): Promise<void> {
    if (!(await this.hasPassword(user.id))) return;
    if (!password) throw badRequest('Enter your password to confirm.', opts.field);
    const attemptId = await this.reservePasswordCheck(caller, user.email, opts.field, opts.action);
    const right = await this.internals.verifyPassword(user.id, password);
    await this.passwordCheckOutcome(caller, attemptId, right ? 'right' : 'wrong', user.email, opts.action);
    if (!right) throw badRequest('Your password is not correct.', opts.field, 'INVALID_PASSWORD');
  }

  /**
   * Changes the password of the signed-in user (the caller's session) and signs out every other session; the
   * cookies renew this one. The current password is checked under the same throttle as confirmPassword.
   */
  async changePassword(
    caller: Caller,
    user: { email: string },
    current: string,
    next: string,
  ): Promise<{ cookies: SetCookies }> {
    const action = 'change_password';
    const attemptId = await this.reservePasswordCheck(caller, user.email, 'current_password', action);
    try {
      const result = await this.betterAuth.api.changePassword({
        body: { currentPassword: current, newPassword: next, revokeOtherSessions: true },
        headers: headersFor(caller),
        returnHeaders: true,
      });
      await this.passwordCheckOutcome(caller, attemptId, 'right', user.email, action);
      return { cookies: setCookiesOf(result.headers) };
    } catch (err) {
      const apiErr = asBetterAuthError(err);
      const code = apiErr?.body?.code;
      await this.passwordCheckOutcome(caller, attemptId, code === 'INVALID_PASSWORD' ? 'wrong' : 'none', user.email, action);
      if (!apiErr || apiErr.statusCode >= 500) throw err;
      if (code === 'INVALID_PASSWORD') throw badRequest('Your current password is not correct.', 'current_password', 'INVALID_PASSWORD');
      if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
        throw badRequest('Your account signs in with Google and has no password to change.', undefined, 'NO_PASSWORD');
      }
      if (apiErr.statusCode === 401) throw unauthorized();
      throw badRequest(apiErr.body?.message ?? 'Changing the password failed.', undefined, code ?? 'CHANGE_PASSWORD_FAILED');
    }
  }

  async hasPassword(userId: string): Promise<boolean> {
    return (await this.internals.signInMethods(userId)).some((m) => m.hasPassword);
  }

  /** The account's sign-in methods as the API names them: 'email' and provider ids, sorted. */
  async providersOf(userId: string): Promise<string[]> {
    const methods = await this.internals.signInMethods(userId);
    return [...new Set(methods.map((m) => (m.providerId === 'credential' ? 'email' : m.providerId)))].sort();
  }

  /** Signs out every session of a user (disabled accounts, deleted accounts). */
  async revokeAllSessions(userId: string): Promise<void> {
    await this.internals.deleteSessionsOf(userId);
  }

  /**
   * A verified account with a password, without any mail (ADMIN_EMAIL bootstrap, tests).
   * An existing account is returned as it is, only marked verified.
   */
  async ensureVerifiedUser(emailInput: string, password: string, name?: string): Promise<{ id: string; created: boolean }> {
    const email = emailInput.toLowerCase();
    const existing = await this.internals.findUserByEmail(email);
    if (existing) {
      if (!existing.emailVerified) await this.internals.markEmailVerified(existing.id);
      return { id: existing.id, created: false };
    }
    const id = await this.internals.createVerifiedUser({ email, name: name ?? email, password });
    return { id, created: true };
  }

  async findUserIdByEmail(email: string): Promise<string | null> {
    const [row] = await this.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row?.id ?? null;
  }
}
