import { expect, test } from '@playwright/test';
import type { Award } from '../src/contract/awards';

/**
 * The receipt after paying, in a browser as a shopper has it: a plain page (no routes, no waiting on responses, not
 * even the suite's fixtures), its service worker on, its motion on (the suite's default is reduced motion), a cookie
 * banner to answer, a phone, a British address.
 */
test.describe('after paying with the test card', () => {
  test.use({ serviceWorkers: 'allow', locale: 'en-GB', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'no-preference' });

  test('the success page shows the order number by itself, and says printing and shipping are simulated', async ({ page }) => {
    const awards = (await (await page.request.get('/api/awards')).json()) as Award[];
    await page.goto(`/store?award=${awards[1]!.id}`);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('textbox', { name: 'Name on the certificate' }).fill('Dana Okafor');
    await page.getByRole('radio', { name: /Framed certificate/ }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-badge').first()).toHaveText('1');

    await page.goto('/cart');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByLabel('Email').fill('receipt@example.test');
    await page.getByLabel('Country or region').selectOption('GB');
    await page.getByLabel('Full name').fill('Dana Okafor');
    await page.getByLabel('Address', { exact: true }).fill('10 Downing Street');
    await page.getByLabel('City').fill('London');
    await page.getByLabel(/Postcode|Postal code/).fill('SW1A 2AA');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/pay\/test\/cs_test_/);
    await page.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
    // From here the page is one document (the receipt is a client-side navigation): note whether the page spinner
    // of a page still downloading ever shows. The payment page has loaded the receipt's code while the card was typed.
    await page.evaluate(() => {
      const w = window as unknown as { sawPageSpinner: boolean };
      w.sawPageSpinner = false;
      new MutationObserver(() => {
        if (document.querySelector('main [role="status"]')?.textContent?.includes('Loading...')) w.sawPageSpinner = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/order\/success\?order=/);
    await expect(page.getByTestId('order-number')).toHaveText(/^ORD-\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is in.' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sawPageSpinner: boolean }).sawPageSpinner)).toBe(false);
    await expect(page.getByText(/in test mode: the built-in print shop acts out printing, framing and shipping/)).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Printing and shipping are simulated too');
    await expect(page.getByText(/nothing will be printed/)).toHaveCount(0);
  });
});
