import { describe, expect, it } from 'vitest';
import { countOf, endSentence, formatDate, formatDateTime, formatMoney, plural } from './format';

describe('money', () => {
  it('an amount in minor units with its currency, in the currency’s own decimals', () => {
    expect(formatMoney(1000, 'USD')).toBe('$10.00');
    expect(formatMoney(123_456, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
  });
});

describe('dates', () => {
  it('one way to write a day and a moment: the month in words, a 24-hour clock', () => {
    expect(formatDate('2026-11-20T10:05:00.000Z', { timeZone: 'UTC' })).toBe('20 November 2026');
    expect(formatDateTime('2026-11-20T15:05:00.000Z', { timeZone: 'UTC' })).toBe('20 November 2026 at 15:05');
    expect(formatDateTime(new Date('2026-11-20T23:30:00.000Z'), { timeZone: 'Asia/Tokyo' })).toBe('21 November 2026 at 08:30');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('counts', () => {
  it('one certificate, any other number of certificates', () => {
    expect(countOf(1, 'certificate', 'certificates')).toBe('1 certificate');
    expect(countOf(0, 'certificate', 'certificates')).toBe('0 certificates');
    expect(countOf(2, 'certificate', 'certificates')).toBe('2 certificates');
    expect(countOf(1204, 'certificate', 'certificates')).toBe('1,204 certificates');
    expect(plural(1, 'visitor', 'visitors')).toBe('visitor');
  });
});

describe('a sentence that ends in a value', () => {
  it('gets its full stop from the template, and no second one', () => {
    expect(endSentence('Walk Holdings plc')).toBe('Walk Holdings plc.');
    expect(endSentence('Dubious Enterprises Ltd.')).toBe('Dubious Enterprises Ltd.');
    expect(endSentence('Yes We Can! ')).toBe('Yes We Can!');
  });
});
