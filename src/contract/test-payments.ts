import { z } from 'zod';

/** The built-in test card processor's own page (/pay/test/{session}): docs/decisions/074. */

export const testPaymentSessionSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  email: z.string(),
  status: z.enum(['open', 'requires_action', 'complete', 'expired']),
  last4: z.string().nullable(),
  order_number: z.string().nullable(),
  /** Why the last card was declined, while the order waits for another. */
  failure_message: z.string().nullable(),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type TestPaymentSession = z.infer<typeof testPaymentSessionSchema>;

/** Luhn check: catches a mistyped digit before the "bank" is asked. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY in the future (the card is valid through the end of that month). */
export function expiryInFuture(value: string, now = new Date()): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

export const testPayBodySchema = z
  .object({
    card_number: z
      .string({ message: 'Card number is required' })
      .transform((s) => s.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, { message: 'Your card number is incomplete.' })
          .refine(passesLuhn, { message: 'Your card number is invalid.' }),
      ),
    expiry: z
      .string({ message: 'Expiry date is required' })
      .trim()
      .regex(/^\d{2}\s*\/\s*\d{2}$/, { message: "Your card's expiration date is incomplete (MM / YY)." })
      .refine((v) => expiryInFuture(v), { message: "Your card's expiration date is in the past." }),
    cvc: z.string({ message: 'Security code is required' }).trim().regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
    name: z.string().trim().max(100, { message: 'Name on card must be at most 100 characters' }).default(''),
  })
  .strict();
export type TestPayBody = z.input<typeof testPayBodySchema>;

export const testAuthenticateBodySchema = z.object({ outcome: z.enum(['pass', 'fail'], { message: "outcome must be 'pass' or 'fail'" }) }).strict();

export const testPaymentOutcomeSchema = z.object({
  status: z.enum(['succeeded', 'requires_action', 'failed']),
  /** Where to go after success. */
  success_url: z.string().nullable(),
  /** Why it failed, for the shopper. */
  message: z.string().nullable(),
});
export type TestPaymentOutcome = z.infer<typeof testPaymentOutcomeSchema>;
