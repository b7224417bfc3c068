import { CART_LIMITS, type CartDesign, type CartItem, type PersistedCart } from './cart-types';
import { STORAGE_KEYS } from './storage-keys';

/** The cart in this browser's storage (localStorage key STORAGE_KEYS.cart): read on the first page, so it stays small. */

export const EMPTY_CART: PersistedCart = { owner: null, dirty: false, items: [] };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isStrOrNull = (v: unknown) => v === null || v === undefined || isStr(v);

function isDesign(v: unknown): v is CartDesign {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return isStr(d.award_id) && isStr(d.recipient_name) && isStrOrNull(d.template_id) && isStrOrNull(d.share_id);
}

function isItem(v: unknown): v is CartItem {
  if (typeof v !== 'object' || v === null) return false;
  const i = v as Record<string, unknown>;
  return (
    isStr(i.id) &&
    isStr(i.productId) &&
    isStr(i.variantId) &&
    isInt(i.quantity) &&
    i.quantity >= 1 &&
    isInt(i.price) &&
    (i.design === undefined || isDesign(i.design))
  );
}

/** Reads the stored cart; anything unreadable (another version, a hand edit) gives way to an empty cart. */
export function parsePersistedCart(raw: string | null): PersistedCart {
  if (!raw) return EMPTY_CART;
  try {
    const data = JSON.parse(raw) as Record<string, unknown>;
    if (typeof data !== 'object' || data === null || !Array.isArray(data.items)) return EMPTY_CART;
    const items = (data.items as unknown[]).filter(isItem).slice(0, CART_LIMITS.lines);
    const owner = isStr(data.owner) ? data.owner : null;
    return { owner, dirty: data.dirty === true, items, ...(owner === null && isStr(data.mergeId) ? { mergeId: data.mergeId } : {}) };
  } catch {
    return EMPTY_CART;
  }
}

export function readPersisted(storage: Storage | null): PersistedCart {
  try {
    return parsePersistedCart(storage?.getItem(STORAGE_KEYS.cart) ?? null);
  } catch {
    return EMPTY_CART;
  }
}

export function writePersisted(storage: Storage | null, cart: PersistedCart) {
  try {
    if (cart.items.length === 0 && cart.owner === null) storage?.removeItem(STORAGE_KEYS.cart);
    else storage?.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
}

export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
