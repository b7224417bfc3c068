import Stripe from 'stripe';

/** The `stripe` client's host and port for an API URL (contract tests point it at a loopback server). */
export function stripeEndpoint(apiUrl: string): { protocol: 'http' | 'https'; host: string; port: number } {
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443 };
}

/**
 * What a failure of Stripe's API says, for an admin to act on — read one way for payments and for Stripe Tax.
 * Retryable: Stripe could not be reached, had a problem on its side (5xx), was busy with the same request (409) or
 * limited our rate (429); the `stripe` client has already retried twice by then. A refused key, a key without the
 * permission, or any other 4xx is not. `special` reads an adapter's own 4xx first (a reused idempotency key, an
 * address Stripe Tax cannot place): a message, not retryable. `retryable` is undefined for an error that is not
 * Stripe's: the adapter's own default.
 */
export function stripeFailure(
  what: string,
  err: unknown,
  special?: (err: Stripe.errors.StripeError, detail: string, ref: string) => string | null,
): { message: string; retryable?: boolean } {
  if (!(err instanceof Stripe.errors.StripeError)) return { message: `${what}: ${err instanceof Error ? err.message : String(err)}` };
  const status = err.statusCode;
  const ref = err.requestId ? ` (Stripe request ${err.requestId})` : '';
  const detail = `${err.message.replace(/\.$/, '')}${err.param ? ` [parameter ${err.param}]` : ''}`;
  const again = (message: string) => ({ message, retryable: true });
  const refused = (message: string) => ({ message, retryable: false });
  if (err instanceof Stripe.errors.StripeConnectionError || status === undefined) return again(`${what}: Stripe could not be reached (${err.message}). Try again in a moment.`);
  if (status === 429 || err instanceof Stripe.errors.StripeRateLimitError) return again(`${what}: Stripe is limiting our requests (HTTP 429). Try again in a moment${ref}.`);
  if (status >= 500) return again(`${what}: Stripe had a problem on its side (HTTP ${status}: ${detail}). Try again in a moment${ref}.`);
  if (status === 409) return again(`${what}: Stripe was still busy with the same request (HTTP 409: ${detail}). Try again in a moment${ref}.`);
  if (status === 401 || err instanceof Stripe.errors.StripeAuthenticationError) return refused(`${what}: Stripe refused the API key in STRIPE_SECRET_KEY (${detail})${ref}.`);
  if (status === 403 || err instanceof Stripe.errors.StripePermissionError) return refused(`${what}: the Stripe key in STRIPE_SECRET_KEY may not do this (${detail})${ref}.`);
  const own = special?.(err, detail, ref);
  if (own) return refused(own);
  return refused(`${what}: Stripe refused the request (HTTP ${status}: ${detail})${ref}.`);
}
