import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { createNomination, uniqueName } from './support/nomination-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

const SHOTS = process.env.CRM_SHOTS; // a folder: screenshots of the CRM at three widths are written there when set
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A guest's paid print-ready PDF (nothing to ship, so the address can be erased at once), as the checkout would. */
async function paidPdfOrder(request: APIRequestContext, email: string) {
  const catalogue = (await (await request.get('/api/store/products')).json()) as { products: { variants: { id: string; sku: string }[] }[] };
  const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'PDF')!;
  const [award] = (await (await request.get('/api/awards')).json()) as { id: string }[];
  const placed = await request.post('/api/checkout', {
    headers: { 'idempotency-key': `e2e-crm-${stamp()}` },
    data: { email, lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: award!.id, recipient_name: 'Quinn' } }] },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()) as { order_id: string; order_number: string; payment_url: string };
  const paid = await request.post(`/api/test-payments/${order.payment_url.split('/').pop()}/pay`, { data: { card_number: '4242424242424242', expiry: '12/34', cvc: '123' } });
  expect(paid.status()).toBe(200);
  return order;
}

test.describe('the CRM', () => {
  test('a nomination and a paid order make contacts; the admin finds one, tags it, notes it, exports the CSV, and erases another', async ({ page, browser }) => {
    test.slow(); // two browsers, a checkout, a download and an erasure
    const id = stamp();
    const buyer = `crm.buyer.${id}@example.test`;
    const nominee = `crm.nominee.${id}@example.test`;
    const nomineeName = uniqueName('Nia');

    // A visitor in a browser of their own nominates a friend (with the friend's email), then buys a PDF.
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await createNomination(visitor.request, { nominee_name: nomineeName, nominee_email: nominee, nominator_name: 'Quinn Buyer', nominator_email: buyer });
    const order = await paidPdfOrder(visitor.request, buyer);
    await visitor.close();

    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/crm');
    await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`crm.buyer.${id}`);
    await expect(page).toHaveURL(new RegExp(`q=crm\\.buyer\\.${id}`));
    const row = page.getByTestId('crm-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(buyer);
    await expect(row).toContainText('$'); // its lifetime value
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    if (SHOTS) for (const width of [1280, 768, 360]) await shoot(page, `crm-list-${width}`, width);

    // Its page: the timeline, newest first, links to the order and the nomination.
    await row.getByTestId('crm-contact-link').click();
    await expect(page).toHaveURL(/\/admin\/crm\/contact\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quinn Buyer');
    const timeline = page.getByTestId('crm-timeline');
    await expect(timeline.getByRole('link', { name: 'Open order' })).toHaveAttribute('href', `/admin/orders?order=${order.order_id}`);
    await expect(timeline).toContainText(`Order ${order.order_number}`);
    await expect(timeline).toContainText(`Nominated ${nomineeName}`);
    const kinds = await timeline.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-kind')));
    expect(kinds.indexOf('order')).toBeLessThan(kinds.indexOf('nomination_sent'));

    // A tag and a note, each saved at once.
    await page.getByRole('combobox', { name: 'Add a tag' }).fill('Big Spender');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove tag big spender' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Add a note' }).fill('Asked whether the gold frame comes in rose gold.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('crm-notes')).toContainText('Asked whether the gold frame comes in rose gold.');
    await expect(page.getByTestId('crm-notes')).toContainText('·');
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    if (SHOTS) for (const width of [1280, 768, 360]) await shoot(page, `crm-contact-${width}`, width, true);

    // Back to the list: the tag filter finds it, and the CSV of that filter holds it.
    await page.getByRole('link', { name: 'All contacts' }).click();
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('big spender');
    await expect(page).toHaveURL(/tag=big\+spender/);
    await expect(page.getByTestId('crm-row').filter({ hasText: buyer })).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('crm-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^certifiable-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('email,name,tags,marketing_consent');
    expect(csv).toContain(`${buyer},Quinn Buyer,big spender,no`);
    expect(csv).not.toContain(nominee);

    // The nominee asks to be forgotten: erasure, with its confirmation.
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search' }).fill(nominee);
    await expect(page.getByTestId('crm-row')).toHaveCount(1);
    await page.getByTestId('crm-row').getByTestId('crm-contact-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nomineeName);
    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this contact everywhere?' });
    await expect(dialog).toContainText(nominee);
    await expect(dialog).toContainText('withdrawn from public view');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    if (SHOTS) await shoot(page, 'crm-erase-1280', 1280);
    await dialog.getByRole('button', { name: 'Erase everywhere' }).click();
    const confirm = dialog.getByRole('textbox', { name: `Type ${nominee} to confirm` });
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toBeFocused();
    await confirm.fill(nominee.toUpperCase());
    await dialog.getByRole('button', { name: 'Erase everywhere' }).click();
    await expect(toasts(page)).toContainText(`${nominee} was erased`);
    await expect(page).toHaveURL(/\/admin\/crm$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(nominee);
    await expect(page.getByText('No contact matches')).toBeVisible();
    // The buyer's contact is untouched.
    await page.getByRole('searchbox', { name: 'Search' }).fill(buyer);
    await expect(page.getByTestId('crm-row')).toHaveCount(1);
  });
});

async function shoot(page: Page, name: string, width: number, fullPage = false) {
  await page.setViewportSize({ width, height: 900 });
  // Laid out at the new width, with nothing half moved: the screenshot shows the page as a person would see it.
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await pageSettled(page);
  await page.screenshot({ path: path.join(SHOTS!, `${name}.png`), fullPage });
  await page.setViewportSize({ width: 1280, height: 720 });
}
