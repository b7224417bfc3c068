import { describe, expect, it } from 'vitest';
import { deliveryDaysOf, shippingLabelOf } from './shop-constants';

describe('an order’s shipping line', () => {
  it('carries the promise quoted for its address, and gives it back', () => {
    expect(shippingLabelOf('Standard', 4, 8)).toBe('Standard (4–8 business days)');
    expect(shippingLabelOf('Express', 2, 2)).toBe('Express (2 business days)');
    expect(deliveryDaysOf(shippingLabelOf('Snail mail', 5, 9))).toBe('5–9');
    expect(deliveryDaysOf(shippingLabelOf('Express', 2, 2))).toBe('2');
    expect(deliveryDaysOf('Pigeon')).toBeNull();
    expect(deliveryDaysOf(null)).toBeNull();
  });
});
