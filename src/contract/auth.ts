import { z } from 'zod';
import { AUTH_MESSAGES, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-constants';
import { normaliseLine } from './text';

export * from './auth-constants';

const email = z
  .string({ message: AUTH_MESSAGES.fillAllFields })
  .trim()
  .min(1, { message: AUTH_MESSAGES.fillAllFields })
  .max(254, { message: AUTH_MESSAGES.invalidEmail })
  .pipe(z.email({ message: AUTH_MESSAGES.invalidEmail }));

export const passwordSchema = z
  .string({ message: AUTH_MESSAGES.fillAllFields })
  .min(1, { message: AUTH_MESSAGES.fillAllFields })
  .min(PASSWORD_MIN_LENGTH, { message: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: AUTH_MESSAGES.passwordTooLong });

/**
 * A person's name goes into mails and pages, so it is stored normalised: one line, without
 * invisible or direction-changing characters (a U+202E in a name would reverse the text after it
 * in the mail we send). A name that is nothing but such characters is no name.
 */
export const fullNameSchema = z
  .string({ message: AUTH_MESSAGES.fullNameRequired })
  .max(FULL_NAME_MAX_LENGTH * 4, { message: AUTH_MESSAGES.fullNameTooLong })
  .transform(normaliseLine)
  .pipe(
    z
      .string()
      .min(1, { message: AUTH_MESSAGES.fullNameRequired })
      .max(FULL_NAME_MAX_LENGTH, { message: AUTH_MESSAGES.fullNameTooLong }),
  )
  .describe(
    `Stored as one line without invisible or direction-changing characters; 1–${FULL_NAME_MAX_LENGTH} characters once cleaned.`,
  );

/** A same-site path to return to after signing in (never another origin). */
export const redirectPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, { message: 'redirect must be a path on this site' });

export const signInBodySchema = z.object({ email, password: passwordSchema }).strict();
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signUpBodySchema = z.object({ full_name: fullNameSchema, email, password: passwordSchema }).strict();
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const emailOnlyBodySchema = z.object({ email }).strict();

export const resetPasswordBodySchema = z
  .object({ token: z.string().min(1).max(500), new_password: passwordSchema })
  .strict();

export const changePasswordBodySchema = z
  .object({
    current_password: z.string().min(1, { message: 'Please enter your current password' }).max(PASSWORD_MAX_LENGTH),
    new_password: passwordSchema,
  })
  .strict();

export const googleStartBodySchema = z.object({ redirect: redirectPathSchema.optional() }).strict();
export const googleStartSchema = z.object({ url: z.url() });

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Spec §3 sign-up metadata full_name (falls back to the email). */
  full_name: z.string(),
  email_verified: z.boolean(),
  image: z.string().nullable(),
  created_at: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * Spec §3 "Auth context": user, session (expires_at, user), isAdmin. The session token itself
 * stays in an httpOnly cookie and never reaches scripts, so there is no access/refresh token here.
 */
export const sessionStateSchema = z.object({
  user: authUserSchema.nullable(),
  session: z.object({ expires_at: z.string() }).nullable(),
  is_admin: z.boolean(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const authConfigSchema = z.object({
  google_enabled: z.boolean(),
  password_min_length: z.number().int(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const csrfSchema = z.object({ csrf_token: z.string() });

export const signUpResultSchema = z.object({ user: authUserSchema, email_verification_required: z.boolean() });
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const acceptedSchema = z.object({ ok: z.literal(true) });

