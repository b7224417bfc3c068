import { z } from 'zod';
import { createNominationBodySchema, type CreateNominationBody } from '@/contract/nominations';

const body = createNominationBodySchema.shape;

/**
 * The contract's email rule (optional, trimmed, at most 254, lower-cased) with a message for people
 * rather than for API clients ("nominee_email must be a valid email address").
 */
const friendlyEmail = z
  .string()
  .trim()
  .max(254, { message: 'That email address is too long' })
  .pipe(z.union([z.literal(''), z.email({ message: "That doesn't look like an email address. Check it, or leave it empty." })]))
  .optional()
  .transform((v) => (v ? v.toLowerCase() : null));

/**
 * The nomination form: the contract's own field schemas (the server checks the same rules), plus
 * the two things that exist only in the browser — visibility as a two-way choice, and an empty
 * template id meaning "the first design".
 */
export const nominationFormSchema = z.object({
  award_id: body.award_id,
  template_id: z.union([z.literal(''), z.uuid()]),
  nominee_name: body.nominee_name,
  nominee_email: friendlyEmail,
  reason: body.reason,
  nominator_name: body.nominator_name,
  nominator_email: friendlyEmail,
  visibility: z.enum(['public', 'private']),
  website: z.string().max(500),
});

export type NominationFormValues = z.input<typeof nominationFormSchema>;
export type NominationFormOutput = z.output<typeof nominationFormSchema>;
export type NominationField = keyof NominationFormValues;

export const emptyNomination: NominationFormValues = {
  award_id: '',
  template_id: '',
  nominee_name: '',
  nominee_email: '',
  reason: '',
  nominator_name: '',
  nominator_email: '',
  visibility: 'public',
  website: '',
};

/** The request body for POST /api/nominations from validated form values. */
export function toCreateBody(v: NominationFormOutput): CreateNominationBody {
  return {
    award_id: v.award_id,
    ...(v.template_id ? { template_id: v.template_id } : {}),
    nominee_name: v.nominee_name,
    ...(v.nominee_email ? { nominee_email: v.nominee_email } : {}),
    reason: v.reason,
    nominator_name: v.nominator_name,
    ...(v.nominator_email ? { nominator_email: v.nominator_email } : {}),
    is_public: v.visibility === 'public',
    ...(v.website ? { website: v.website } : {}),
  };
}

/** The server's field names that this form calls otherwise, for showFieldError: "is_public" is the visibility choice. */
export const NOMINATION_SERVER_FIELDS = { is_public: 'visibility' } as const satisfies Record<string, NominationField>;

/** "Nominate Dana" — the first name, kept short enough for a button on a phone. */
export function submitLabel(nomineeName: string | undefined): string {
  const first = (nomineeName ?? '').trim().split(/\s+/)[0] ?? '';
  if (!first) return 'Nominate them';
  return `Nominate ${first.length > 18 ? `${first.slice(0, 17)}…` : first}`;
}
