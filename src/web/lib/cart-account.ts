import type { StoredCartLine } from '@/contract/cart';
import type { QuotedLine } from '@/contract/shop';
import { getQuote } from './api/get-quote';
import { addToCart, sameDesign, toLineInput } from './cart-rules';
import type { CartItem, NewCartItem } from './cart-types';

export { getStoredCart, mergeStoredCart, putStoredCart } from './api/cart-sync';

/*
 * The signed-in shopper's side of the cart (docs/decisions/071), split from lib/cart.tsx so that guests'
 * first page never loads it: the server calls and turning stored lines back into cart items.
 */

/**
 * The server's lines as cart items: a line this browser already has keeps its id and what it shows; any
 * other is described by the quote (product, variant, award and price). Without a quote it is still kept,
 * with what is known, so a failed lookup never drops a line.
 */
export async function itemsFromServer(lines: StoredCartLine[], local: CartItem[], now = Date.now()): Promise<CartItem[]> {
  const known = new Map<number, CartItem>();
  const unknown: number[] = [];
  lines.forEach((line, n) => {
    const hit = local.find((i) => {
      const l = toLineInput(i);
      return l !== null && l.variant_id === line.variant_id && sameDesign(l.design, line.design);
    });
    if (hit) known.set(n, hit);
    else unknown.push(n);
  });
  let quoted: QuotedLine[] = [];
  if (unknown.length > 0) {
    try {
      quoted = (await getQuote({ lines: unknown.map((n) => lines[n]!) })).lines;
    } catch {
      quoted = [];
    }
  }
  const items: CartItem[] = [];
  lines.forEach((line, n) => {
    const hit = known.get(n);
    if (hit) {
      items.push({ ...hit, quantity: line.quantity });
      return;
    }
    const q = quoted[unknown.indexOf(n)];
    const productId = q?.product_id ?? 'unknown';
    const item: NewCartItem = {
      productId,
      variantId: line.variant_id,
      quantity: line.quantity,
      price: q?.unit_price ?? 0,
      design: line.design,
      ...(q
        ? {
            productName: q.product_name,
            variantName: q.variant_name,
            imageUrl: q.image_url,
            ...(q.design ? { awardTitle: q.design.award_title } : {}),
          }
        : {}),
      previewUrl: line.design.share_id ? `/api/certificates/${encodeURIComponent(line.design.share_id)}/svg` : null,
    };
    const next = addToCart(items, item, now + n);
    items.splice(0, items.length, ...next);
  });
  return items;
}

