import { z } from 'zod';
import { crmEraseBodySchema, crmTagSchema } from '@/contract/crm';

/** The forms of the contact page, derived from the contract's schemas (docs/decisions/060). */

/** "Add a tag": one tag, normalised as the server will store it. */
export const addTagFormSchema = z.object({ tag: crmTagSchema });

/** The erasure's confirmation: the address typed again, exactly (any case). */
export const eraseFormSchema = (email: string) =>
  crmEraseBodySchema.refine((b) => b.confirm_email.trim().toLowerCase() === email.toLowerCase(), {
    path: ['confirm_email'],
    message: `Type ${email} to confirm`,
  });
