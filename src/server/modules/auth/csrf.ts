import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit CSRF tokens (docs/decisions/012): a random nonce plus its HMAC under the
 * auth secret. The browser keeps it in the readable certifiable_csrf cookie and echoes it in the
 * x-csrf-token header; another site can neither read the cookie nor set the header, and a cookie
 * planted from a sibling subdomain fails the signature.
 */
export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, mac, ...rest] = token.split('.');
  if (!nonce || !mac || rest.length) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The header must carry exactly the cookie's token, and the token must be ours. */
export function csrfMatches(secret: string, cookieToken: string | undefined, headerToken: string | undefined): boolean {
  if (!cookieToken || !headerToken || !isValidCsrfToken(secret, cookieToken)) return false;
  const a = Buffer.from(cookieToken);
  const b = Buffer.from(headerToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

function sign(secret: string, nonce: string) {
  return createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
}
