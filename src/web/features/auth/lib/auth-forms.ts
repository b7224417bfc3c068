import { z } from 'zod';
import { AUTH_MESSAGES, resetPasswordBodySchema, signInBodySchema, signUpBodySchema } from '@/contract/auth';

/**
 * Spec §5/§8: an empty email or password is the toast 'Please fill in all fields', and nothing else
 * is reported until both are filled (the contract's own rules run after this, through the pipe).
 * The form holds all three fields in both modes, so what was typed survives switching.
 */
const emailAndPasswordFilled = z
  .object({ full_name: z.string().optional(), email: z.string(), password: z.string() })
  .superRefine((v, ctx) => {
    if (!v.email.trim()) ctx.addIssue({ code: 'custom', path: ['email'], message: AUTH_MESSAGES.fillAllFields });
    if (!v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.fillAllFields });
  });

/** The contract's sign-in body (the full name a sign-up left behind is dropped, not refused). */
export const signInFormSchema = emailAndPasswordFilled.pipe(z.object(signInBodySchema.shape));
export const signUpFormSchema = emailAndPasswordFilled.pipe(z.object(signUpBodySchema.shape));

export type AuthFormValues = z.input<typeof emailAndPasswordFilled>;

/** True when the schema refused the values because email or password is empty (the spec's toast). */
export const missingEmailOrPassword = (errors: Partial<Record<keyof AuthFormValues, { message?: string }>>) =>
  errors.email?.message === AUTH_MESSAGES.fillAllFields || errors.password?.message === AUTH_MESSAGES.fillAllFields;

export const PASSWORDS_DIFFER = 'The two passwords do not match';

/** The reset page: the contract's new-password rule plus a repeat that must match (checked once the first is valid). */
export const resetPasswordFormSchema = resetPasswordBodySchema
  .pick({ new_password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.confirm === v.new_password, {
    path: ['confirm'],
    message: PASSWORDS_DIFFER,
    when: (payload) => payload.issues.length === 0,
  });
