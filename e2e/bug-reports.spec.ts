import path from 'node:path';
import { expect, test } from './fixtures';
import { LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

/** A real PNG of the shop's own (the server checks the bytes, not the name). */
const PNG = path.resolve(import.meta.dirname, '../src/web/public/icons/icon-192.png');
const SHOTS = process.env.BUG_REPORT_SHOTS; // a folder: the screenshots of decision 096 are written there when set
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test.describe('bug reports', () => {
  test('a visitor reports a bug with Ctrl+Shift+B and a screenshot; an admin sees it with the picture and the console log', async ({ page, browser }) => {
    test.slow(); // two browsers, an upload and the admin's sign-in
    await page.goto('/store');
    // Something for the console buffer to catch.
    await page.evaluate(() => console.warn('e2e: the gold foil sparkle is a little too enthusiastic'));
    await page.keyboard.press('Control+Shift+B');
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();

    const title = `Sparkle overload ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Severity' }).selectOption('high');
    await dialog.getByLabel('Screenshot').setInputFiles(PNG);
    await expect(dialog.getByText('icon-192.png')).toBeVisible();
    if (SHOTS) {
      await page.screenshot({ path: path.join(SHOTS, 'bug-dialog-desktop.png') });
      await dialog.getByRole('button', { name: 'Send report' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'bug-dialog-desktop-bottom.png') });
    }
    await dialog.getByRole('button', { name: 'Send report' }).click();

    await expect(toasts(page)).toContainText('Bug report submitted');
    const toastText = await toasts(page).innerText();
    const id = UUID.exec(toastText)?.[0];
    expect(id, `a report id in "${toastText}"`).toBeDefined();
    await expect(dialog).toHaveCount(0);

    // The admin, in a browser of their own.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const admin = await context.newPage();
    await signInViaApi(admin, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await admin.goto('/admin/bug-reports');
    await admin.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const row = admin.getByTestId('bug-report-row').filter({ hasText: title });
    await expect(row).toContainText('High');
    await expect(row).toContainText('/store');
    await expect(row.getByRole('img', { name: 'Has a screenshot' })).toBeVisible();
    await row.getByRole('button', { name: title }).click();
    await expect(admin).toHaveURL(new RegExp(`report=${id}`));

    const sheet = admin.getByRole('dialog', { name: title });
    const shot = sheet.getByRole('img', { name: `Screenshot attached to “${title}”` });
    await expect(shot).toBeVisible();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
    await expect(sheet.getByLabel('Console log', { exact: true })).toContainText('[warn]');
    await expect(sheet.getByLabel('Console log', { exact: true })).toContainText('e2e: the gold foil sparkle is a little too enthusiastic');
    await expect(sheet).toContainText('1280 × 720');
    await pageSettled(admin);
    if (SHOTS) await admin.screenshot({ path: path.join(SHOTS, 'admin-bug-report-sheet.png') });
    expect(await axeSerious(admin)).toEqual([]);

    if (SHOTS) {
      await sheet.getByLabel('Console log', { exact: true }).scrollIntoViewIfNeeded();
      await admin.screenshot({ path: path.join(SHOTS, 'admin-bug-report-sheet-log.png') });
    }

    await sheet.getByRole('button', { name: 'Triage' }).click();
    await expect(sheet).toContainText('New → Triaged');
    await sheet.getByRole('button', { name: 'Close' }).click();
    if (SHOTS) {
      await pageSettled(admin);
      await admin.screenshot({ path: path.join(SHOTS, 'admin-bug-reports.png') });
    }

    // A signed-in reporter's address is filled in for them.
    await admin.keyboard.press('Control+Shift+B');
    await expect(admin.getByRole('dialog', { name: 'Report a bug' }).getByLabel('Your email')).toHaveValue(LOOPBACK.admin.email);
    await context.close();
  });

  test('the dialog works from the keyboard alone, and says what went wrong without losing a word', async ({ page }) => {
    test.slow(); // axe, and a key at a time
    await page.goto('/gallery');
    await page.keyboard.press('Control+Shift+B');
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    // A title of spaces: refused in place, focus on the title.
    await page.keyboard.type('   ');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();

    // Tab through: title, description, steps, severity, email.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Gallery search ignores capital letters');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'What happened?' })).toBeFocused();
    await page.keyboard.type('Typing GOLD finds nothing.');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Steps to reproduce' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('combobox', { name: 'Severity' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Your email')).toBeFocused();
    await page.keyboard.type('not-an-email');

    // The server is never asked with a bad address; the message says how to fix it.
    await dialog.getByRole('button', { name: 'Send report' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Enter an email address like name@example.com, or leave it empty.')).toBeVisible();
    await expect(dialog.getByLabel('Your email')).toBeFocused();
    await expect(dialog.getByRole('textbox', { name: 'What happened?' })).toHaveValue('Typing GOLD finds nothing.');

    // Escape closes; what was typed is still there when it opens again; the button gets focus back.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Report Bug' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Gallery search ignores capital letters');
  });
});

test.describe('the Report Bug button on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, consent: 'none' });

  test('is the last row of the page, under the footer, where neither it nor the cookie banner covers anything, and a tap opens the dialog', async ({ page }) => {
    await page.goto('/nominate');
    const button = page.getByRole('button', { name: 'Report Bug' });
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    // In the flow after the footer, not floating over the form (docs/decisions/120).
    const placed = await button.evaluate((el) => ({
      position: getComputedStyle(el).position,
      belowFooter: document.querySelector('footer')!.getBoundingClientRect().bottom <= el.getBoundingClientRect().top + 1,
    }));
    expect(placed).toEqual({ position: 'static', belowFooter: true });

    // At the end of the page the banner has room of its own, below the button.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect
      .poll(async () => {
        const [b, c] = await Promise.all([button.boundingBox(), banner.boundingBox()]);
        return b && c ? b.y + b.height <= c.y + 1 : false;
      })
      .toBe(true);
    await pageSettled(page);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'report-bug-button-phone-nominate.png') });

    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    await button.tap();
    await expect(dialog).toBeVisible();
    await pageSettled(page);
    if (SHOTS) {
      await page.screenshot({ path: path.join(SHOTS, 'bug-dialog-phone.png') });
      await dialog.getByRole('button', { name: 'Send report' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'bug-dialog-phone-bottom.png') });
    }
    const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);

    // From a small tablet up it floats in the corner, lifted above the banner.
    await page.setViewportSize({ width: 700, height: 844 });
    await page.goto('/store');
    await expect(banner).toBeVisible();
    await expect.poll(() => button.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expect
      .poll(async () => {
        const [b, c] = await Promise.all([button.boundingBox(), banner.locator('> div').boundingBox()]);
        return b && c ? b.y + b.height <= c.y : false;
      })
      .toBe(true);
  });
});
