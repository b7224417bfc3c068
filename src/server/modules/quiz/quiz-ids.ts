import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Identifiers of a quiz result (docs/decisions/098). All from the CSPRNG, none derived from a database id, a time
 * or a counter, so none can be guessed from another.
 */

/** Digits and capitals without 0/O, 1/I/L and U: easy to read aloud (as on nominations' certificates). */
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 random bytes as base64url (22 characters, 128 bits): the public reference, /quiz/results/{id}. */
export function newResultId(): string {
  return randomBytes(16).toString('base64url');
}

/** Printed on the certificate, e.g. QZ-7Q2K9. Collisions are retried by the caller, then a longer one is asked for. */
export function newQuizCertificateNumber(length = 5): string {
  let out = 'QZ-';
  for (let i = 0; i < length; i++) out += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return out;
}

/** 32 random bytes as base64url (43 characters): given once to the browser that made the result. */
export function newManageToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored: the token's SHA-256 (hex). A leaked table gives no working token. */
export function hashManageToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` is the one whose hash is stored, compared in constant time. */
export function manageTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashManageToken(token), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
