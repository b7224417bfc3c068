import { describe, expect, it } from 'vitest';
import { csrfMatchesSession, isCsrfTokenFor, isValidCsrfToken, issueCsrfToken } from './csrf';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('CSRF tokens bound to the session', () => {
  it('are valid for the session they were minted for, and for no other', () => {
    const forA = issueCsrfToken(SECRET, 'session-a.signature');
    expect(isCsrfTokenFor(SECRET, forA, 'session-a.signature')).toBe(true);
    expect(isCsrfTokenFor(SECRET, forA, 'session-b.signature')).toBe(false);
    expect(isCsrfTokenFor(SECRET, forA, undefined)).toBe(false);
    // Signed out is a session of its own.
    const signedOut = issueCsrfToken(SECRET);
    expect(isCsrfTokenFor(SECRET, signedOut, undefined)).toBe(true);
    expect(isCsrfTokenFor(SECRET, signedOut, 'session-a.signature')).toBe(false);
    // Both are ours.
    expect(isValidCsrfToken(SECRET, forA) && isValidCsrfToken(SECRET, signedOut)).toBe(true);
  });

  it('show nothing of the session cookie, and differ every time', () => {
    const token = issueCsrfToken(SECRET, 'session-a.signature');
    expect(token).not.toContain('session-a');
    expect(issueCsrfToken(SECRET, 'session-a.signature')).not.toBe(token);
  });

  it('refuse another secret, a changed session tag, and tokens of the wrong shape', () => {
    const token = issueCsrfToken(SECRET, 'session-a.signature');
    expect(isCsrfTokenFor('another-secret-of-at-least-32-characters', token, 'session-a.signature')).toBe(false);
    const [nonce, , mac] = token.split('.');
    const otherTag = issueCsrfToken(SECRET, 'session-b.signature').split('.')[1];
    expect(isValidCsrfToken(SECRET, `${nonce}.${otherTag}.${mac}`)).toBe(false);
    for (const bad of [undefined, '', 'abc', 'abc.def', `${token}.x`, `..${mac}`]) expect(isValidCsrfToken(SECRET, bad)).toBe(false);
  });

  it('match a request only when the header is the cookie and the cookie is for its session', () => {
    const token = issueCsrfToken(SECRET, 'session-a.signature');
    expect(csrfMatchesSession(SECRET, 'session-a.signature', token, token)).toBe(true);
    expect(csrfMatchesSession(SECRET, 'session-b.signature', token, token)).toBe(false);
    expect(csrfMatchesSession(SECRET, 'session-a.signature', token, undefined)).toBe(false);
    expect(csrfMatchesSession(SECRET, 'session-a.signature', token, issueCsrfToken(SECRET, 'session-a.signature'))).toBe(false);
    expect(csrfMatchesSession(SECRET, undefined, 'abc.def.ghi', 'abc.def.ghi')).toBe(false);
  });
});
