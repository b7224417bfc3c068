import { APIError } from 'better-auth';
import { describe, expect, it } from 'vitest';
import { AUTH_SERVER_MESSAGES } from '@/contract/auth';
import { HttpError } from '@/server/lib/http-errors';
import { LOGIN_IP_RULE, LOGIN_RULE, signInFailure } from './sign-in-failures';

/** The answer as the caller receives it (status, code, message), or null when the error is rethrown. */
const answered = (err: unknown) => {
  const { logAs, answer } = signInFailure(err);
  expect(answer === null || answer instanceof HttpError).toBe(true);
  return { logAs, answer: answer && { status: answer.statusCode, code: answer.code, message: answer.message } };
};

describe('signInFailure: what a refused password sign-in is answered and logged as', () => {
  it.each([
    [
      'a wrong password or an unknown address (the same answer for both)',
      new APIError('UNAUTHORIZED', { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
      { status: 401, code: 'INVALID_CREDENTIALS', message: AUTH_SERVER_MESSAGES.invalidCredentials },
      'invalid_credentials',
    ],
    [
      'an unverified address',
      new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }),
      { status: 403, code: 'EMAIL_NOT_VERIFIED', message: AUTH_SERVER_MESSAGES.emailNotVerified },
      'email_not_verified',
    ],
    [
      'a disabled account (our session-create hook)',
      new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: AUTH_SERVER_MESSAGES.accountDisabled }),
      { status: 403, code: 'ACCOUNT_DISABLED', message: AUTH_SERVER_MESSAGES.accountDisabled },
      'account_disabled',
    ],
  ])('%s', (_case, err, answer, logAs) => {
    expect(answered(err)).toEqual({ logAs, answer });
  });

  it("passes another refusal on with Better Auth's own status, code and message", () => {
    const err = new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_LONG', message: 'Password too long' });
    expect(answered(err)).toEqual({
      logAs: 'PASSWORD_TOO_LONG',
      answer: { status: 400, code: 'PASSWORD_TOO_LONG', message: 'Password too long' },
    });
  });

  it('names a refusal without a code SIGN_IN_FAILED', () => {
    expect(answered(new APIError('BAD_REQUEST', { message: 'Something odd' }))).toEqual({
      logAs: 'Something odd',
      answer: { status: 400, code: 'SIGN_IN_FAILED', message: 'Something odd' },
    });
  });

  it('rethrows faults — a 5xx of Better Auth or any other error — after logging them', () => {
    const fault = new APIError('INTERNAL_SERVER_ERROR', { code: 'FAILED_TO_CREATE_SESSION', message: 'x' });
    expect(answered(fault)).toEqual({ logAs: 'FAILED_TO_CREATE_SESSION', answer: null });
    expect(answered(new Error('connection terminated'))).toEqual({ logAs: 'connection terminated', answer: null });
    expect(answered('not even an error')).toEqual({ logAs: 'unknown', answer: null });
  });

  it('is not fooled by codes that are names of object properties', () => {
    const err = new APIError('BAD_REQUEST', { code: 'constructor', message: 'odd' });
    expect(answered(err)).toEqual({ logAs: 'constructor', answer: { status: 400, code: 'constructor', message: 'odd' } });
  });
});

describe('the sign-in limits (spec §5/§9, docs/decisions/110)', () => {
  it("keep the spec's 5 failed attempts per 15 minutes under type 'login', and cap one address at 50 whatever the email", () => {
    expect(LOGIN_RULE).toEqual({ attemptType: 'login', maxAttempts: 5, windowMinutes: 15, perAddress: true });
    expect(LOGIN_IP_RULE).toEqual({ attemptType: 'login_ip', maxAttempts: 50, windowMinutes: 15 });
  });
});
