import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from './auth';
import { useHydrated } from './hydration';
import { browserStorage, parsePersistedCart, readPersisted, writePersisted } from './cart-storage';
import type * as EngineModule from './cart-engine';
import type { CartItem, NewCartItem, PersistedCart } from './cart-types';
import { STORAGE_KEYS } from './storage-keys';

export type { CartDesign, CartItem, NewCartItem, PersistedCart } from './cart-types';

interface CartContextValue {
  items: CartItem[];
  totalItems: number;
  totalPrice: number;
  addItem(item: NewCartItem): void;
  updateQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  clearCart(): void;
}

const EMPTY_ITEMS: CartItem[] = [];

const CartContext = createContext<CartContextValue | null>(null);

type Engine = typeof EngineModule;
const loadEngine = () => import('./cart-engine');
const CartEngine = lazy(() => loadEngine().then((m) => ({ default: m.CartEngine })));

/** Pages where the cart changes (store, cart) fetch its engine as they open, so the first click is instant. */
export function usePreloadCartEngine() {
  useEffect(() => {
    void loadEngine();
  }, []);
}

/**
 * The cart (spec §3, §4) kept in this browser's storage (it survives a reload; other tabs follow), and for a
 * signed-in shopper on the server too (docs/decisions/071): on sign-in a guest cart is merged into the stored
 * one; a reload adopts the stored cart (or saves unsaved changes first); changes are saved shortly after they
 * are made; signing out empties this browser's copy (the account keeps it).
 *
 * The first page carries only the lines (read from storage, for the header's badge). The rules and the syncing
 * (lib/cart-engine.tsx) load when they are needed: for a signed-in shopper, or at the first change (which waits
 * for them) — a guest who only browses never loads them.
 */
export function CartProvider({ children, storage = browserStorage() }: { children: ReactNode; storage?: Storage | null }) {
  const [cart, setCart] = useState<PersistedCart>(() => readPersisted(storage));
  const { user, loading } = useAuth();
  const engine = useRef<Engine['rules'] | null>(null);
  const waiting = useRef<((rules: Engine['rules']) => void)[]>([]);
  // A guest who only looks never needs the engine; a change, an account or an account's cart left behind do.
  const [asked, setAsked] = useState(false);
  const needEngine = asked || (!loading && (user !== null || cart.owner !== null));
  useEffect(() => {
    if (!needEngine) return;
    // Once on, it stays on for the visit (it still has to store a sign-out's empty cart, for one).
    setAsked(true);
    let live = true;
    void loadEngine().then((m) => {
      if (!live) return;
      engine.current = m.rules;
      for (const run of waiting.current.splice(0)) run(m.rules);
    });
    return () => {
      live = false;
    };
  }, [needEngine]);

  // This browser's copy, written in the same commit that shows a change (a layout effect): a page left the moment
  // the badge counts a new line (a click, then straight to checkout) still leaves it stored. Here rather than in the
  // lazily mounted engine, whose effects run a render later.
  const written = useRef(cart);
  useLayoutEffect(() => {
    if (written.current === cart) return;
    written.current = cart;
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

  const change = useCallback((f: (rules: Engine['rules'], items: CartItem[]) => CartItem[]) => {
    const apply = (rules: Engine['rules']) =>
      setCart((c) => {
        const items = f(rules, c.items);
        return items === c.items ? c : { ...c, items, dirty: c.owner !== null };
      });
    if (engine.current) apply(engine.current);
    else {
      waiting.current.push(apply);
      setAsked(true);
    }
  }, []);
  const addItem = useCallback((item: NewCartItem) => change((r, prev) => r.addToCart(prev, item)), [change]);
  const updateQuantity = useCallback((id: string, q: number) => change((r, prev) => r.setQuantity(prev, id, q)), [change]);
  const removeItem = useCallback((id: string) => change((_r, prev) => prev.filter((i) => i.id !== id)), [change]);
  const clearCart = useCallback(() => change(() => []), [change]);
  // The server renders an empty cart (it cannot read this browser's storage): so does hydration, then the badge
  // shows the stored lines. An empty cart stays the same value, so hydration's end re-renders no page that reads it.
  const hydrated = useHydrated();
  const items = hydrated && cart.items.length > 0 ? cart.items : EMPTY_ITEMS;
  const value = useMemo(
    () => ({
      items,
      totalItems: items.reduce((sum, i) => sum + i.quantity, 0),
      totalPrice: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
      addItem,
      updateQuantity,
      removeItem,
      clearCart,
    }),
    [items, addItem, updateQuantity, removeItem, clearCart],
  );
  return (
    <CartContext.Provider value={value}>
      {children}
      {needEngine ? (
        <Suspense fallback={null}>
          <CartEngine cart={cart} setCart={setCart} storage={storage} />
        </Suspense>
      ) : null}
    </CartContext.Provider>
  );
}

export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
