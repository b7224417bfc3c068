import { expect, test, type Browser } from '@playwright/test';
import { LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';

/** A visitor of their own (no cookies, no HTTP cache) opening the store for an award, once its mockups have loaded. */
async function visitStore(browser: Browser, awardId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const mockups = page.waitForResponse((r) => r.url().includes(`/api/store/mockups?award=${awardId}`) && r.ok());
  await page.goto(`/store?award=${awardId}`);
  // The server renders the store with this award's mockups in the page (docs/decisions/089); else they are fetched.
  const state = (await page.locator('#app-state').count()) ? await page.locator('#app-state').textContent() : null;
  if (state?.includes(`["store","mockups","${awardId}"]`)) void mockups.catch(() => undefined);
  else await mockups;
  return { page, close: () => context.close() };
}

test.describe('award mockups (the mapping editor of the print room tools)', () => {
  test('an admin maps an award to a product with a mockup; the store shows it until the admin switches it off', async ({ page, browser }) => {
    const awards = (await (await page.request.get('/api/awards')).json()) as { id: string; title: string; image_url: string | null }[];
    // An award near the end of the gallery: no other test prints it.
    const award = awards.at(-2)!;
    expect(award.image_url).toMatch(/^\/awards\/.+\.svg$/);

    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Award mockups' })).toBeVisible();
    await page.getByRole('button', { name: 'New mapping' }).click();
    const form = page.getByRole('form', { name: 'New mapping' });
    await form.getByLabel('Award', { exact: true }).selectOption(award.id);
    await form.getByLabel('Product', { exact: true }).selectOption({ label: 'Framed certificate' });
    await form.getByLabel('Base template id (optional)').fill('5003');
    // A mockup that is not an image address is refused next to its field, and nothing typed is lost.
    await form.getByLabel('Mockup URL (optional)').fill('ftp://example.test/frame.png');
    await form.getByRole('button', { name: 'Create mapping' }).click();
    await expect(form.getByText('Use a path on this site (/…) or an https:// address')).toBeVisible();
    await expect(form.getByLabel('Mockup URL (optional)')).toBeFocused();
    await expect(form.getByLabel('Base template id (optional)')).toHaveValue('5003');
    await expect(form.getByLabel('Award', { exact: true })).toHaveValue(award.id);
    await form.getByRole('button', { name: 'Use the award’s emblem' }).click();
    await expect(form.getByLabel('Mockup URL (optional)')).toHaveValue(award.image_url!);
    await form.getByRole('button', { name: 'Create mapping' }).click();
    await expect(toasts(page)).toContainText('Mapping created');
    const row = page.getByTestId('mapping-row').filter({ hasText: award.title }).first();
    await expect(row).toContainText('Framed certificate');
    await expect(row).toContainText('Templates: base 5003');

    // A visitor's store shows the photo for that award, with its size and a description.
    const shown = await visitStore(browser, award.id);
    const figure = shown.page.getByTestId('award-mockup');
    await expect(figure).toBeVisible();
    const img = figure.getByRole('img', { name: `Framed certificate, with the ${award.title} certificate` });
    await expect(img).toHaveAttribute('src', award.image_url!);
    await expect(img).toHaveAttribute('width', '240');
    await expect(img).toHaveAttribute('height', '240');
    await shown.close();

    // Switched off: the store no longer shows it.
    await row.getByRole('switch', { name: `${award.title} on Framed certificate active` }).click();
    await expect(toasts(page)).toContainText('Mapping off: the store no longer shows it');
    const hidden = await visitStore(browser, award.id);
    await expect(hidden.page.getByRole('heading', { name: 'Choose the product' })).toBeVisible();
    await expect(hidden.page.getByTestId('award-mockup')).toHaveCount(0);
    await hidden.close();

    // Deleting asks first.
    await row.getByRole('button', { name: `Delete the mapping of ${award.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete mapping' }).click();
    await expect(toasts(page)).toContainText('Mapping deleted');
    await expect(page.getByTestId('mapping-row').filter({ hasText: award.title })).toHaveCount(0);
  });
});
