import type { StoredCartLine } from '@/contract/cart';
import type { CartLineInput } from '@/contract/shop';
import { CART_LIMITS, type CartDesign, type CartItem, type NewCartItem } from './cart-types';

/** The cart's rules (spec §4, docs/decisions/071): pure functions, loaded with the pages that change the cart. */

export function sameDesign(a: CartDesign | undefined, b: CartDesign | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.award_id === b.award_id &&
    (a.template_id ?? null) === (b.template_id ?? null) &&
    a.recipient_name.trim() === b.recipient_name.trim() &&
    (a.share_id ?? null) === (b.share_id ?? null)
  );
}

/**
 * Spec §4 with what is printed (docs/decisions/071): a line matches when productId, variantId and the design
 * are all the same — the same framed A4 of two different certificates is two lines.
 */
export function sameLine(a: Pick<CartItem, 'productId' | 'variantId' | 'design'>, b: Pick<CartItem, 'productId' | 'variantId' | 'design'>) {
  return a.productId === b.productId && a.variantId === b.variantId && sameDesign(a.design, b.design);
}

/**
 * Spec §4: a matching line's quantity rises; otherwise a new line whose id is `${productId}-${variantId}-${time}`
 * (the time moved on by a millisecond if that id is taken). Quantities stop at CART_LIMITS.quantity; a new
 * line past CART_LIMITS.lines is not added (check `canAddLine` first to tell the shopper).
 */
export function addToCart(items: CartItem[], item: NewCartItem, now = Date.now()): CartItem[] {
  const existing = items.find((i) => sameLine(i, item));
  if (existing) {
    return items.map((i) => (i === existing ? { ...i, quantity: Math.min(CART_LIMITS.quantity, i.quantity + item.quantity) } : i));
  }
  if (items.length >= CART_LIMITS.lines) return items;
  let time = now;
  while (items.some((i) => i.id === `${item.productId}-${item.variantId}-${time}`)) time++;
  return [...items, { ...item, quantity: Math.min(CART_LIMITS.quantity, item.quantity), id: `${item.productId}-${item.variantId}-${time}` }];
}

/** Whether adding `item` fits: it raises an existing line, or there is room for one more. */
export function canAddLine(items: CartItem[], item: Pick<CartItem, 'productId' | 'variantId' | 'design'>): boolean {
  return items.some((i) => sameLine(i, item)) || items.length < CART_LIMITS.lines;
}

export function setQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return items.filter((i) => i.id !== id);
  return items.map((i) => (i.id === id ? { ...i, quantity: Math.min(CART_LIMITS.quantity, quantity) } : i));
}

export function cartTotals(items: CartItem[]) {
  return {
    totalItems: items.reduce((sum, i) => sum + i.quantity, 0),
    totalPrice: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
  };
}

/** A line as the API takes it (quote, checkout, the stored cart); lines without a design cannot be bought. */
export function toLineInput(item: CartItem): StoredCartLine | null {
  if (!item.design) return null;
  return {
    variant_id: item.variantId,
    quantity: item.quantity,
    design: {
      award_id: item.design.award_id,
      template_id: item.design.template_id ?? null,
      recipient_name: item.design.recipient_name.trim(),
      share_id: item.design.share_id ?? null,
    },
  };
}

export function toLineInputs(items: CartItem[]): CartLineInput[] {
  return items.flatMap((i) => {
    const line = toLineInput(i);
    return line ? [line] : [];
  });
}
