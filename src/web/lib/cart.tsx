import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Spec §3 "Cart item": extra product fields pass through untouched. */
export interface CartItem {
  id: string;
  productId: string;
  variantId: string;
  quantity: number;
  /** Unit price in minor units, as the server quoted it; the server re-prices at checkout. */
  price: number;
  [extra: string]: unknown;
}

export interface NewCartItem {
  productId: string;
  variantId: string;
  quantity: number;
  price: number;
  [extra: string]: unknown;
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

/** Spec §4: matching productId+variantId raises the quantity; quantity ≤ 0 removes the line. */
export function addToCart(items: CartItem[], item: NewCartItem, now = Date.now()): CartItem[] {
  const existing = items.find((i) => i.productId === item.productId && i.variantId === item.variantId);
  if (existing) {
    return items.map((i) => (i === existing ? { ...i, quantity: i.quantity + item.quantity } : i));
  }
  return [...items, { ...item, id: `${item.productId}-${item.variantId}-${now}` }];
}

export function setQuantity(items: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return items.filter((i) => i.id !== id);
  return items.map((i) => (i.id === id ? { ...i, quantity } : i));
}

export function cartTotals(items: CartItem[]) {
  return {
    totalItems: items.reduce((sum, i) => sum + i.quantity, 0),
    totalPrice: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
  };
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<CartItem[]>([]);
  const addItem = useCallback((item: NewCartItem) => setItems((prev) => addToCart(prev, item)), []);
  const updateQuantity = useCallback((id: string, q: number) => setItems((prev) => setQuantity(prev, id, q)), []);
  const removeItem = useCallback((id: string) => setItems((prev) => prev.filter((i) => i.id !== id)), []);
  const clearCart = useCallback(() => setItems([]), []);
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
