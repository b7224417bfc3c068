import { describe, expect, it } from 'vitest';
import { issuedDate, timeAgo } from './time-ago';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('timeAgo', () => {
  it.each([
    ['2026-11-22T11:59:30Z', 'just now'],
    ['2026-11-22T11:55:00Z', '5 minutes ago'],
    ['2026-11-22T09:00:00Z', '3 hours ago'],
    ['2026-11-21T12:00:00Z', 'yesterday'],
    ['2026-11-08T12:00:00Z', '2 weeks ago'],
    ['2025-11-01T12:00:00Z', 'last year'],
  ])('%s → %s', (iso, text) => {
    expect(timeAgo(iso, now, 'en')).toBe(text);
  });
  it('is empty for nonsense', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('issuedDate', () => {
  it('prints the UTC date the certificate shows', () => {
    expect(issuedDate('2026-11-22T23:30:00Z')).toBe('22 November 2026');
  });
});
