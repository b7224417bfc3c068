import { describe, expect, it } from 'vitest';
import { SHOP_LIMITS } from '@/contract/shop';
import { addToCart, canAddLine, cartTotals, sameLine, setQuantity, toLineInputs } from './cart-rules';
import { EMPTY_CART, parsePersistedCart } from './cart-storage';
import { CART_LIMITS, type CartDesign, type CartItem } from './cart-types';

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

const award = (recipient: string, extra: Partial<CartDesign> = {}): CartDesign => ({
  award_id: 'a1',
  template_id: null,
  recipient_name: recipient,
  share_id: null,
  ...extra,
});

describe('lines with what is printed (docs/decisions/071)', () => {
  const framed = { productId: 'frame', variantId: 'a4-oak', quantity: 1, price: 6400 };

  it('the same print on the same variant is one line; a different print is another line', () => {
    let items = addToCart([], { ...framed, design: award('Dana') }, 1);
    items = addToCart(items, { ...framed, design: award(' Dana ') }, 2);
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(2);
    items = addToCart(items, { ...framed, design: award('Sam') }, 3);
    items = addToCart(items, { ...framed, design: award('', { share_id: 'AAAAAAAAAAAAAAAA' }) }, 4);
    items = addToCart(items, { ...framed, design: award('', { share_id: 'BBBBBBBBBBBBBBBB' }) }, 5);
    items = addToCart(items, { ...framed, design: award('Dana', { template_id: 't2' }) }, 6);
    expect(items.map((i) => [i.design?.recipient_name, i.design?.share_id, i.quantity])).toEqual([
      ['Dana', null, 2],
      ['Sam', null, 1],
      ['', 'AAAAAAAAAAAAAAAA', 1],
      ['', 'BBBBBBBBBBBBBBBB', 1],
      ['Dana', null, 1],
    ]);
    expect(sameLine(items[0]!, { ...framed, design: award('Dana') })).toBe(true);
    expect(sameLine(items[0]!, framed)).toBe(false);
  });

  it('keeps ids of the form product-variant-time, unique even when added in the same millisecond', () => {
    let items = addToCart([], { ...framed, design: award('Dana') }, 42);
    items = addToCart(items, { ...framed, design: award('Sam') }, 42);
    expect(items.map((i) => i.id)).toEqual(['frame-a4-oak-42', 'frame-a4-oak-43']);
  });

  it('stops a quantity at the most one line may have, and a cart at the most lines it may hold', () => {
    let items = addToCart([], { ...framed, design: award('Dana'), quantity: SHOP_LIMITS.quantity - 1 }, 1);
    items = addToCart(items, { ...framed, design: award('Dana'), quantity: 5 }, 2);
    expect(items[0]!.quantity).toBe(SHOP_LIMITS.quantity);
    expect(setQuantity(items, items[0]!.id, 500)[0]!.quantity).toBe(SHOP_LIMITS.quantity);

    let full: CartItem[] = [];
    for (let n = 0; n < SHOP_LIMITS.lines; n++) full = addToCart(full, { ...framed, design: award(`Person ${n}`) }, n);
    const extra = { ...framed, design: award('One too many') };
    expect(canAddLine(full, extra)).toBe(false);
    expect(addToCart(full, extra, 99)).toBe(full);
    expect(canAddLine(full, { ...framed, design: award('Person 3') })).toBe(true);
    expect(addToCart(full, { ...framed, design: award('Person 3') }, 99)[3]!.quantity).toBe(2);
  });

  it('turns a line into what the API takes, and leaves out lines with nothing to print', () => {
    const items = addToCart(addToCart([], { ...framed, design: award(' Dana '), productName: 'Framed' }, 1), print, 2);
    expect(toLineInputs(items)).toEqual([
      { variant_id: 'a4-oak', quantity: 1, design: { award_id: 'a1', template_id: null, recipient_name: 'Dana', share_id: null } },
    ]);
  });
});

describe('the cart in browser storage', () => {
  const item: CartItem = { id: 'p-v-1', productId: 'p', variantId: 'v', quantity: 2, price: 100, design: award('Dana'), productName: 'Framed' };

  it('reads back what was written', () => {
    const saved = { owner: 'user-1', dirty: true, items: [item] };
    expect(parsePersistedCart(JSON.stringify(saved))).toEqual(saved);
    expect(parsePersistedCart(JSON.stringify({ owner: null, dirty: false, items: [item] }))).toEqual({ owner: null, dirty: false, items: [item] });
  });

  it('gives an empty cart for nothing or garbage, and drops lines that are not lines', () => {
    expect(parsePersistedCart(null)).toEqual(EMPTY_CART);
    expect(parsePersistedCart('{not json')).toEqual(EMPTY_CART);
    expect(parsePersistedCart('[1,2]')).toEqual(EMPTY_CART);
    const mixed = { owner: 7, items: [item, { ...item, quantity: 0 }, { ...item, price: 'free' }, { ...item, design: { award_id: 1 } }, null] };
    expect(parsePersistedCart(JSON.stringify(mixed))).toEqual({ owner: null, dirty: false, items: [item] });
  });
});

describe('CART_LIMITS', () => {
  it('are the contract’s limits', () => {
    expect(CART_LIMITS).toEqual({ quantity: SHOP_LIMITS.quantity, lines: SHOP_LIMITS.lines });
  });
});
