// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { StoredCart } from '@/contract/cart';
import type { StoreCatalogue } from '@/contract/shop';
import { createUser } from '@/server/test/auth-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { apiFetch } from './api-client';
import { AuthProvider, authStore } from './auth';
import { CartProvider, useCart, type CartItem } from './cart';
import { CART_SAVE_DELAY_MS } from './cart-engine';
import { STORAGE_KEYS } from './storage-keys';

let live: LiveApp;
let awards: Award[];
let catalogue: StoreCatalogue;
beforeAll(async () => {
  live = await startLiveApp('/cart');
  awards = (await live.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>();
  catalogue = (await live.app.inject({ method: 'GET', url: '/api/store/products' })).json<StoreCatalogue>();
});
afterAll(async () => {
  await live?.close();
});

const variant = (sku: string) => {
  const product = catalogue.products.find((p) => p.variants.some((v) => v.sku === sku))!;
  return { product, variant: product.variants.find((v) => v.sku === sku)! };
};
const design = (name: string) => ({ award_id: awards[0]!.id, template_id: null, recipient_name: name, share_id: null });
/** A line as the store adds it in this browser: one print of `sku` for `name`. */
const guestLine = (sku: string, name: string): CartItem => {
  const { product, variant: v } = variant(sku);
  return { id: `${product.id}-${v.id}-1`, productId: product.id, variantId: v.id, quantity: 1, price: v.price, design: design(name), productName: product.name };
};

function Probe() {
  const { items, totalItems, updateQuantity } = useCart();
  return (
    <div>
      <output aria-label="Cart">
        {totalItems}|{items.map((i) => `${i.productName}:${i.design?.recipient_name}×${i.quantity}`).join(',')}
      </output>
      {items.map((i) => (
        <button key={i.id} type="button" onClick={() => updateQuantity(i.id, i.quantity + 1)}>
          More {i.design?.recipient_name}
        </button>
      ))}
    </div>
  );
}

const renderApp = () =>
  render(
    <AuthProvider>
      <CartProvider>
        <Probe />
      </CartProvider>
    </AuthProvider>,
  );
const serverCart = () => apiFetch<StoredCart>('/api/cart');
const persisted = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? 'null') as { owner: string | null; items: CartItem[] } | null;

describe('the cart on the account (docs/decisions/071)', () => {
  it("merges a guest cart on sign-in, saves changes, empties the browser's copy on sign-out and brings it back on sign-in", async () => {
    const { id, email, password } = await createUser(live.app);
    await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
    // Already on the account, from another device: a paper print for Dana.
    await apiFetch('/api/cart', { method: 'PUT', body: JSON.stringify({ lines: [{ variant_id: variant('PRINT-A4').variant.id, quantity: 1, design: design('Dana') }] }) });
    // In this browser, as a guest: an oak frame for Sam.
    const guest = guestLine('FRAME-A4-OAK', 'Sam');
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ owner: null, dirty: false, items: [guest] }));

    const view = renderApp();
    // Both lines: the stored one described by the quote, this browser's own as it was.
    await waitFor(() => expect(screen.getByLabelText('Cart')).toHaveTextContent('2|Paper print:Dana×1,Framed certificate:Sam×1'));
    expect((await serverCart()).lines.map((l) => [l.design.recipient_name, l.quantity])).toEqual([
      ['Dana', 1],
      ['Sam', 1],
    ]);
    expect(persisted()?.owner).toBe(id);

    // A change is saved to the account a moment later.
    act(() => screen.getByRole('button', { name: 'More Sam' }).click());
    await waitFor(async () => expect((await serverCart()).lines.map((l) => l.quantity)).toEqual([1, 2]), { timeout: CART_SAVE_DELAY_MS * 10 });

    // A reload adopts the stored cart; nothing is merged twice.
    view.unmount();
    renderApp();
    await waitFor(() => expect(screen.getByLabelText('Cart')).toHaveTextContent('3|Paper print:Dana×1,Framed certificate:Sam×2'));
    expect((await serverCart()).lines.map((l) => l.quantity)).toEqual([1, 2]);

    // Signing out empties this browser's copy; the account keeps it.
    await act(() => authStore.signOut());
    await waitFor(() => expect(screen.getByLabelText('Cart')).toHaveTextContent(/^0\|$/));
    expect(persisted()).toBeNull();

    // Signing in again brings it back, with the same quantities.
    await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
    await act(() => authStore.refresh('SIGNED_IN'));
    await waitFor(() => expect(screen.getByLabelText('Cart')).toHaveTextContent('3|Paper print:Dana×1,Framed certificate:Sam×2'));
    expect((await serverCart()).lines.map((l) => l.quantity)).toEqual([1, 2]);
  });

  it('adds a guest cart once when a page was left before the merge was answered (docs/decisions/129)', async () => {
    const { id, email, password } = await createUser(live.app);
    await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
    await act(() => authStore.refresh('SIGNED_IN'));
    const paper = variant('PRINT-A4');
    const guest = guestLine('PRINT-A4', 'Robin');
    // The page before sent the merge under the id it wrote beside the cart, and was gone before the answer came:
    // the server has the line, this browser still holds the guest cart.
    const mergeId = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ owner: null, dirty: false, items: [guest], mergeId }));
    await apiFetch('/api/cart/merge', {
      method: 'POST',
      body: JSON.stringify({ lines: [{ variant_id: paper.variant.id, quantity: 1, design: design('Robin') }], merge_id: mergeId }),
    });

    renderApp();
    await waitFor(() => expect(persisted()?.owner).toBe(id));
    expect(screen.getByLabelText('Cart')).toHaveTextContent('1|Paper print:Robin×1');
    expect((await serverCart()).lines.map((l) => [l.design.recipient_name, l.quantity])).toEqual([['Robin', 1]]);
    expect(persisted()).not.toHaveProperty('mergeId');
  });

  it("stores a guest's first line in the same moment the badge counts it, so a page left at once keeps it", async () => {
    await act(() => authStore.signOut());
    localStorage.clear();
    const line = guestLine('PRINT-A4', 'Quinn');
    function Adder() {
      const { addItem, totalItems } = useCart();
      return (
        <>
          <output aria-label="Count">{totalItems}</output>
          <button type="button" onClick={() => addItem(line)}>
            Add
          </button>
        </>
      );
    }
    render(
      <AuthProvider>
        <CartProvider>
          <Adder />
        </CartProvider>
      </AuthProvider>,
    );
    // What a navigation would find, read the moment the count changes (before any later effect could write it).
    const count = screen.getByLabelText('Count');
    const storedWhenCounted: (string | null)[] = [];
    const observer = new MutationObserver(() => {
      if (count.textContent === '1') storedWhenCounted.push(localStorage.getItem(STORAGE_KEYS.cart));
    });
    observer.observe(count, { childList: true, characterData: true, subtree: true });
    act(() => screen.getByRole('button', { name: 'Add' }).click());
    await waitFor(() => expect(count).toHaveTextContent('1'));
    observer.disconnect();
    expect(storedWhenCounted[0]).toContain(line.variantId);
  });
});
