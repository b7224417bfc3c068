import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit CSRF tokens, bound to the session (docs/decisions/012, issue 24):
 * `nonce.sessionTag.HMAC(nonce.sessionTag)` under the auth secret. The browser keeps it in the readable
 * certifiable_csrf cookie and echoes it in the x-csrf-token header; another site can neither read the cookie nor
 * set the header, a cookie planted from a sibling subdomain fails the signature, and a token minted for one session
 * fails with another session's cookie, so one user's token is of no use with anyone else's session.
 *
 * `session` is the value of the session cookie the token goes with (undefined: signed out, itself one "session").
 * The token carries only a keyed hash of it, so reading the token reveals nothing about the cookie.
 */
export function issueCsrfToken(secret: string, session?: string): string {
  const body = `${randomBytes(18).toString('base64url')}.${sessionTag(secret, session)}`;
  return `${body}.${sign(secret, body)}`;
}

/** The token is one we signed, for whichever session. */
export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  return parse(secret, token) !== null;
}

/** The token is one we signed, for this session (undefined: signed out). */
export function isCsrfTokenFor(secret: string, token: string | undefined, session: string | undefined): boolean {
  const tag = parse(secret, token);
  return tag !== null && same(tag, sessionTag(secret, session));
}

/**
 * A request's CSRF check: the header carries exactly the cookie's token, and the token is ours and was minted for
 * the session cookie sent with it.
 */
export function csrfMatchesSession(
  secret: string,
  session: string | undefined,
  cookieToken: string | undefined,
  headerToken: string | undefined,
): boolean {
  return !!headerToken && isCsrfTokenFor(secret, cookieToken, session) && same(cookieToken!, headerToken);
}

/** The session tag of a token we signed, or null. */
function parse(secret: string, token: string | undefined): string | null {
  if (!token) return null;
  const [nonce, tag, mac, ...rest] = token.split('.');
  if (!nonce || !tag || !mac || rest.length) return null;
  return same(mac, sign(secret, `${nonce}.${tag}`)) ? tag : null;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`csrf:${body}`).digest('base64url');

/** 128 bits of a keyed hash of the session cookie's value. */
const sessionTag = (secret: string, session: string | undefined) =>
  createHmac('sha256', secret).update(`csrf-session:${session ?? ''}`).digest('base64url').slice(0, 22);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
