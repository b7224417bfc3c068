import { describe, expect, it } from 'vitest';
import { addDays, presetRange, rangeFromParams, rangeLabel } from './date-range';

const now = new Date('2026-11-23T22:30:00Z');
const params = (q: string) => new URLSearchParams(q);

describe('the date range in the URL', () => {
  it('defaults to the last 30 days, ending today in UTC', () => {
    expect(rangeFromParams(params(''), now)).toEqual({ range: { period: '30d', from: '2026-10-25', to: '2026-11-23' } });
  });

  it('reads each preset; 12 months is 365 days and stays within the server limit', () => {
    expect(rangeFromParams(params('period=day'), now).range).toEqual({ period: 'day', from: '2026-11-23', to: '2026-11-23' });
    expect(rangeFromParams(params('period=7d'), now).range).toMatchObject({ from: '2026-11-17', to: '2026-11-23' });
    expect(rangeFromParams(params('period=90d'), now).range).toMatchObject({ from: '2026-08-26' });
    expect(presetRange('12mo', now)).toMatchObject({ from: '2025-11-24', to: '2026-11-23' });
    expect(rangeFromParams(params('period=forever'), now).range.period).toBe('30d');
  });

  it('reads a custom range, and says why a bad one is not used', () => {
    expect(rangeFromParams(params('period=custom&from=2026-01-01&to=2026-01-31'), now)).toEqual({
      range: { period: 'custom', from: '2026-01-01', to: '2026-01-31' },
    });
    const backwards = rangeFromParams(params('period=custom&from=2026-02-01&to=2026-01-01'), now);
    expect(backwards.range.period).toBe('30d');
    expect(backwards.problem).toMatch(/to must be on or after from/);
    expect(rangeFromParams(params('period=custom&from=2024-01-01&to=2026-01-01'), now).problem).toMatch(/at most 366 days/);
    expect(rangeFromParams(params('period=custom&from=nope&to=2026-01-01'), now).problem).toMatch(/YYYY-MM-DD/);
  });

  it('moves days across months and years, and labels a range', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(rangeLabel({ from: '2026-11-01', to: '2026-11-23' })).toBe('1 Nov 2026 – 23 Nov 2026');
    expect(rangeLabel({ from: '2026-11-23', to: '2026-11-23' })).toBe('23 Nov 2026');
  });
});
