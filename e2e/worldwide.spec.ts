import type { Page } from '@playwright/test';
import type { Award } from '../src/contract/awards';
import { expect, test } from './fixtures';
import { waitForMail } from './support/auth-helpers';
import { addFramedPrint, downloadInvoice } from './support/order-helpers';

/**
 * Selling worldwide (issue 28, docs/decisions/133, 134): a shopper's currency follows their country (the browser's
 * language region, then the shipping address), with VAT inside the shelf price in Europe — on the store, the cart,
 * the checkout, the payment page, the order page, the receipt and the invoice.
 */

async function firstAward(page: Page): Promise<Award> {
  return ((await (await page.request.get('/api/awards')).json()) as Award[])[2]!;
}

test.describe('a German shopper', () => {
  test.use({ locale: 'de-DE' });

  test('sees € prices with VAT inside on the store, cart, checkout, payment, order page, receipt and invoice', async ({ page }) => {
    const award = await firstAward(page);
    // FRAME-A4-OAK: €64.00 in the seeded EUR price list, VAT included.
    await addFramedPrint(page, award, 'Jonas Weber', '€64.00');
    await expect(page.getByText('Prices include VAT where it applies.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Prices in' })).toHaveValue('EUR');

    await page.goto('/cart');
    await expect(page.getByTestId('cart-subtotal')).toHaveText('€64.00');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL('/checkout');

    const email = `jonas.${Date.now().toString(36)}@example.test`;
    await page.getByLabel('Email').fill(email);
    await expect(page.getByLabel('Country or region')).toHaveValue('DE');
    await page.getByLabel('Full name').fill('Jonas Weber');
    await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('10117');
    await page.getByRole('radio', { name: /Express/ }).check();
    // €64.00 + €19.99 express = €83.99, of which VAT 19 %: 8399 × 19 ÷ 119 = 1341.0 → €13.41.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText('Includes VAT 19%')).toBeVisible();
    await expect(summary.getByText('€13.41')).toBeVisible();
    await page.getByRole('button', { name: 'Pay €83.99' }).click();
    await expect(page).toHaveURL(/\/pay\/test\/cs_test_/);
    await expect(page.getByRole('heading', { level: 1, name: '€83.99' })).toBeVisible();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay €83.99' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is in.' })).toBeVisible();

    await page.getByRole('link', { name: 'Follow your order' }).click();
    await expect(page.getByText('Includes VAT 19%')).toBeVisible();
    await expect(page.getByText('€83.99').first()).toBeVisible();

    const receipt = await waitForMail(email, 'Order ');
    expect(receipt.text).toContain('Total: €83.99');
    expect(receipt.text).toContain('includes VAT 19%: €13.41');

    await downloadInvoice(page);
  });
});

test.describe('a British shopper', () => {
  test.use({ locale: 'en-GB' });

  test('sees £ on the store and in the cart, and can switch to another currency', async ({ page }) => {
    const award = await firstAward(page);
    // FRAME-A4-OAK in the seeded GBP price list: £55.00.
    await addFramedPrint(page, award, 'Olivia Hughes', '£55.00');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-subtotal')).toHaveText('£55.00');
    await page.getByRole('combobox', { name: 'Prices in' }).selectOption('EUR');
    await expect(page.getByTestId('cart-subtotal')).toHaveText('€64.00');
    // The choice is kept: the store shows euros too.
    await page.goto(`/store?award=${award.id}`);
    await page.getByRole('radio', { name: /Framed certificate/ }).check();
    await page.getByRole('radio', { name: 'Oak frame' }).check();
    await expect(page.getByTestId('store-price')).toHaveText('€64.00');
  });
});
