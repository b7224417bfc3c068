import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { tooManyRequests } from '@/server/lib/http-errors';
import { SingleFlight } from '@/server/lib/single-flight';
import { countAttempt } from '../security';

/** What the shop's checkout and the funnel's (modules/funnel) ask of a checkout request. */

/** Orders one address may start in an hour: plenty for a shopper, not for a script filling the database. */
export const CHECKOUT_RATE_LIMIT = { attemptType: 'checkout', maxAttempts: 30, windowMinutes: 60 };

/**
 * How long a checkout's answer is given again to the same request (the same address, key, user and body) from memory:
 * a double click's interval on desktop systems, so a second click that arrives after the first was answered finds it.
 */
export const DOUBLE_CLICK_MS = 500;

/** The Idempotency-Key header of a checkout (the shop's and the funnel's). */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z
    .string({ message: 'Idempotency-Key header is required: one random value per checkout attempt' })
    .regex(/^[\w-]{16,100}$/, { message: 'Idempotency-Key must be 16–100 letters, digits, - or _' }),
});

/**
 * Every checkout request, the shop's and the funnel's, goes through this: the address's limit, and one run per
 * double click (decision 137) — the same checkout (the same address, Idempotency-Key, body and signed-in user) sent
 * again while the first is still running waits for the first's answer (the same order, or the same error) instead of
 * running again; it costs no statement and is not counted against the limit (it makes no order). Requests that do
 * not overlap, or reach another server process, meet the order's Idempotency-Key in the database as before — except
 * a second click within DOUBLE_CLICK_MS of the first's answer, which gets that answer again (decision 146: on the
 * embedded database the first is often answered before the second is read).
 */
export function checkoutRequests<T>(db: Db): (request: FastifyRequest, userId: string | null, run: () => Promise<T>) => Promise<T> {
  const running = new SingleFlight<T>(DOUBLE_CLICK_MS);
  return (request, userId, run) => {
    const key = createHash('sha256')
      .update(JSON.stringify([request.ip, request.headers['idempotency-key'], userId, request.body]))
      .digest('base64url');
    return running.run(key, async () => {
      const limit = await countAttempt(db, `ip:${request.ip}`, CHECKOUT_RATE_LIMIT);
      if (!limit.allowed) throw tooManyRequests('That is a lot of orders from one place in an hour. Please wait a while and try again.', 'RATE_LIMITED', { retryAfterSeconds: 600 });
      return run();
    });
  };
}
