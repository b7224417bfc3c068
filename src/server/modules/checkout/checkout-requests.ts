import { z } from 'zod';

/** What the shop's checkout and the funnel's (modules/funnel) ask of a checkout request. */

/** Orders one address may start in an hour: plenty for a shopper, not for a script filling the database. */
export const CHECKOUT_RATE_LIMIT = { attemptType: 'checkout', maxAttempts: 30, windowMinutes: 60 };

/** The Idempotency-Key header of a checkout (the shop's and the funnel's). */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string({ message: 'Idempotency-Key header is required: one random value per checkout attempt' })
    .regex(/^[\w-]{16,100}$/, { message: 'Idempotency-Key must be 16–100 letters, digits, - or _' }),
});

