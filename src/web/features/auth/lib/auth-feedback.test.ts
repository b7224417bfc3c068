import { describe, expect, it } from 'vitest';
import { AUTH_SERVER_MESSAGES } from '@/contract/auth-constants';
import { ApiRequestError } from '@/web/lib/api-client';
import { signInFailure, signUpFailure, verificationOutcome } from './auth-feedback';

const err = (status: number, code: string, message = 'server says') => new ApiRequestError(status, code, message);

describe('sign-in toasts (spec §8, word for word)', () => {
  it.each([
    [err(429, 'RATE_LIMITED'), 'Too many login attempts. Please try again in 15 minutes. (0 attempts remaining)', undefined],
    [err(401, 'INVALID_CREDENTIALS', 'Invalid login credentials'), 'Invalid email or password', 'Login failed. Please check your credentials.'],
    [err(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address first.'), 'Please verify your email address first.', undefined],
    [err(500, 'INTERNAL_ERROR'), 'Login failed. Please check your credentials.', undefined],
    [new Error('boom'), 'An unexpected error occurred', undefined],
  ])('%s', (error, title, description) => {
    const f = signInFailure(error);
    expect(f.title).toBe(title);
    expect(f.description).toBe(description);
    expect(f.variant).toBe('destructive');
  });
});

describe('sign-up toasts', () => {
  it.each([
    [err(409, 'USER_ALREADY_EXISTS', 'User already registered'), 'An account with this email already exists'],
    [err(429, 'RATE_LIMITED', AUTH_SERVER_MESSAGES.signUpRateLimited), AUTH_SERVER_MESSAGES.signUpRateLimited],
    [err(500, 'INTERNAL_ERROR'), 'Sign up failed. Please try again.'],
    [err(0, 'NETWORK_ERROR'), 'Sign up failed. Please try again.'],
    [new Error('boom'), 'An unexpected error occurred'],
  ])('%s', (error, title) => {
    expect(signUpFailure(error).title).toBe(title);
  });
});

describe('verification outcome', () => {
  it('reads ?verified and ?verification', () => {
    expect(verificationOutcome(new URLSearchParams('verified=1'))?.tone).toBe('success');
    expect(verificationOutcome(new URLSearchParams('verification=expired'))?.tone).toBe('error');
    expect(verificationOutcome(new URLSearchParams(''))).toBeNull();
  });
});
