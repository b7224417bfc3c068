import { describe, expect, it } from 'vitest';
import { addedTaxes, discountAmount, formatMoney, mergeTaxLines, orderTotals, shareDiscount, taxAmount, taxLinesOf } from './pricing';

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

  it('totals: lines, then the discount, then shipping, then tax added on goods after discount plus shipping', () => {
    const vat = [{ name: 'Tax', rateBps: 2000 }];
    expect(orderTotals({ lineTotals: [5900, 2 * 2400], discount: { kind: 'percent', value: 10 }, shipping: 599, taxes: vat, inclusive: false })).toEqual({
      subtotal: 10_700,
      discount: 1070,
      shipping: 599,
      taxes: [{ name: 'Tax', rate_bps: 2000, amount: 2046 }], // (10700 − 1070 + 599) × 20 % = 2045.8
      tax: 2046,
      total: 12_275,
    });
    expect(orderTotals({ lineTotals: [900], discount: null, shipping: 0, taxes: [], inclusive: false }).total).toBe(900);
  });

  it('inclusive prices: the total is the shelf price and the tax is its share of it, rounded once on the whole', () => {
    // Germany: 2 × €24.00 + €9.00 shipping = €57.00, of which VAT 19 % is 57 × 19 / 119 = 9.1008 → €9.10.
    const de = orderTotals({ lineTotals: [2400, 2400], discount: null, shipping: 900, taxes: [{ name: 'VAT', rateBps: 1900 }], inclusive: true });
    expect(de).toMatchObject({ subtotal: 4800, tax: 910, total: 5700, taxes: [{ name: 'VAT', rate_bps: 1900, amount: 910 }] });
    // Rounded on the whole, not per line: three lines of 99 at 20 % inside would be 3 × 16.5 → 3 × 17 = 51 per line; once: 49.5 → 50.
    expect(orderTotals({ lineTotals: [99, 99, 99], discount: null, shipping: 0, taxes: [{ name: 'VAT', rateBps: 2000 }], inclusive: true }).tax).toBe(50);
  });

  it('several taxes each on the whole amount (Quebec: GST 5 % and QST 9.975 %), half up', () => {
    expect(taxLinesOf(10_000, [{ name: 'GST', rateBps: 500 }, { name: 'QST', rateBps: 997.5 }], false)).toEqual([
      { name: 'GST', rate_bps: 500, amount: 500 },
      { name: 'QST', rate_bps: 997.5, amount: 998 }, // 997.5 → 998
    ]);
    // Held in a price: each is amount × rate ÷ (1 + both rates): 11 497.5 holds exactly 500 and 997.5.
    expect(taxLinesOf(11_498, [{ name: 'GST', rateBps: 500 }, { name: 'QST', rateBps: 997.5 }], true).map((t) => t.amount)).toEqual([500, 998]);
    expect(taxLinesOf(0, [{ name: 'VAT', rateBps: 2000 }], true)).toEqual([{ name: 'VAT', rate_bps: 2000, amount: 0 }]);
  });

  it('a provider’s taxes are added as they came', () => {
    const t = orderTotals({ lineTotals: [5000], discount: null, shipping: 599, taxes: [], inclusive: false, providerTaxes: [{ name: 'California sales tax', rate_bps: 725, amount: 406 }] });
    expect(t).toMatchObject({ tax: 406, total: 5000 + 599 + 406 });
  });

  it('a discount is shared over lines in proportion, the cents left to the largest remainders', () => {
    expect(shareDiscount([5900, 2400, 2400], 1070)).toEqual([5900 - 590, 2400 - 240, 2400 - 240]);
    expect(shareDiscount([100, 100, 100], 100)).toEqual([66, 67, 67]); // 33.33 each: the cent left goes to the first
    expect(shareDiscount([100, 100, 100], 100).reduce((s, n) => s + n, 0)).toBe(200);
    expect(shareDiscount([500], 0)).toEqual([500]);
  });

  it('an offer added later is taxed at the order’s rates, and its taxes join the order’s', () => {
    const sold = { taxLines: [{ name: 'VAT', rate_bps: 1900, amount: 910 }], pricesIncludeTax: true };
    expect(addedTaxes(1190, sold)).toEqual([{ name: 'VAT', rate_bps: 1900, amount: 190 }]);
    expect(mergeTaxLines(sold.taxLines, [{ name: 'VAT', rate_bps: 1900, amount: 190 }])).toEqual([{ name: 'VAT', rate_bps: 1900, amount: 1100 }]);
    expect(addedTaxes(1000, { taxLines: [], pricesIncludeTax: false })).toEqual([]);
  });

  it('money reads as people write it', () => {
    expect(formatMoney(5900, 'USD')).toBe('$59.00');
    expect(formatMoney(123_456, 'EUR')).toBe('€1,234.56');
  });
});
