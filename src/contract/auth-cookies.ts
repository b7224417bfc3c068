/**
 * Cookie names, as the cookie policy lists them, and the CSRF header. Apart from auth-constants.ts because the
 * web app's API client needs only these on its first page, not every auth message.
 */
export const AUTH_COOKIES = {
  session: 'certifiable_session',
  csrf: 'certifiable_csrf',
  oauth: 'certifiable_oauth',
} as const;
export const CSRF_HEADER = 'x-csrf-token';
