import { describe, expect, it } from 'vitest';
import { discountAmount, formatMoney, orderTotals, taxAmount } from './pricing';

describe('shop arithmetic in minor units', () => {
  it('a percentage discount rounds half up to the cent and never exceeds the subtotal', () => {
    expect(discountAmount({ kind: 'percent', value: 15 }, 5900)).toBe(885);
    expect(discountAmount({ kind: 'percent', value: 10 }, 2405)).toBe(241); // 240.5 → 241
    expect(discountAmount({ kind: 'percent', value: 10 }, 2404)).toBe(240); // 240.4 → 240
    expect(discountAmount({ kind: 'percent', value: 100 }, 5900)).toBe(5900);
  });

  it('a fixed discount is capped at the subtotal', () => {
    expect(discountAmount({ kind: 'fixed', value: 1000 }, 5900)).toBe(1000);
    expect(discountAmount({ kind: 'fixed', value: 10_000 }, 5900)).toBe(5900);
    expect(discountAmount({ kind: 'fixed', value: 500 }, 0)).toBe(0);
  });

  it('tax is basis points of the amount, rounded half up', () => {
    expect(taxAmount(10_000, 2000)).toBe(2000);
    expect(taxAmount(999, 825)).toBe(82); // 82.4175
    expect(taxAmount(1000, 825)).toBe(83); // 82.5 → 83
    expect(taxAmount(5000, 0)).toBe(0);
  });

  it('totals: lines, then the discount, then shipping, then tax on goods after discount plus shipping', () => {
    expect(orderTotals({ lineTotals: [5900, 2 * 2400], discount: { kind: 'percent', value: 10 }, shipping: 599, taxRateBps: 2000 })).toEqual({
      subtotal: 10_700,
      discount: 1070,
      shipping: 599,
      tax: 2046, // (10700 − 1070 + 599) × 20 % = 2045.8
      total: 12_275,
    });
    expect(orderTotals({ lineTotals: [900], discount: null, shipping: 0, taxRateBps: 0 }).total).toBe(900);
  });

  it('money reads as people write it', () => {
    expect(formatMoney(5900, 'USD')).toBe('$59.00');
    expect(formatMoney(123_456, 'EUR')).toBe('€1,234.56');
  });
});
