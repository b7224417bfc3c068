/** The cart's shapes (spec §3 "Cart item"), shared by its first-page core and its lazily loaded parts. */

/**
 * SHOP_LIMITS.quantity and .lines of src/contract/shop.ts, written out: importing that module would bring the
 * address rules of every country into the first page's JavaScript (cart.test.ts holds the two in step).
 */
export const CART_LIMITS = { quantity: 99, lines: 50 } as const;

/** What is printed on a line: an award with a name (and design), or an existing certificate by its share id. */
export interface CartDesign {
  award_id: string;
  template_id: string | null;
  recipient_name: string;
  share_id: string | null;
}

/** A cart item before it has its id. */
export interface NewCartItem {
  productId: string;
  variantId: string;
  quantity: number;
  /** Unit price in minor units, as the server quoted it; the server re-prices at checkout. */
  price: number;
  /** What is printed. Lines without one (the spec's bare items) match on product and variant alone. */
  design?: CartDesign;
  productName?: string;
  variantName?: string;
  /** The product's picture (a mockup). */
  imageUrl?: string | null;
  /** The award's title, for "what is printed". */
  awardTitle?: string;
  /** The certificate's own picture when it already exists (a certificate chosen by share id). */
  previewUrl?: string | null;
  currency?: string;
  [extra: string]: unknown;
}

/** Spec §3 "Cart item": extra product fields pass through untouched. */
export interface CartItem extends NewCartItem {
  id: string;
}

/** The cart as this browser keeps it: whose it is (null for a guest) and whether the server has it yet. */
export interface PersistedCart {
  /** The signed-in user whose stored cart this is a copy of; null for a guest's cart. */
  owner: string | null;
  /** Changed since the server last had it (a save is due). */
  dirty: boolean;
  items: CartItem[];
  /**
   * A guest's cart being added to a signed-in shopper's stored cart: the id the merge is sent under, kept until the
   * merge is answered, so a page left before that sends it again under the same id and nothing is added twice.
   */
  mergeId?: string;
}
