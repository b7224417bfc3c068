import type { Page } from '@playwright/test';
import type { Award } from '../src/contract/awards';
import { expect, test } from './fixtures';
import { axeSerious, pageSettled } from './support/page-helpers';

/** gallery award → store with it chosen → framed A4 oak → cart → quantity → reload → remove → empty. */
async function shopJourney(page: Page, award: Award) {
  await page.goto('/gallery');
  const card = page.getByTestId('award-card').filter({ hasText: award.title });
  await card.getByRole('link', { name: `Print ${award.title}` }).click();

  await expect(page).toHaveURL(`/store?award=${award.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Award' })).toHaveValue(award.id);
  await expect(page.getByText('Ships worldwide in 7–14 business days; express available.')).toBeVisible();
  await expect(page.getByText('Test mode: no real payments')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name on the certificate' }).fill('Dana Okafor');
  await page.getByRole('radio', { name: /Framed certificate/ }).check();
  await page.getByRole('radio', { name: 'A4 / Letter (210 × 297 mm)' }).check();
  await page.getByRole('radio', { name: 'Oak frame' }).check();
  await expect(page.getByRole('img', { name: `${award.title} for Dana Okafor, in an oak frame` })).toBeVisible();
  await expect(page.getByTestId('store-price')).toHaveText('$64.00');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Added to your cart')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  await page.getByRole('link', { name: 'View cart (1)' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('heading', { name: award.title })).toBeVisible();
  await expect(line.getByText('For Dana Okafor')).toBeVisible();
  await expect(line).toContainText('Framed certificate · A4 / Letter, oak frame');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$64.00');

  await line.getByRole('button', { name: /^One more:/ }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$128.00');
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

  await page.reload();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('$128.00');

  await page.getByTestId('cart-line').getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Visit the store' })).toHaveAttribute('href', '/store');
}

test.describe('store and cart', () => {
  test('gallery → store → framed A4 oak → cart → quantity → reload keeps it → remove → empty', async ({ page, request }) => {
    const awards = (await (await request.get('/api/awards')).json()) as Award[];
    await shopJourney(page, awards[2]!);
  });

  test('axe finds no serious or critical violations on /store and /cart', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('combobox', { name: 'Award' })).toBeVisible();
    await expect(page.getByTestId('store-price')).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    // Stored (the badge counts it) before the next page load.
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-subtotal')).not.toHaveText(/Checking/);
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    await page.getByRole('button', { name: 'Empty the cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Empty your cart?' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Empty the cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
  });
});

test.describe('store and cart on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the same journey, and neither page scrolls sideways', async ({ page, request }) => {
    const awards = (await (await request.get('/api/awards')).json()) as Award[];
    const award = awards[5]!;
    await page.goto(`/store?award=${award.id}`);
    await expect(page.getByTestId('store-price')).toBeVisible();
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(await sideways()).toBe(false);
    await page.getByRole('radio', { name: 'Oak frame' }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    expect(await sideways()).toBe(false);
    await page.getByTestId('cart-line').getByRole('button', { name: /^One more:/ }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await page.getByTestId('cart-line').getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('the gallery journey works at 360 px too', async ({ page, request }) => {
    const awards = (await (await request.get('/api/awards')).json()) as Award[];
    await shopJourney(page, awards[1]!);
  });
});
