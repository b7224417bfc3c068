/**
 * Auth constants without zod, safe for the first-paint bundle (the auth provider and the
 * API client read the cookie and header names). Schemas live in ./auth.ts.
 */
/** Spec §5/§9: password minimum length 6. The upper bound keeps hashing cheap to call. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** Spec §5/§9: at most 5 login attempts per 15-minute window per lower-cased email. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_MINUTES = 15;
export const FULL_NAME_MAX_LENGTH = 100;

/**
 * What one network address or one mailbox can make the account endpoints do
 * (docs/decisions/018). Counted in the database, like the login limit.
 */
export const ACCOUNT_RATE_LIMITS = {
  /** Sign-up attempts per IP (every attempt that passes validation counts). */
  signUpsPerIp: { max: 10, windowMinutes: 60 },
  /** Verification-resend and password-reset requests per IP, whether or not the address has an account. */
  mailRequestsPerIp: { max: 10, windowMinutes: 60 },
  /** Verification mails (sign-up and resends) one address receives. */
  verificationMailsPerRecipient: { max: 3, windowMinutes: 60 },
  /** Password-reset mails one address receives. */
  resetMailsPerRecipient: { max: 3, windowMinutes: 60 },
  /** All account mails one address receives in a day. */
  accountMailsPerRecipientPerDay: { max: 10, windowMinutes: 24 * 60 },
  /** Failed password sign-ins per IP, whatever the address (on top of 5 per address). */
  failedSignInsPerIp: { max: 50, windowMinutes: LOGIN_WINDOW_MINUTES },
  /** Wrong current passwords (changing the password, deleting the account) per account, like the login limit. */
  passwordChecks: { max: LOGIN_MAX_ATTEMPTS, windowMinutes: LOGIN_WINDOW_MINUTES },
} as const;

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`,
  invalidEmail: 'Please enter a valid email address',
} as const;

/** Error codes the auth API answers with (the client maps them to the spec's toasts). */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  accountDisabled: 'ACCOUNT_DISABLED',
  rateLimited: 'RATE_LIMITED',
  userExists: 'USER_ALREADY_EXISTS',
  googleNotConfigured: 'GOOGLE_NOT_CONFIGURED',
  csrf: 'CSRF_FAILED',
} as const;

export { AUTH_COOKIES, CSRF_HEADER } from './auth-cookies';

/** Spec §8: what the server says. */
export const AUTH_SERVER_MESSAGES = {
  invalidCredentials: 'Invalid login credentials',
  userExists: 'User already registered',
  rateLimited: 'Too many login attempts. Please try again in 15 minutes.',
  emailNotVerified:
    'Please verify your email address before signing in. Check your inbox for the link, or ask for a new one.',
  accountDisabled: 'This account has been disabled. Contact support if you think this is a mistake.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  signUpRateLimited:
    'Too many accounts have been created from your network in the last hour. Please try again in an hour.',
  mailRateLimited: 'Too many emails have been requested from your network in the last hour. Please try again in an hour.',
  passwordCheckRateLimited: `Too many wrong passwords. Please try again in ${LOGIN_WINDOW_MINUTES} minutes.`,
} as const;

/** Spec §8: the toasts, word for word. */
export const AUTH_TOASTS = {
  signedIn: 'Signed in successfully',
  accountCreated: 'Account created! Please check your email to verify your account.',
  invalidCredentials: 'Invalid email or password',
  userExists: 'An account with this email already exists',
  loginFailed: 'Login failed. Please check your credentials.',
  signUpFailed: 'Sign up failed. Please try again.',
  googleFailed: 'Failed to sign in with Google',
  unexpected: 'An unexpected error occurred',
  rateLimited: (remaining = 0) =>
    `Too many login attempts. Please try again in ${LOGIN_WINDOW_MINUTES} minutes. (${remaining} attempts remaining)`,
} as const;
