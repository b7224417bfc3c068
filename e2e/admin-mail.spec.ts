import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { MailList } from '../src/contract/admin-mail';
import { expect, test } from './fixtures';
import { csrfHeaders, LOOPBACK, signInViaApi, uniqueEmail } from './support/auth-helpers';
import AxeBuilder from '@axe-core/playwright';
import { axeSerious, pageSettled } from './support/page-helpers';

/**
 * /admin/mail is for a shop without SMTP_URL (issue 24): mail stops in the outbox and the log. The suite's server
 * delivers to a loopback SMTP server, so this spec starts one of its own, as `npm start` runs with no mail server:
 * the built app, a fresh embedded database, no SMTP_URL.
 */
const PORT = Number(process.env.E2E_MAIL_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 13);
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = `.e2e-data-mail-${PORT}`;
const SHOTS = process.env.MAIL_SHOTS; // a folder: screenshots of the page at desktop and phone widths are written there when set
const SUBJECT = 'Confirm your email address for Certifiable';

let server: ChildProcess | null = null;
let serverLog = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await fs.rm(DATA_DIR, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TRUST_PROXY: 'loopback',
    // The admin page needs no catalogue: the start skips seeding it.
    SEED: 'false',
    ADMIN_EMAIL: LOOPBACK.admin.email,
    ADMIN_PASSWORD: LOOPBACK.admin.password,
  };
  delete env.SMTP_URL;
  server = spawn(process.execPath, ['dist/server/server.mjs'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(
      async () => {
        if (server?.exitCode !== null) throw new Error(`the mail-less server exited (${server?.exitCode}): ${serverLog}`);
        return fetch(`${ORIGIN}/api/health`).then((r) => r.status, () => 0);
      },
      { message: 'the server without SMTP_URL starts', timeout: 110_000, intervals: [250, 500, 1000] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await fs.rm(DATA_DIR, { recursive: true, force: true });
});

test('an admin reads a sign-up mail at /admin/mail, follows its link and sends it again', async ({ page, request }) => {
  test.slow(); // a server of its own, a new tab and two widths
  // A visitor signs up: the verification mail goes to the outbox and the log, nowhere else.
  const email = uniqueEmail('outbox');
  const signUp = await request.post('/api/auth/sign-up', { data: { full_name: 'Dana Outbox', email, password: 'correct horse battery' }, headers: await csrfHeaders(request) });
  expect(signUp.status(), await signUp.text()).toBe(201);

  await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
  // The mail job logs it a moment after the sign-up answered.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/mail?to=${encodeURIComponent(email)}`)).json()) as MailList).mails[0]?.state)
    .toBe('logged');

  await page.goto('/admin/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mail' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No mail server is set, so nothing leaves the building')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Recipient' }).fill(email);
  await expect(page).toHaveURL(/[?&]to=outbox/);
  const row = page.getByTestId('mail-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SUBJECT);
  await expect(row).toContainText('Logged');
  await pageSettled(page);
  expect(await axeSerious(page)).toEqual([]);
  if (SHOTS) await shoot(page, 'mail-list-1280', 1280);

  // Open it, by keyboard: the subject is a button.
  await row.getByRole('button', { name: new RegExp(SUBJECT) }).focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: SUBJECT });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(/[?&]mail=[0-9a-f-]{36}/);
  await expect(sheet.getByText(`To ${email}`)).toBeVisible();
  const link = sheet.getByTestId('mail-links').getByRole('link');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', new RegExp(`^${ORIGIN}/api/auth/verify-email\\?token=`));
  // The HTML as a mail client shows it, in an empty sandbox: drawn, styled, and unable to run anything.
  const frame = sheet.locator('iframe[title="The mail as HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="The mail as HTML"]').getByText('Hello Dana Outbox,')).toBeVisible();
  await expect(sheet.getByLabel('The mail as plain text')).toContainText('Hello Dana Outbox,');
  await pageSettled(page);
  // The panel, less the mail inside its frame: the mail's own HTML is what it is, and axe cannot run in a frame that
  // allows no scripts.
  const panel = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).exclude('iframe[sandbox]').analyze();
  expect(panel.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  if (SHOTS) await shoot(page, 'mail-detail-1280', 1280);

  // The link is how a developer verifies a test account: it opens in a new tab and works.
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab).toHaveURL(/\/auth\?verified=1$/);
  await tab.close();

  // Send it again: a toast, and a second mail to the same address in the list.
  await sheet.getByRole('button', { name: 'Send it again' }).click();
  await expect(page.getByText(`Sent again to ${email}`, { exact: true })).toBeVisible();
  // (Escape would first dismiss the toast, the topmost layer.)
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(row).toHaveCount(2);
  await expect(row.first()).toContainText(SUBJECT);

  // On a phone the list is cards, and the panel still opens.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('mail-card')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Mail, newest first' })).toBeHidden();
  if (SHOTS) {
    await expect(page.getByText(`Sent again to ${email}`, { exact: true })).toBeHidden({ timeout: 10_000 });
    await shoot(page, 'mail-list-390', 390, 844);
    await page.getByTestId('mail-card').last().getByRole('button').click();
    await expect(page.getByRole('dialog', { name: SUBJECT })).toBeVisible();
    await shoot(page, 'mail-detail-390', 390, 844);
  }
});

async function shoot(page: Page, name: string, width: number, height = 900) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await pageSettled(page);
  await page.screenshot({ path: path.join(SHOTS!, `${name}.png`), fullPage: false });
}
