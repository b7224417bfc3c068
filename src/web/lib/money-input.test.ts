import { describe, expect, it } from 'vitest';
import { minorToText, parseMoney } from './money-input';

describe('money typed by an admin', () => {
  it('becomes minor units exactly, with no floating-point rounding', () => {
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('0.29')).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(parseMoney('64')).toBe(6400);
    expect(parseMoney('$1,5')).toBe(150);
    expect(parseMoney(' 9.9 ')).toBe(990);
  });
  it('refuses what is not an amount', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('12.505')).toBeNull();
    expect(parseMoney('-3')).toBeNull();
    expect(parseMoney('ten')).toBeNull();
  });
  it('shows minor units as an amount to edit', () => {
    expect(minorToText(7499)).toBe('74.99');
  });
});
