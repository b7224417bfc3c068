// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '@/contract/admin-settings';
import { SHOP_CURRENCIES } from '@/contract/currencies';
import { stubApi } from '@/web/test/api-stub';
import { renderWithApp } from '@/web/test/render';
import { ShopSection } from './shop-sections';

/**
 * The shop section's currencies (docs/decisions/134): the other currencies as boxes, a price field for each ticked one
 * on every shipping method and zone, decimals sent as minor units, and the server's refusals under the field it names.
 */

const SETTINGS: AdminSettings = {
  values: {
    brand: { brand_name: 'Certifiable', company_name: 'Dubious Enterprises Ltd.' },
    contact: { support_email: 'hello@example.test', social: { tiktok: '', x: '', instagram: '' } },
    home: { stats: [{ value: '1', label: 'thing' }] },
    shop: {
      currency: 'USD',
      currencies: ['EUR'],
      shipping: {
        // NZD is prepared but not sold yet: its price stays as it is.
        standard: { label: 'Standard', price: 599, prices: { EUR: 599, NZD: 999 }, min_days: 7, max_days: 14 },
        express: { label: 'Express', price: 1999, prices: { EUR: 1999 }, min_days: 3, max_days: 5 },
      },
      tax_rates: {},
      shipping_zones: [{ name: 'Europe', countries: ['DE', 'FR'], standard: { price: 899, prices: { EUR: 849 }, min_days: 4, max_days: 8 }, express: null }],
      ships_elsewhere: true,
      seller: { address: '', tax_id: '' },
    },
    funnel: {
      enabled: true,
      hero: { variant_sku: 'PRINT-A4', award_id: null, template_slug: null, headline: 'H', pitch: 'P' },
      offer_minutes: 15,
      oto1: { variant_sku: 'PRINT-A4', discount_percent: 10, headline: 'H', pitch: 'P' },
      downsell: { variant_sku: 'PDF', discount_percent: 10, headline: 'H', pitch: 'P' },
    },
    features: { quiz: true, community: true, bug_reports: true },
  },
  changed: { brand: null, contact: null, home: null, shop: null, funnel: null, features: null },
  choices: { variants: [], currencies: ['USD'] },
  cache_seconds: 30,
};

const api = stubApi(() => SETTINGS);

const renderShop = () => {
  const view = renderWithApp(<ShopSection settings={SETTINGS} onDirty={() => {}} />, { path: '/admin/settings' });
  const method = (name: 'Standard shipping' | 'Express shipping') => within(screen.getByRole('group', { name }));
  const zone = () => within(screen.getByRole('group', { name: 'Zone 1' }));
  return { ...view, method, zone };
};

describe('the shop section’s currencies', () => {
  it('offers every other currency as a box, the own one not among them, and says each needs its own prices', () => {
    renderShop();
    const group = screen.getByRole('group', { name: 'Other currencies' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(SHOP_CURRENCIES.filter((c) => c !== 'USD'));
    expect(within(group).getByRole('checkbox', { name: 'EUR (Euro)' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: /GBP/ })).not.toBeChecked();
    expect(group).toHaveAccessibleDescription(/no exchange rates/);
    expect(within(group).getByRole('link', { name: 'the products admin' })).toHaveAttribute('href', '/admin/products');
  });

  it('shows a price for each ticked currency on every method and zone, and sends them as minor units with the prepared ones kept', async () => {
    const { user, method, zone } = renderShop();
    expect(method('Standard shipping').getByRole('textbox', { name: 'Price in EUR' })).toHaveValue('5.99');
    expect(zone().getByRole('textbox', { name: 'Standard price in EUR' })).toHaveValue('8.49');
    expect(screen.queryByRole('textbox', { name: 'Price in NZD' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /GBP/ }));
    await user.type(method('Standard shipping').getByRole('textbox', { name: 'Price in GBP' }), '4.99');
    await user.type(method('Express shipping').getByRole('textbox', { name: 'Price in GBP' }), '16,99');
    await user.type(zone().getByRole('textbox', { name: 'Standard price in GBP' }), '7');
    // Express is not offered in the zone: no price for it.
    expect(zone().queryByRole('textbox', { name: 'Express price in GBP' })).toBeNull();
    api.refusal = { status: 500, error: { code: 'INTERNAL_ERROR', message: 'Try again.' } };
    await user.click(screen.getByRole('button', { name: 'Save shop' }));

    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/settings/shop',
      body: {
        currency: 'USD',
        currencies: ['EUR', 'GBP'],
        shipping: { standard: { price: 599, prices: { EUR: 599, GBP: 499, NZD: 999 } }, express: { price: 1999, prices: { EUR: 1999, GBP: 1699 } } },
        shipping_zones: [{ name: 'Europe', standard: { price: 899, prices: { EUR: 849, GBP: 700 } }, express: null }],
      },
    });
  });

  it('says a slip in a ticked currency’s price under its field, and sends nothing', async () => {
    const { user, method } = renderShop();
    const eur = method('Express shipping').getByRole('textbox', { name: 'Price in EUR' });
    await user.clear(eur);
    await user.type(eur, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save shop' }));
    expect(eur).toHaveAccessibleDescription('Price in EUR: an amount such as 5.99');
    expect(eur).toHaveFocus();
    expect(api.sent).toEqual([]);
  });

  it('shows the server’s refusal of a currency without a shipping price under that price', async () => {
    const { user, method, zone } = renderShop();
    await user.click(screen.getByRole('checkbox', { name: /GBP/ }));
    api.refusal = {
      status: 400,
      error: { code: 'SHIPPING_NOT_PRICED', message: 'Give Standard shipping to Europe a price in GBP, or stop selling in GBP.', field: 'shipping_zones.0.standard.prices.GBP' },
    };
    await user.click(screen.getByRole('button', { name: 'Save shop' }));
    const gbp = zone().getByRole('textbox', { name: 'Standard price in GBP' });
    expect(gbp).toHaveAccessibleDescription('Give Standard shipping to Europe a price in GBP, or stop selling in GBP.');
    expect(gbp).toHaveFocus();
    // Blank prices were left out of the body.
    expect(api.sent[0]?.body).toMatchObject({ shipping: { express: { prices: { EUR: 1999 } } } });

    api.refusal = { status: 400, error: { code: 'SHIPPING_NOT_PRICED', message: 'Give Express shipping a price in GBP, or stop selling in GBP.', field: 'shipping.express.prices.GBP' } };
    await user.click(screen.getByRole('button', { name: 'Save shop' }));
    expect(method('Express shipping').getByRole('textbox', { name: 'Price in GBP' })).toHaveAccessibleDescription('Give Express shipping a price in GBP, or stop selling in GBP.');

    api.refusal = { status: 400, error: { code: 'OWN_CURRENCY_LISTED', message: 'USD is the shop’s own currency: list only the others it sells in.', field: 'currencies' } };
    await user.click(screen.getByRole('button', { name: 'Save shop' }));
    const group = screen.getByRole('group', { name: 'Other currencies' });
    expect(group).toHaveAccessibleDescription(/USD is the shop’s own currency/);
    expect(within(group).getAllByRole('checkbox')[0]).toHaveFocus();
  });
});
