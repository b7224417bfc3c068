import type { CartBody, CartMergeBody, StoredCart } from '@/contract/cart';
import { apiFetch } from '@/web/lib/api-client';

/** GET /api/cart: the signed-in shopper's stored cart. */
export const getStoredCart = () => apiFetch<StoredCart>('/api/cart');

/** PUT /api/cart: replaces the stored cart (keepalive: a save started as the page closes still arrives). */
export const putStoredCart = (body: CartBody, keepalive = false) =>
  apiFetch<StoredCart>('/api/cart', { method: 'PUT', body: JSON.stringify(body), keepalive });

/** POST /api/cart/merge: adds this browser's cart to the stored one (on sign-in) and answers with the result. */
export const mergeStoredCart = (body: CartMergeBody) =>
  apiFetch<StoredCart>('/api/cart/merge', { method: 'POST', body: JSON.stringify(body) });
