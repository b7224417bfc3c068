import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * Identifiers of a nomination (docs/decisions/030). All come from the CSPRNG; none is derived
 * from a database id, a time or a counter, so none can be guessed from another.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Digits and capitals without 0/O, 1/I/L and U: easy to read aloud and to type from a print. */
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export const SHARE_ID_PATTERN = /^[0-9A-Za-z]{16}$/;
export const CLAIM_TOKEN_PATTERN = /^[\w-]{43}$/;

function randomString(alphabet: string, length: number): string {
  let out = '';
  // randomInt is unbiased (rejection sampling inside).
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** 16 base62 characters ≈ 95 bits: the public, unguessable reference (/certificate/{share_id}). */
export function newShareId(): string {
  return randomString(BASE62, 16);
}

/**
 * The short number printed on the certificate, e.g. CF-7Q2K9 (30^5 ≈ 24 million). Collisions are
 * retried by the caller; after a few in a row it asks for a longer one.
 */
export function newCertificateNumber(length = 5): string {
  return `CF-${randomString(NUMBER_ALPHABET, length)}`;
}

/** 32 random bytes as base64url (43 characters). Only hashClaimToken(token) is stored. */
export function newClaimToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The anonymous visitor id kept in the certifiable_visitor cookie: 16 random bytes, base64url. */
export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}
export const VISITOR_ID_PATTERN = /^[\w-]{22}$/;

/** What a reactions row stores for an anonymous visitor: a hash, so the table holds no live cookie. */
export function visitorVoter(visitorId: string): string {
  return `v:${createHash('sha256').update(visitorId, 'utf8').digest('hex').slice(0, 40)}`;
}
export const userVoter = (userId: string) => `u:${userId}`;
