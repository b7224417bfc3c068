// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProduct, AdminProductList, DiscountCodeList } from '@/contract/admin-products';
import { stubApi } from '@/web/test/api-stub';
import { renderWithApp, toasts } from '@/web/test/render';
import { ProductsAdmin } from './products-admin';

const PRODUCT: AdminProduct = {
  id: 'c0a8012e-0000-4000-8000-000000000010',
  slug: 'framed-certificate',
  name: 'Framed certificate',
  description: '',
  kind: 'framed',
  thumbnail_url: null,
  is_active: true,
  sort_order: 0,
  variants: [
    {
      id: 'c0a8012e-0000-4000-8000-000000000011',
      sku: 'FRAME-A4-OAK',
      name: 'A4, oak',
      size: 'A4',
      finish: 'Oak',
      price: 5900,
      currency: 'USD',
      // NZD priced ahead of the shop selling in it; not priced in GBP.
      prices: { EUR: 5900, NZD: 7000 },
      weight_grams: 900,
      image_url: null,
      requires_shipping: true,
      is_active: true,
      sort_order: 0,
    },
  ],
};

const CODES: DiscountCodeList = {
  discount_codes: [
    {
      id: 'c0a8012e-0000-4000-8000-000000000020',
      code: 'EURO5',
      kind: 'fixed',
      value: 500,
      min_subtotal: 4000,
      currency: 'EUR',
      expires_at: null,
      usage_limit: null,
      used_count: 0,
      is_active: true,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  currency: 'USD',
  currencies: ['USD', 'EUR', 'GBP'],
};
const PRODUCTS: AdminProductList = { products: [PRODUCT], currency: 'USD', currencies: ['USD', 'EUR', 'GBP'] };

// The network boundary: the admin API's answers, as the contract has them; a change is refused as `api.refusal` says.
const api = stubApi((path) => (path === '/api/admin/discount-codes' ? CODES : PRODUCTS));

describe('the product forms', () => {
  it('a new product: the contract’s rules under their fields before anything is sent, then the server’s refusal under the slug', async () => {
    const { user } = renderWithApp(<ProductsAdmin />, { path: '/admin/products' });
    await user.click(screen.getByRole('button', { name: 'New product' }));
    const form = within(screen.getByRole('form', { name: 'New product' }));

    await user.click(form.getByRole('button', { name: 'Create product' }));
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(form.getByRole('textbox', { name: 'Slug' })).toHaveAccessibleDescription('slug may contain lower-case letters, digits and single hyphens');
    expect(api.sent).toEqual([]);

    api.refusal = { status: 409, error: { code: 'CONFLICT', message: 'Another product already has this slug.', field: 'slug' } };
    await user.type(name, 'Mini print');
    await user.type(form.getByRole('textbox', { name: 'Slug' }), 'framed-certificate');
    await user.type(form.getByRole('textbox', { name: 'Picture (path or https address)' }), 'http://example.test/a.png');
    await user.click(form.getByRole('button', { name: 'Create product' }));
    expect(form.getByRole('textbox', { name: 'Picture (path or https address)' })).toHaveAccessibleDescription(
      'thumbnail_url must be a path on this site (/…) or an https:// address',
    );
    expect(api.sent).toEqual([]);

    await user.clear(form.getByRole('textbox', { name: 'Picture (path or https address)' }));
    await user.click(form.getByRole('button', { name: 'Create product' }));
    const slug = form.getByRole('textbox', { name: 'Slug' });
    expect(await form.findByText('Another product already has this slug.')).toBeVisible();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription('Another product already has this slug.');
    expect(slug).toHaveFocus();
    expect(api.sent).toEqual([
      { method: 'POST', path: '/api/admin/products', body: { name: 'Mini print', slug: 'framed-certificate', kind: 'print', thumbnail_url: null, description: '' } },
    ]);
  });

  it('a new variant: a price it cannot read, then the server’s refusal under the SKU; a refusal naming no field is a toast', async () => {
    const { user } = renderWithApp(<ProductsAdmin />, { path: '/admin/products' });
    await user.click(await screen.findByRole('button', { name: 'Add a variant' }));
    const form = within(screen.getByRole('form', { name: 'New variant of Framed certificate' }));
    await user.type(form.getByRole('textbox', { name: 'SKU' }), 'frame-a5');
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'A5, oak');
    await user.type(form.getByRole('textbox', { name: 'Size' }), 'A5');
    await user.type(form.getByRole('textbox', { name: 'Price (USD)' }), 'twelve');
    // One field a currency the shop sells in besides its own, empty meaning not sold in it.
    const eur = form.getByRole('textbox', { name: 'Price in EUR (€)' });
    expect(form.getByRole('textbox', { name: 'Price in GBP (£)' })).toHaveAccessibleDescription('Leave empty: not sold in GBP.');
    expect(form.queryByRole('textbox', { name: /NZD/ })).toBeNull();
    await user.type(eur, '13,0,0');
    await user.click(form.getByRole('button', { name: 'Add variant' }));
    const price = form.getByRole('textbox', { name: 'Price (USD)' });
    expect(price).toHaveFocus();
    expect(price).toHaveAccessibleDescription('Enter a price such as 59.00');
    expect(eur).toHaveAccessibleDescription('Enter a price such as 59.00, or leave it empty');
    expect(api.sent).toEqual([]);
    await user.clear(eur);
    await user.type(eur, '13.00');

    api.refusal = { status: 409, error: { code: 'CONFLICT', message: 'Another variant already has this SKU.', field: 'sku' } };
    await user.clear(price);
    await user.type(price, '12.50');
    await user.click(form.getByRole('button', { name: 'Add variant' }));
    const sku = form.getByRole('textbox', { name: 'SKU' });
    expect(await form.findByText('Another variant already has this SKU.')).toBeVisible();
    expect(sku).toHaveAccessibleDescription('Another variant already has this SKU.');
    expect(sku).toHaveFocus();
    expect(api.sent[0]).toEqual({
      method: 'POST',
      path: `/api/admin/products/${PRODUCT.id}/variants`,
      body: { sku: 'FRAME-A5', name: 'A5, oak', size: 'A5', finish: '', price: 1250, currency: 'USD', prices: { EUR: 1300 }, weight_grams: 0, requires_shipping: true },
    });

    api.refusal = { status: 404, error: { code: 'PRODUCT_NOT_FOUND', message: 'No product with that id.' } };
    await user.clear(sku);
    await user.type(sku, 'FRAME-A5-B');
    await user.click(form.getByRole('button', { name: 'Add variant' }));
    expect(await toasts().findByText('No product with that id.')).toBeVisible();
  });

  it('a variant’s price in its row: the message under it, linked to it; any refusal goes there too', async () => {
    const { user } = renderWithApp(<ProductsAdmin />, { path: '/admin/products' });
    const price = await screen.findByRole('textbox', { name: 'Price of Framed certificate, A4, oak (USD)' });
    await user.clear(price);
    await user.type(price, '59,0,0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(price).toHaveFocus();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Enter a price such as 59.00');

    api.refusal = { status: 404, error: { code: 'VARIANT_NOT_FOUND', message: 'No variant with that id.' } };
    await user.clear(price);
    await user.type(price, '64.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No variant with that id.')).toBeVisible();
    expect(price).toHaveAccessibleDescription('No variant with that id.');
    expect(api.sent).toEqual([{ method: 'PATCH', path: `/api/admin/variants/${PRODUCT.variants[0]!.id}`, body: { price: 6400 } }]);
  });

  it('a new discount code: its value read by its type, the contract’s limit on a percentage, the server’s refusal under the code', async () => {
    const { user } = renderWithApp(<ProductsAdmin />, { path: '/admin/products' });
    await user.click(screen.getByRole('button', { name: 'New discount code' }));
    const form = within(screen.getByRole('form', { name: 'New discount code' }));
    await user.type(form.getByRole('textbox', { name: 'Code' }), 'launch');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(form.getByRole('textbox', { name: 'Percent off' })).toHaveAccessibleDescription('Enter a whole percentage, 1–100');

    await user.type(form.getByRole('textbox', { name: 'Percent off' }), '150');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(form.getByRole('textbox', { name: 'Percent off' })).toHaveAccessibleDescription('A percentage discount is at most 100');

    await user.selectOptions(form.getByRole('combobox', { name: 'Type' }), 'fixed');
    await user.type(form.getByRole('textbox', { name: 'Minimum order (USD, optional)' }), 'fifty');
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(form.getByRole('textbox', { name: 'Minimum order (USD, optional)' })).toHaveAccessibleDescription('Enter an amount such as 50.00');
    expect(api.sent).toEqual([]);

    api.refusal = { status: 409, error: { code: 'CONFLICT', message: 'Another discount code already has this code.', field: 'code' } };
    await user.clear(form.getByRole('textbox', { name: 'Minimum order (USD, optional)' }));
    await user.click(form.getByRole('button', { name: 'Create code' }));
    const code = form.getByRole('textbox', { name: 'Code' });
    expect(await form.findByText('Another discount code already has this code.')).toBeVisible();
    expect(code).toHaveAccessibleDescription('Another discount code already has this code.');
    expect(code).toHaveFocus();
    expect(api.sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/discount-codes',
        body: { code: 'LAUNCH', kind: 'fixed', value: 15000, currency: null, min_subtotal: 0, expires_at: null, usage_limit: null, is_active: true },
      },
    ]);
  });

  it('a variant’s prices in other currencies: shown in its row, the whole list edited in a dialog, a refusal under the currency it names', async () => {
    const { user } = renderWithApp(<ProductsAdmin />, { path: '/admin/products' });
    expect(await screen.findByText('€59.00 · not in GBP · NZ$70.00')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Prices of Framed certificate, A4, oak in other currencies' }));
    const form = within(await screen.findByRole('form', { name: 'Prices of A4, oak in other currencies' }));
    const eur = form.getByRole('textbox', { name: 'Price in EUR (€)' });
    const gbp = form.getByRole('textbox', { name: 'Price in GBP (£)' });
    const nzd = form.getByRole('textbox', { name: 'Price in NZD (NZ$)' });
    expect([eur, gbp, nzd].map((f) => (f as HTMLInputElement).value)).toEqual(['59.00', '', '70.00']);
    expect(gbp).toHaveAccessibleDescription('Leave empty: not sold in GBP.');
    expect(nzd).toHaveAccessibleDescription('The shop does not sell in NZD yet (settings). Leave empty: not priced in NZD.');

    await user.type(gbp, 'fifty');
    await user.click(form.getByRole('button', { name: 'Save prices' }));
    expect(gbp).toHaveFocus();
    expect(gbp).toHaveAccessibleDescription('Enter a price such as 59.00, or leave it empty');
    expect(api.sent).toEqual([]);

    // Emptied: no longer sold in euros. The server's refusal goes under the field it names.
    api.refusal = { status: 400, error: { code: 'VALIDATION_ERROR', message: 'The GBP price must be a whole number of cents from 0 to 10000000', field: 'prices.GBP' } };
    await user.clear(eur);
    await user.clear(gbp);
    await user.type(gbp, '51.00');
    await user.click(form.getByRole('button', { name: 'Save prices' }));
    expect(await form.findByText('The GBP price must be a whole number of cents from 0 to 10000000')).toBeVisible();
    expect(gbp).toHaveFocus();
    expect(api.sent).toEqual([{ method: 'PATCH', path: `/api/admin/variants/${PRODUCT.variants[0]!.id}`, body: { prices: { GBP: 5100, NZD: 7000 } } }]);
  });

  it('a discount code in another of the shop’s currencies: its amounts labelled and listed in it', async () => {
    const { user } = renderWithApp(<ProductsAdmin />, { path: '/admin/products' });
    const row = await screen.findByRole('row', { name: /EURO5/ });
    expect(within(row).getByText('€5.00 off')).toBeVisible();
    expect(within(row).getByText('€40.00')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'New discount code' }));
    const form = within(screen.getByRole('form', { name: 'New discount code' }));
    const currency = form.getByRole('combobox', { name: 'Currency' });
    expect(within(currency).getAllByRole('option').map((o) => o.textContent)).toEqual(['USD (the shop’s own)', 'EUR', 'GBP']);
    await user.type(form.getByRole('textbox', { name: 'Code' }), 'bonjour');
    await user.selectOptions(form.getByRole('combobox', { name: 'Type' }), 'fixed');
    await user.selectOptions(currency, 'EUR');
    await user.type(form.getByRole('textbox', { name: 'Amount off (EUR)' }), '5');
    await user.type(form.getByRole('textbox', { name: 'Minimum order (EUR, optional)' }), '30');
    api.refusal = { status: 400, error: { code: 'CURRENCY_NOT_SOLD', message: 'The shop does not sell in EUR: choose USD, GBP.', field: 'currency' } };
    await user.click(form.getByRole('button', { name: 'Create code' }));
    expect(await form.findByText('The shop does not sell in EUR: choose USD, GBP.')).toBeVisible();
    expect(currency).toHaveFocus();
    expect(api.sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/discount-codes',
        body: { code: 'BONJOUR', kind: 'fixed', value: 500, currency: 'EUR', min_subtotal: 3000, expires_at: null, usage_limit: null, is_active: true },
      },
    ]);
  });
});
