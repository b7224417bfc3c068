import { describe, expect, it } from 'vitest';
import { diffRows, showValue } from './diff';

describe('diffRows (audit before → after)', () => {
  it('lists every leaf by its path, marking what changed, appeared or went', () => {
    const rows = diffRows(
      { currency: 'USD', shipping: { express: { price: 1999, label: 'Express' } }, tax_rates: { GB: 2000 }, stats: [{ value: '1' }] },
      { currency: 'USD', shipping: { express: { price: 2555, label: 'Express' } }, tax_rates: { DE: 1900 }, stats: [{ value: '2' }] },
    );
    const changed = rows.filter((r) => r.change !== 'same').map((r) => [r.path, r.change, r.before, r.after]);
    expect(changed).toEqual([
      ['shipping.express.price', 'changed', 1999, 2555],
      ['tax_rates.GB', 'removed', 2000, undefined],
      ['stats.0.value', 'changed', '1', '2'],
      ['tax_rates.DE', 'added', undefined, 1900],
    ]);
    expect(rows.find((r) => r.path === 'currency')?.change).toBe('same');
  });

  it('shows fields filling an empty object as added, not the object as removed', () => {
    expect(diffRows({ tax_rates: {} }, { tax_rates: { GB: 2000 } })).toEqual([{ path: 'tax_rates.GB', before: undefined, after: 2000, change: 'added' }]);
    expect(diffRows({ tax_rates: { GB: 2000 } }, { tax_rates: {} }).map((r) => [r.path, r.change])).toEqual([['tax_rates.GB', 'removed']]);
  });

  it('treats a created or deleted thing as every field added or removed', () => {
    expect(diffRows(null, { slug: 'spring' })).toEqual([{ path: 'slug', before: undefined, after: 'spring', change: 'added' }]);
    expect(diffRows({ email: 'a@x' }, null).map((r) => r.change)).toEqual(['removed']);
    expect(diffRows('on', 'off')).toEqual([{ path: '(value)', before: 'on', after: 'off', change: 'changed' }]);
  });

  it('shows values as short text', () => {
    expect([showValue(undefined), showValue(''), showValue('x'), showValue(12), showValue([1])]).toEqual(['—', '(empty)', 'x', '12', '[1]']);
  });
});
