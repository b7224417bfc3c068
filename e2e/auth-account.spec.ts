import fs from 'node:fs/promises';
import { expect, test } from './fixtures';
import { createVerifiedUser, signInViaApi, signInViaForm, toasts } from './support/auth-helpers';
import { axeSerious } from './support/page-helpers';

test.describe('/account', () => {
  test('shows the profile and saves a new name', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'profile', fullName: 'Old Name' });
    await signInViaApi(page, user.email, user.password);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Old Name' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await page.getByLabel('Full name').fill('New Name');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(toasts(page).getByText('Profile saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, New Name' })).toBeVisible();
    for (const heading of ['My nominations', 'My orders', 'Privacy', 'Password', 'Delete my account']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
  });

  test('changes the password, signing out every other device', async ({ page, browser, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'changer' });
    const elsewhere = await browser.newPage();
    await signInViaApi(elsewhere, user.email, user.password);
    await signInViaApi(page, user.email, user.password);
    await page.goto('/account');
    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('shiny-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not correct.')).toBeVisible();
    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(page).getByText('Password changed')).toBeVisible();

    await elsewhere.goto('/account');
    await expect(elsewhere).toHaveURL('/auth?redirect=%2Faccount');
    await signInViaForm(elsewhere, user.email, 'shiny-new-password');
    await expect(elsewhere).toHaveURL('/account');
    await elsewhere.close();
  });

  test('opens cookie preferences and downloads my data', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'exporter' });
    await signInViaApi(page, user.email, user.password);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Cookie preferences' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certifiable-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile((await file.path())!, 'utf8')) as { profile: { email: string } };
    expect(data.profile.email).toBe(user.email);
  });

  test('deletes the account after confirmation', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'leaver' });
    await signInViaApi(page, user.email, user.password);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('Orders are kept, anonymised, for accounting.')).toBeVisible();
    await dialog.getByLabel(`Type ${user.email} to confirm`).fill('someone-else@example.test');
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Type the email address of this account')).toBeVisible();
    await dialog.getByLabel(`Type ${user.email} to confirm`).fill(user.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(toasts(page).getByText('Your account has been deleted')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

    await page.goto('/auth');
    await signInViaForm(page, user.email, user.password);
    await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
  });

  test('has no serious accessibility problems', async ({ page, request }) => {
    const user = await createVerifiedUser(request, { prefix: 'a11y' });
    await signInViaApi(page, user.email, user.password);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
    expect(await axeSerious(page)).toEqual([]);
  });
});
