// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { CreateNominationResult } from '@/contract/nominations';
import type { StoreCatalogue } from '@/contract/shop';
import { CartProvider, useCart } from '@/web/lib/cart';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';
import { provideSiteSettings } from '@/web/lib/site-settings';
import type { PublicSettings } from '@/contract/settings';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp, toasts } from '@/web/test/render';
import { StorePage } from './store-page';

let live: LiveApp;
let awards: Award[];
let catalogue: StoreCatalogue;
beforeAll(async () => {
  live = await startLiveApp('/store');
  awards = (await live.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>();
  catalogue = (await live.app.inject({ method: 'GET', url: '/api/store/products' })).json<StoreCatalogue>();
});
afterAll(async () => {
  await live?.close();
});
beforeEach(() => localStorage.clear());

/** What the cart holds, as the header badge and the cart page read it. */
function CartProbe() {
  const { items, totalItems } = useCart();
  return (
    <output aria-label="Cart contents">
      {totalItems}|{items.map((i) => `${i.productName}/${i.variantName}/${i.design?.recipient_name ?? ''}/${i.design?.share_id ?? ''}×${i.quantity}`).join(',')}
    </output>
  );
}

const renderStore = (path: string) =>
  renderWithApp(
    <CartProvider>
      <StorePage />
      <CartProbe />
    </CartProvider>,
    { path },
  );

const price = (sku: string) => catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === sku)!.price;
const usd = (cents: number) => new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('StorePage', () => {
  it('prints the award from ?award= with a name on a framed A4 in oak: the certificate in an oak frame, its price, added to the cart', async () => {
    const award = awards[3]!;
    const { user } = renderStore(`/store?award=${award.id}`);

    const select = await screen.findByRole('combobox', { name: 'Award' });
    expect(select).toHaveValue(award.id);
    expect(screen.getByText('Ships worldwide in 7–14 business days; express available.')).toBeVisible();
    expect(screen.getByText('Test mode: no real payments')).toBeVisible();
    // Before a name: the award's cacheable drawing, a plain image URL (what the server-rendered store shows).
    const unnamed = await screen.findByRole('img', { name: `${award.title}, in a black frame` });
    expect(unnamed).toHaveAttribute('src', `/api/certificates/preview.svg?award_id=${award.id}`);

    await user.type(screen.getByRole('textbox', { name: 'Name on the certificate' }), 'Dana Okafor');
    expect(screen.getByRole('radio', { name: /Framed certificate/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Oak frame' }));
    expect(screen.getByRole('radio', { name: 'A4 / Letter (210 × 297 mm)' })).toBeChecked();
    expect(screen.getByTestId('store-price')).toHaveTextContent(usd(price('FRAME-A4-OAK')));
    // The personalised certificate, drawn by the renderer, inside the oak frame.
    // With a name: the live preview the renderer drew for it.
    const named = () => screen.getByRole('img', { name: `${award.title} for Dana Okafor, in an oak frame` });
    await waitFor(() => expect(named().getAttribute('src')).toMatch(/^blob:/));

    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByTestId('store-price')).toHaveTextContent(usd(2 * price('FRAME-A4-OAK')));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await toasts().findByText('Added to your cart')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'View cart (2)' })).toHaveAttribute('href', '/cart');
    expect(screen.getByLabelText('Cart contents')).toHaveTextContent('2|Framed certificate/A4 / Letter, oak frame/Dana Okafor/×2');
    // The cart is in the browser's storage: a reload keeps it.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{"items":[]}').items).toHaveLength(1));

    // The same print again raises the quantity; another name is another line.
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name on the certificate' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on the certificate' }), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByLabelText('Cart contents')).toHaveTextContent(
      '6|Framed certificate/A4 / Letter, oak frame/Dana Okafor/×4,Framed certificate/A4 / Letter, oak frame/Sam/×2',
    );
  });

  it('prints a certificate from ?certificate= as a PDF on a screen', async () => {
    const filed = (
      await live.app.inject({ method: 'POST', url: '/api/nominations', payload: { award_id: awards[0]!.id, nominee_name: 'Robin Banks' } })
    ).json<CreateNominationResult>();
    const shareId = filed.certificate.share_id;
    const { user } = renderStore(`/store?certificate=${shareId}`);

    expect(await screen.findByText('Awarded to Robin Banks')).toBeVisible();
    expect(screen.getByRole('radio', { name: /A certificate already issued/ })).toBeChecked();
    expect(screen.getByText(`Certificate No. ${filed.certificate.certificate_number}`)).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /Digital certificate \(PDF\)/ }));
    // One variant: no size or finish to choose.
    expect(screen.queryByRole('group', { name: 'Size' })).toBeNull();
    expect(screen.getByRole('img', { name: `${awards[0]!.title} for Robin Banks, as a PDF on a screen` })).toHaveAttribute('src', filed.certificate.urls.svg);
    expect(screen.getByTestId('store-price')).toHaveTextContent(usd(price('PDF')));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByLabelText('Cart contents')).toHaveTextContent(`1|Digital certificate (PDF)/Print-ready PDF/Robin Banks/${shareId}×1`);
  });

  it('an unknown certificate says so and offers another; a pasted link is understood', async () => {
    const filed = (
      await live.app.inject({ method: 'POST', url: '/api/nominations', payload: { award_id: awards[1]!.id, nominee_name: 'Alex Doe' } })
    ).json<CreateNominationResult>();
    const { user } = renderStore('/store?certificate=AAAAAAAAAAAAAAAA');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not find that certificate')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'Use another certificate' }));

    const field = screen.getByRole('textbox', { name: 'Certificate link or code' });
    await user.type(field, 'not a link');
    await user.click(screen.getByRole('button', { name: 'Use this certificate' }));
    expect(field).toHaveAccessibleDescription("Paste the certificate's link (it contains /certificate/) or its 16-character code.");
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, `https://example.test/certificate/${filed.certificate.share_id}`);
    await user.click(screen.getByRole('button', { name: 'Use this certificate' }));
    expect(await screen.findByText('Awarded to Alex Doe')).toBeVisible();
    // The choice reaches the page a render after the certificate shows.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
  });

  it('shows skeletons while the catalogue loads', () => {
    renderStore('/store');
    expect(screen.getByTestId('store-skeleton')).toBeInTheDocument();
  });

  it('prices in the shopper’s currency: the switcher lists the shop’s currencies, and the choice is kept', async () => {
    const settings = (await live.app.inject({ method: 'GET', url: '/api/settings/public' })).json<PublicSettings>();
    expect(settings.currencies).toEqual(['USD', 'EUR', 'GBP', 'CAD', 'AUD']);
    provideSiteSettings(settings);
    try {
      const award = awards[3]!;
      const { user } = renderStore(`/store?award=${award.id}`);
      const switcher = await screen.findByRole('combobox', { name: 'Prices in' });
      expect(within(switcher).getAllByRole('option').map((o) => o.textContent)).toEqual(['$ USD', '€ EUR', '£ GBP', 'CA$ CAD', 'A$ AUD']);
      await user.click(await screen.findByRole('radio', { name: /Framed certificate/ }));
      await user.click(screen.getByRole('radio', { name: 'Oak frame' }));
      await user.selectOptions(switcher, 'GBP');
      // FRAME-A4-OAK: $64.00 and, in the seeded price list, £55.00 (VAT inside).
      await waitFor(() => expect(screen.getByTestId('store-price')).toHaveTextContent('£55.00'));
      expect(screen.getByText('Prices include VAT where it applies.')).toBeVisible();
      expect(localStorage.getItem(STORAGE_KEYS.currency)).toBe('GBP');
      await user.selectOptions(switcher, 'USD');
      await waitFor(() => expect(screen.getByTestId('store-price')).toHaveTextContent(usd(price('FRAME-A4-OAK'))));
      expect(screen.queryByText('Prices include VAT where it applies.')).toBeNull();
    } finally {
      provideSiteSettings({ ...settings, currencies: ['USD'] });
    }
  });
});
