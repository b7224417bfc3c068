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
    const oak = variant('FRAME-A4-OAK');
    const guest: CartItem = {
      id: `${oak.product.id}-${oak.variant.id}-1`,
      productId: oak.product.id,
      variantId: oak.variant.id,
      quantity: 1,
      price: oak.variant.price,
      design: design('Sam'),
      productName: oak.product.name,
    };
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
    const guest: CartItem = {
      id: `${paper.product.id}-${paper.variant.id}-1`,
      productId: paper.product.id,
      variantId: paper.variant.id,
      quantity: 1,
      price: paper.variant.price,
      design: design('Robin'),
      productName: paper.product.name,
    };
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
});
