import { AUTH_ERROR_CODES, AUTH_TOASTS } from '@/contract/auth-constants';
import { ApiRequestError } from '@/web/lib/api-client';

export interface Feedback {
  title: string;
  description?: string;
  variant: 'default' | 'destructive' | 'success';
}

/** Spec §8: the toast for a failed password sign-in. */
export function signInFailure(err: unknown): Feedback {
  if (err instanceof ApiRequestError) {
    switch (err.code) {
      case AUTH_ERROR_CODES.rateLimited:
        return { title: AUTH_TOASTS.rateLimited(0), variant: 'destructive' };
      case AUTH_ERROR_CODES.invalidCredentials:
        return { title: AUTH_TOASTS.invalidCredentials, description: AUTH_TOASTS.loginFailed, variant: 'destructive' };
      case 'NETWORK_ERROR':
        return { title: AUTH_TOASTS.loginFailed, description: err.message, variant: 'destructive' };
      default:
        // Other auth errors show the server's message (spec §8).
        if (err.status > 0 && err.status < 500) return { title: err.message, variant: 'destructive' };
        return { title: AUTH_TOASTS.loginFailed, variant: 'destructive' };
    }
  }
  return { title: AUTH_TOASTS.unexpected, variant: 'destructive' };
}

/** Spec §8: the toast for a failed sign-up. */
export function signUpFailure(err: unknown): Feedback {
  if (err instanceof ApiRequestError) {
    if (err.code === AUTH_ERROR_CODES.userExists) return { title: AUTH_TOASTS.userExists, variant: 'destructive' };
    if (err.code === 'VALIDATION_ERROR') return { title: err.message, variant: 'destructive' };
    // Too many sign-ups from this network: "try again" would fail again, so the server's words
    // (which say when) are shown — spec §8's "other auth errors show the server message".
    if (err.code === AUTH_ERROR_CODES.rateLimited) return { title: err.message, variant: 'destructive' };
    return { title: AUTH_TOASTS.signUpFailed, variant: 'destructive' };
  }
  return { title: AUTH_TOASTS.unexpected, variant: 'destructive' };
}

export const GOOGLE_FAILURE: Feedback = { title: AUTH_TOASTS.googleFailed, variant: 'destructive' };
export const SIGNED_IN: Feedback = { title: AUTH_TOASTS.signedIn, variant: 'success' };
export const ACCOUNT_CREATED: Feedback = { title: AUTH_TOASTS.accountCreated, variant: 'success' };

/** The messages for ?verified / ?verification after following the mail's link. */
export function verificationOutcome(params: URLSearchParams): { tone: 'success' | 'error'; text: string } | null {
  if (params.get('verified') === '1') return { tone: 'success', text: 'Your email address is confirmed. Sign in to continue.' };
  const v = params.get('verification');
  if (v === 'expired') return { tone: 'error', text: 'That confirmation link has expired. Enter your email below and ask for a new one.' };
  if (v === 'invalid') return { tone: 'error', text: 'That confirmation link is not valid. It may have been used already; try signing in.' };
  return null;
}
