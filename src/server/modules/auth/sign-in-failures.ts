import { AUTH_ERROR_CODES, AUTH_SERVER_MESSAGES } from '@/contract/auth';
import { HttpError } from '@/server/lib/http-errors';
import { asBetterAuthError } from './better-auth';

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
