import { describe, expect, it } from 'vitest';
import { addToCart, cartTotals, setQuantity, type CartItem } from './cart';

const print = { productId: 'p1', variantId: 'v1', quantity: 1, price: 2500, name: 'A4 print' };

describe('cart rules (spec §4)', () => {
  it('adds a new line with an id made of product, variant and time, passing extra fields through', () => {
    const items = addToCart([], print, 1700000000000);
    expect(items).toEqual([{ ...print, id: 'p1-v1-1700000000000' }]);
  });

  it('raises the quantity when product and variant both match', () => {
    let items: CartItem[] = addToCart([], print, 1);
    items = addToCart(items, { ...print, quantity: 2 }, 2);
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(3);
    items = addToCart(items, { ...print, variantId: 'v2' }, 3);
    expect(items).toHaveLength(2);
  });

  it('removes a line whose quantity drops to 0 or below', () => {
    const items = addToCart([], print, 1);
    expect(setQuantity(items, items[0]!.id, 0)).toEqual([]);
    expect(setQuantity(items, items[0]!.id, -2)).toEqual([]);
    expect(setQuantity(items, items[0]!.id, 4)[0]!.quantity).toBe(4);
  });

  it('totals are the sum of quantities and of price × quantity', () => {
    let items = addToCart([], { ...print, quantity: 2 }, 1);
    items = addToCart(items, { productId: 'p2', variantId: 'v9', quantity: 1, price: 999 }, 2);
    expect(cartTotals(items)).toEqual({ totalItems: 3, totalPrice: 5999 });
  });
});
