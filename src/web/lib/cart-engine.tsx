import { useEffect, useRef, useState } from 'react';
import { getStoredCart, itemsFromServer, mergeStoredCart, putStoredCart } from './cart-account';
import { addToCart, setQuantity, toLineInputs } from './cart-rules';
import { EMPTY_CART, writePersisted } from './cart-storage';
import type { PersistedCart } from './cart-types';
import { useAuth } from './auth';

/**
 * Everything the cart does besides holding its lines (docs/decisions/071), loaded only when needed so the first
 * page stays light: its rules, writing this browser's copy, and for a signed-in shopper merging with, adopting and
 * saving the cart stored on the account.
 */

/** How long the cart waits after a change before saving it to a signed-in shopper's account. */
export const CART_SAVE_DELAY_MS = 800;

/** The rules the provider's actions apply, handed over once this module has loaded. */
export const rules = { addToCart, setQuantity };

export function CartEngine({
  cart,
  setCart,
  storage,
}: {
  cart: PersistedCart;
  setCart: (update: (c: PersistedCart) => PersistedCart) => void;
  storage: Storage | null;
}) {
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  /** The user whose stored cart this browser's copy has been reconciled with in this visit. */
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const syncing = useRef<{ userId: string; done: Promise<void> } | null>(null);

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
    let start = cartRef.current;
    const mine = start.owner === userId;
    const lines = toLineInputs(start.items);
    const merging = start.owner === null && lines.length > 0;
    if (merging && !start.mergeId) {
      // Written before the merge is sent: a page left before its answer sends it again, under the same id, and the
      // server adds nothing twice (docs/decisions/129).
      start = { ...start, mergeId: crypto.randomUUID() };
      cartRef.current = start;
      writePersisted(storage, start);
      const mergeId = start.mergeId;
      setCart((c) => (c.owner === null ? { ...c, mergeId } : c));
    }
    const done = (async () => {
      const server =
        mine && start.dirty
          ? await putStoredCart({ lines })
          : merging
            ? await mergeStoredCart({ lines, merge_id: start.mergeId })
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
  }, [loading, userId, setCart, storage]);

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
  }, [cart, userId, syncedFor, setCart]);

  // Leaving the page with a save still waiting: send it on its way.
  useEffect(() => {
    const onHide = () => {
      const c = cartRef.current;
      // The browser's copy first, as it is now: a reconciliation that finished just before leaving may not have
      // been written yet, and the next page would take the old guest copy for a new one and merge it again.
      writePersisted(storage, c);
      if (userId && syncedFor === userId && c.owner === userId && c.dirty) {
        void putStoredCart({ lines: toLineInputs(c.items) }, true).catch(() => undefined);
      }
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [userId, syncedFor, storage]);

  return null;
}
