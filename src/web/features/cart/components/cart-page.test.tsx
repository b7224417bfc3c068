// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { StoreCatalogue, Variant } from '@/contract/shop';
import { variants } from '@/server/db/schema/index';
import { CartProvider, useCart, type CartItem } from '@/web/lib/cart';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import { CartPage } from './cart-page';

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
beforeEach(() => localStorage.clear());

const variantBySku = (sku: string) => {
  const product = catalogue.products.find((p) => p.variants.some((v) => v.sku === sku))!;
  return { product, variant: product.variants.find((v) => v.sku === sku)! as Variant };
};
const usd = (cents: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A cart line as the store would have added it; `price` may be stale on purpose. */
function line(sku: string, recipient: string, quantity = 1, time = 1, price?: number): CartItem {
  const { product, variant } = variantBySku(sku);
  return {
    id: `${product.id}-${variant.id}-${time}`,
    productId: product.id,
    variantId: variant.id,
    quantity,
    price: price ?? variant.price,
    currency: 'USD',
    design: { award_id: awards[0]!.id, template_id: null, recipient_name: recipient, share_id: null },
    productName: product.name,
    variantName: variant.name,
    imageUrl: variant.image_url,
    awardTitle: awards[0]!.title,
  };
}

function Badge() {
  return <output aria-label="Badge">{useCart().totalItems}</output>;
}

function renderCart(items: CartItem[]) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ owner: null, dirty: false, items }));
  return renderWithApp(
    <CartProvider>
      <CartPage />
      <Badge />
    </CartProvider>,
    { path: '/cart' },
  );
}

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{"items":[]}') as { items: CartItem[] };

describe('CartPage', () => {
  it('is empty with a way to the store and the gallery', () => {
    renderCart([]);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Visit the store' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Browse the awards' })).toHaveAttribute('href', '/gallery');
  });

  it("shows each line with today's price, changes quantities (0 removes), and totals", async () => {
    const oak = variantBySku('FRAME-A4-OAK').variant.price;
    const print = variantBySku('PRINT-A4').variant.price;
    // The oak frame was added at an old price: the cart shows today's.
    const { user } = renderCart([line('FRAME-A4-OAK', 'Dana', 1, 1, 100), line('PRINT-A4', 'Sam', 2, 2)]);

    const lines = screen.getAllByTestId('cart-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('heading', { name: awards[0]!.title })).toBeVisible();
    expect(within(lines[0]!).getByText('For Dana')).toBeVisible();
    expect(await within(lines[0]!).findByText(`${usd(oak)} each`)).toBeVisible();
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent(usd(oak + 2 * print));
    expect(screen.getByTestId('cart-total-items')).toHaveTextContent('3');
    expect(screen.getByText(/Shipping is added at checkout: standard, 7–14 business days/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

    await user.click(within(lines[0]!).getByRole('button', { name: /^One more: Framed certificate/ }));
    // The first change waits for the cart's rules to load.
    await waitFor(() => expect(screen.getByLabelText('Badge')).toHaveTextContent('4'));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(usd(2 * oak + 2 * print)));
    expect(stored().items.map((i) => i.quantity)).toEqual([2, 2]);

    // Typing a quantity; 0 removes the line.
    const qty = within(lines[1]!).getByRole('spinbutton', { name: /^Quantity of Paper print/ });
    await user.clear(qty);
    await user.type(qty, '0{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(screen.getByLabelText('Badge')).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: /^Remove Framed certificate/ }));
    expect(await toasts().findByText('Removed from your cart')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it('flags a line that can no longer be bought and keeps Checkout off until it is removed', async () => {
    const { variant } = variantBySku('FRAME-A3-GOLD');
    await live.database.db.update(variants).set({ isActive: false }).where(eq(variants.id, variant.id));
    live.app.catalogCache.clear(); // what the admin's product routes do after a change
    try {
      const { user } = renderCart([line('FRAME-A3-GOLD', 'Dana'), line('PDF', 'Sam', 1, 2)]);
      expect(await screen.findByText('No longer available: remove it to check out.')).toBeVisible();
      expect(screen.getByText(/One item is no longer available/)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
      expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
      // Never counted.
      expect(screen.getByTestId('cart-subtotal')).toHaveTextContent(usd(variantBySku('PDF').variant.price));

      await user.click(screen.getByRole('button', { name: /^Remove Framed certificate/ }));
      expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    } finally {
      await live.database.db.update(variants).set({ isActive: true }).where(eq(variants.id, variant.id));
      live.app.catalogCache.clear();
    }
  });

  it('empties the cart only after asking', async () => {
    const { user } = renderCart([line('PDF', 'Dana')]);
    await user.click(screen.getByRole('button', { name: 'Empty the cart' }));
    let dialog = await screen.findByRole('dialog', { name: 'Empty your cart?' });
    expect(within(dialog).getByRole('button', { name: 'Keep them' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Empty the cart' }));
    dialog = await screen.findByRole('dialog', { name: 'Empty your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Empty the cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(screen.getByLabelText('Badge')).toHaveTextContent('0');
  });
});
