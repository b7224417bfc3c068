import { z } from 'zod';
import { deleteAccountBodySchema, type Account } from '@/contract/account';

/**
 * The delete dialog: the contract's body, with the browser's stricter checks — the typed address must
 * be this account's (in any case), and the password is required when the account has one.
 */
export function deleteAccountFormSchema(account: Pick<Account, 'email' | 'has_password'>) {
  return deleteAccountBodySchema.extend({
    confirm_email: z
      .string()
      .trim()
      .refine((typed) => typed.toLowerCase() === account.email, { message: 'Type the email address of this account' }),
    password: account.has_password
      ? z.string().min(1, { message: 'Enter your password' })
      : z.string().transform(() => undefined),
  });
}
