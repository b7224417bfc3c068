import { describe, expect, it } from 'vitest';
import { destinationTax, EU_COUNTRIES } from './destination-tax';

const none = { tax_rates: {} };

describe('the taxes of a destination (docs/decisions/133)', () => {
  it('every EU member state charges its standard VAT, held in the price (2025 rates included)', () => {
    for (const country of EU_COUNTRIES) {
      const d = destinationTax(none, country, '', false);
      expect(d.inclusive, country).toBe(true);
      expect(d.components, country).toHaveLength(1);
      expect(d.components[0]!.name, country).toBe('VAT');
      expect(d.components[0]!.rateBps, country).toBeGreaterThanOrEqual(1700);
    }
    expect(destinationTax(none, 'FI', '', false).components[0]!.rateBps).toBe(2550);
    expect(destinationTax(none, 'SK', '', false).components[0]!.rateBps).toBe(2300);
    expect(destinationTax(none, 'HU', '', false).components[0]!.rateBps).toBe(2700);
  });

  it('the UK, Switzerland, Norway, Australia and New Zealand: inside the price', () => {
    expect(['GB', 'CH', 'NO', 'AU', 'NZ'].map((c) => [c, destinationTax(none, c, '', false)])).toEqual([
      ['GB', { inclusive: true, provider: false, components: [{ name: 'VAT', rateBps: 2000 }] }],
      ['CH', { inclusive: true, provider: false, components: [{ name: 'VAT', rateBps: 810 }] }],
      ['NO', { inclusive: true, provider: false, components: [{ name: 'VAT', rateBps: 2500 }] }],
      ['AU', { inclusive: true, provider: false, components: [{ name: 'GST', rateBps: 1000 }] }],
      ['NZ', { inclusive: true, provider: false, components: [{ name: 'GST', rateBps: 1500 }] }],
    ]);
  });

  it('Canada by province, added: HST in one, GST with PST or QST, GST alone', () => {
    const ca = (state: string) => destinationTax(none, 'CA', state, false).components;
    expect(ca('ON')).toEqual([{ name: 'HST', rateBps: 1300 }]);
    expect(ca('NS')).toEqual([{ name: 'HST', rateBps: 1400 }]);
    expect(ca('BC')).toEqual([{ name: 'GST', rateBps: 500 }, { name: 'PST', rateBps: 700 }]);
    expect(ca('QC')).toEqual([{ name: 'GST', rateBps: 500 }, { name: 'QST', rateBps: 997.5 }]);
    expect(ca('AB')).toEqual([{ name: 'GST', rateBps: 500 }]);
    expect(destinationTax(none, 'CA', 'ON', false).inclusive).toBe(false);
  });

  it('the US: none, or the provider’s when the shop collects; elsewhere none unless the admin sets a rate', () => {
    expect(destinationTax(none, 'US', 'CA', false)).toEqual({ inclusive: false, components: [], provider: false });
    expect(destinationTax(none, 'US', 'CA', true)).toEqual({ inclusive: false, components: [], provider: true });
    expect(destinationTax(none, 'JP', '', false).components).toEqual([]);
    expect(destinationTax(none, null, null, false).components).toEqual([]);
  });

  it('overrides: a province before its country, 0 for none; the provider is not asked where a rate is set', () => {
    const shop = { tax_rates: { DE: 0, CA: 700, 'CA-QC': 1500, US: 500, JP: 1000 } };
    expect(destinationTax(shop, 'DE', '', false)).toEqual({ inclusive: true, components: [], provider: false });
    expect(destinationTax(shop, 'CA', 'QC', false).components).toEqual([{ name: 'Tax', rateBps: 1500 }]);
    expect(destinationTax(shop, 'CA', 'ON', false).components).toEqual([{ name: 'GST', rateBps: 700 }]);
    expect(destinationTax(shop, 'US', 'NY', true)).toEqual({ inclusive: false, components: [{ name: 'Sales tax', rateBps: 500 }], provider: false });
    expect(destinationTax(shop, 'JP', '', false).components).toEqual([{ name: 'VAT', rateBps: 1000 }]);
  });
});
