import {
  ACCOUNT_RATE_LIMITS,
  AUTH_ERROR_CODES,
  AUTH_SERVER_MESSAGES,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MINUTES,
} from '@/contract/auth';
import type { Db } from '@/server/db/client';
import { addressKey } from '@/server/lib/client-address';
import { HttpError } from '@/server/lib/http-errors';
import { checkRateLimits, type RateLimitRule } from '../security';
import { asBetterAuthError } from './better-auth';

/**
 * Spec §5/§9: 5 failed password sign-ins per 15 minutes per lower-cased email, attempt type `login`. Counted per
 * email *from one client address* (docs/decisions/110): a stranger's wrong passwords lock out the stranger's
 * address, not the owner on theirs.
 */
export const LOGIN_RULE: RateLimitRule = {
  attemptType: 'login',
  maxAttempts: LOGIN_MAX_ATTEMPTS,
  windowMinutes: LOGIN_WINDOW_MINUTES,
  perAddress: true,
};
/** Failed sign-ins from one client address, whatever the email (docs/decisions/018): one address cannot try many accounts. */
export const LOGIN_IP_RULE: RateLimitRule = {
  attemptType: 'login_ip',
  maxAttempts: ACCOUNT_RATE_LIMITS.failedSignInsPerIp.max,
  windowMinutes: ACCOUNT_RATE_LIMITS.failedSignInsPerIp.windowMinutes,
};

export type SignInReservation =
  | { allowed: true; attemptIds: string[] }
  | { allowed: false; refusedBy: 'email_and_address' | 'address' };

/**
 * Reserves one password sign-in under both rules before the password is looked at (race-free: checkRateLimits), or
 * says which refused it. `ip` is the address Fastify resolved (TRUST_PROXY decides), never a header. The `login` row
 * keeps the lower-cased email as its identifier (spec §7) and the address in its `ip` column, which LOGIN_RULE's
 * count adds to the email's; settle the reservations with logRateLimitAttempt.
 */
export async function reserveSignIn(db: Db, email: string, ip: string): Promise<SignInReservation> {
  const decision = await checkRateLimits(
    db,
    [
      { identifier: email, rule: LOGIN_RULE },
      { identifier: addressKey(ip), rule: LOGIN_IP_RULE },
    ],
    ip,
  );
  if (decision.allowed) return decision;
  return { allowed: false, refusedBy: decision.refusedBy.rule === LOGIN_IP_RULE ? 'address' : 'email_and_address' };
}

interface KnownFailure {
  status: number;
  code: string;
  message: string;
  /** `details.error_message` of the failed_login security event. */
  logAs: string;
}

/** Better Auth's refusals of a password sign-in (by its error code), as we answer and log them (spec §7, §8). */
const KNOWN_FAILURES = new Map<string, KnownFailure>([
  [
    'INVALID_EMAIL_OR_PASSWORD',
    {
      status: 401,
      code: AUTH_ERROR_CODES.invalidCredentials,
      message: AUTH_SERVER_MESSAGES.invalidCredentials,
      logAs: 'invalid_credentials',
    },
  ],
  [
    'EMAIL_NOT_VERIFIED',
    {
      status: 403,
      code: AUTH_ERROR_CODES.emailNotVerified,
      message: AUTH_SERVER_MESSAGES.emailNotVerified,
      logAs: 'email_not_verified',
    },
  ],
  // Raised by our own session-create hook (better-auth.ts).
  [
    AUTH_ERROR_CODES.accountDisabled,
    {
      status: 403,
      code: AUTH_ERROR_CODES.accountDisabled,
      message: AUTH_SERVER_MESSAGES.accountDisabled,
      logAs: 'account_disabled',
    },
  ],
]);

export interface SignInFailure {
  /** `details.error_message` of the failed_login security event every failure records. */
  logAs: string;
  /** What the caller is told; null for a fault (not a refusal), which is rethrown as it is (a 500). */
  answer: HttpError | null;
}

/**
 * What a failed password sign-in means: a known refusal (wrong password or unknown address alike, unverified,
 * disabled), another refusal of Better Auth passed on with its own code, or a fault.
 */
export function signInFailure(err: unknown): SignInFailure {
  const apiErr = asBetterAuthError(err);
  const code = apiErr?.body?.code;
  const known = code === undefined ? undefined : KNOWN_FAILURES.get(code);
  if (known) return { logAs: known.logAs, answer: new HttpError(known.status, known.code, known.message) };
  const logAs = code ?? (err instanceof Error ? err.message : 'unknown');
  if (!apiErr || apiErr.statusCode >= 500) return { logAs, answer: null };
  return {
    logAs,
    answer: new HttpError(apiErr.statusCode, code ?? 'SIGN_IN_FAILED', apiErr.body?.message ?? 'Sign-in failed.'),
  };
}
