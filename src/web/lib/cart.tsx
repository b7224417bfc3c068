import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StoredCartLine } from '@/contract/cart';
import type { CartLineInput, QuotedLine } from '@/contract/shop';
import { getStoredCart, mergeStoredCart, putStoredCart } from './api/cart-sync';
import { getQuote } from './api/get-quote';
import { useAuth } from './auth';
import { STORAGE_KEYS } from './storage-keys';

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

interface CartContextValue {
  items: CartItem[];
  totalItems: number;
  totalPrice: number;
  addItem(item: NewCartItem): void;
  updateQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  clearCart(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

/**
 * SHOP_LIMITS.quantity and .lines of src/contract/shop.ts, written out: importing that module would bring the
 * address rules of every country into the first page's JavaScript (cart.test.ts holds the two in step).
 */
export const CART_LIMITS = { quantity: 99, lines: 50 } as const;

function sameDesign(a: CartDesign | undefined, b: CartDesign | undefined): boolean {
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

// ---------- persistence ----------

/** The cart as this browser keeps it: whose it is (null for a guest) and whether the server has it yet. */
export interface PersistedCart {
  /** The signed-in user whose stored cart this is a copy of; null for a guest's cart. */
  owner: string | null;
  /** Changed since the server last had it (a save is due). */
  dirty: boolean;
  items: CartItem[];
}

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
    return { owner: isStr(data.owner) ? data.owner : null, dirty: data.dirty === true, items };
  } catch {
    return EMPTY_CART;
  }
}

function readPersisted(storage: Storage | null): PersistedCart {
  try {
    return parsePersistedCart(storage?.getItem(STORAGE_KEYS.cart) ?? null);
  } catch {
    return EMPTY_CART;
  }
}

function writePersisted(storage: Storage | null, cart: PersistedCart) {
  try {
    if (cart.items.length === 0 && cart.owner === null) storage?.removeItem(STORAGE_KEYS.cart);
    else storage?.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

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

/** How long the cart waits after a change before saving it to a signed-in shopper's account. */
export const CART_SAVE_DELAY_MS = 800;

/**
 * The cart (spec §3, §4) kept in this browser's storage (it survives a reload; other tabs follow), and for a
 * signed-in shopper on the server too (docs/decisions/071): on sign-in a guest cart is merged into the stored
 * one; a reload adopts the stored cart (or saves unsaved changes first); changes are saved shortly after they
 * are made; signing out empties this browser's copy (the account keeps it).
 */
export function CartProvider({ children, storage = browserStorage() }: { children: ReactNode; storage?: Storage | null }) {
  const [cart, setCart] = useState<PersistedCart>(() => readPersisted(storage));
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  /** The user whose stored cart this browser's copy has been reconciled with in this visit. */
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const syncing = useRef<{ userId: string; done: Promise<void> } | null>(null);

  // This browser's copy, written on every change.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    writePersisted(storage, cart);
  }, [cart, storage]);

  // Another tab changed the cart: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.cart) setCart(parsePersistedCart(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Signing in and out.
  useEffect(() => {
    if (loading) return;
    if (!userId) {
      syncing.current = null;
      setSyncedFor(null);
      setCart((c) => (c.owner !== null ? EMPTY_CART : c));
      return;
    }
    if (syncing.current?.userId === userId) return;
    const start = cartRef.current;
    const mine = start.owner === userId;
    const lines = toLineInputs(start.items);
    const done = (async () => {
      const server =
        mine && start.dirty
          ? await putStoredCart({ lines })
          : start.owner === null && lines.length > 0
            ? await mergeStoredCart({ lines })
            : await getStoredCart();
      const adopted = await itemsFromServer(server.lines, start.owner === null || mine ? start.items : []);
      if (syncing.current?.userId !== userId) return;
      setCart((now) => {
        // Lines added while this ran are added again on top, and saved.
        let items = adopted;
        const added = now.items.filter((i) => !start.items.some((s) => s.id === i.id));
        for (const i of added) items = addToCart(items, i);
        return { owner: userId, dirty: added.length > 0, items };
      });
      setSyncedFor(userId);
    })().catch(() => {
      // Not reconciled (offline, or the session just ended): this browser's cart keeps working; next visit tries again.
      if (syncing.current?.userId === userId) syncing.current = null;
    });
    syncing.current = { userId, done };
  }, [loading, userId]);

  // Saving a signed-in shopper's changes, a moment after the last one.
  useEffect(() => {
    if (!userId || syncedFor !== userId || cart.owner !== userId || !cart.dirty) return;
    const sent = cart.items;
    const timer = setTimeout(() => {
      putStoredCart({ lines: toLineInputs(sent) })
        .then(() => setCart((c) => (c.items === sent ? { ...c, dirty: false } : c)))
        .catch(() => undefined);
    }, CART_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cart, userId, syncedFor]);

  // Leaving the page with a save still waiting: send it on its way.
  useEffect(() => {
    const onHide = () => {
      const c = cartRef.current;
      if (userId && syncedFor === userId && c.owner === userId && c.dirty) {
        void putStoredCart({ lines: toLineInputs(c.items) }, true).catch(() => undefined);
      }
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [userId, syncedFor]);

  const change = useCallback((f: (items: CartItem[]) => CartItem[]) => {
    setCart((c) => {
      const items = f(c.items);
      return items === c.items ? c : { ...c, items, dirty: c.owner !== null };
    });
  }, []);
  const addItem = useCallback((item: NewCartItem) => change((prev) => addToCart(prev, item)), [change]);
  const updateQuantity = useCallback((id: string, q: number) => change((prev) => setQuantity(prev, id, q)), [change]);
  const removeItem = useCallback((id: string) => change((prev) => prev.filter((i) => i.id !== id)), [change]);
  const clearCart = useCallback(() => change(() => []), [change]);
  const items = cart.items;
  const value = useMemo(
    () => ({ items, ...cartTotals(items), addItem, updateQuantity, removeItem, clearCart }),
    [items, addItem, updateQuantity, removeItem, clearCart],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
