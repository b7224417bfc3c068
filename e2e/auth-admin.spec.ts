import { expect, test } from './fixtures';
import { createVerifiedUser, LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { axeSerious } from './support/page-helpers';

const SECTIONS = [
  'Dashboard', 'Analytics', 'Awards', 'Categories', 'Landing Pages', 'Orders', 'Nominations',
  'CRM', 'Products', 'Users', 'Bug Reports', 'Audit Log', 'Jobs', 'Settings',
];

test.describe('admin area', () => {
  // One after another: "the last admin" must not race a test that briefly makes a second one.
  test.describe.configure({ mode: 'default' });

  test('a signed-in user without the admin role sees Access Denied', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'member' });
    await signInViaApi(page, user.email, user.password);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    // The API refuses too, whatever the page shows.
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  });

  test('the admin sees every section of the area, none of them blank', async ({ page }) => {
    // Fourteen pages, each loading its own code (the analytics charts among them): a long walk on a busy machine.
    test.slow();
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const label of SECTIONS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    for (const label of SECTIONS) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    // The area's routes live with its layout (decision 145): a path under /admin that is no section is the 404 page,
    // inside the area.
    await page.goto('/admin/no-such-section');
    await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  test('/admin/users: find a user, make them admin, take it back, disable and enable them', async ({ page, browser, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'promoted', fullName: 'Promoted Person' });
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(user.email).replace(/\./g, '\\.')}`));
    await expect(page.getByRole('status').filter({ hasText: /^1 user matching/ })).toBeVisible();
    const row = page.getByRole('row', { name: /Promoted Person/ });
    await expect(row.getByRole('cell', { name: 'Yes' })).toBeVisible();
    await expect(row.getByText('Never')).toBeVisible();

    await row.getByRole('button', { name: /^Make admin/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Make Promoted Person an admin?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    await expect(toasts(page).getByText('Promoted Person is now an admin.')).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();

    // The promoted user now gets into the admin area.
    const other = await browser.newPage();
    await signInViaApi(other, user.email, user.password);
    await other.goto('/admin/users');
    await expect(other.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    await row.getByRole('button', { name: /^Remove admin/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove admin' }).click();
    await expect(toasts(page).getByText('Promoted Person is no longer an admin.')).toBeVisible();

    await row.getByRole('button', { name: /^Disable/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable account' }).click();
    await expect(toasts(page).getByText('Promoted Person can no longer sign in.')).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    // Their open session is gone.
    await other.reload();
    await expect(other).toHaveURL(/\/auth\?redirect=/);
    await other.close();

    await row.getByRole('button', { name: /^Enable/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable account' }).click();
    await expect(toasts(page).getByText('Promoted Person can sign in again.')).toBeVisible();
  });

  test('the last admin cannot remove their own admin rights', async ({ page }) => {
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto(`/admin/users?search=${encodeURIComponent(LOOPBACK.admin.email)}`);
    const row = page.getByRole('row', { name: new RegExp(LOOPBACK.admin.email.replace(/\./g, '\\.')) });
    await expect(row.getByText('You', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Disable/ })).toHaveCount(0);
    await row.getByRole('button', { name: /^Remove admin/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove admin' }).click();
    await expect(toasts(page).getByText('This is the last admin. Make someone else an admin first.')).toBeVisible();
  });

  test('/admin/users has no serious accessibility problems', async ({ page }) => {
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/users');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await axeSerious(page)).toEqual([]);
  });
});
