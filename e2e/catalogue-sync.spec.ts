import { expect, test } from '@playwright/test';
import { LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';

/**
 * The product sync replaces the whole catalogue, so it runs in its own Playwright project on a shop of its own
 * (playwright.config.ts): no other test's product disappears under it.
 */
test('an admin syncs the printed products after confirming, sees the spec’s toast, and the store sells the synced catalogue', async ({ page }) => {
  await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
  const before = (await (await page.request.get('/api/store/products')).json()) as { products: { name: string }[] };
  expect(before.products.length).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Print room controls' })).toBeVisible();
  await page.getByRole('button', { name: 'Sync products' }).click();
  await page.getByRole('button', { name: 'Yes, replace the catalogue' }).click();
  await expect(toasts(page)).toContainText('Sync Completed');
  await expect(toasts(page)).toContainText(/Synced \d+ products and \d+ variants from the print shop\./);

  // The store now sells what the print shop offers (and our own digital PDF), nothing an admin added by hand.
  const after = (await (await page.request.get('/api/store/products')).json()) as { products: { name: string; variants: { sku: string }[] }[] };
  const skus = after.products.flatMap((p) => p.variants.map((v) => v.sku));
  expect(skus).toContain('FRAME-A4-BLACK');
  expect(after.products.filter((p) => p.name.startsWith('Mini print ')).map((p) => p.name)).toEqual([]);
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
