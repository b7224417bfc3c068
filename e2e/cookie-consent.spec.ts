import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ consent: 'none' });

type ConsentCall = { command: string; action: string; params: Record<string, string> };

const consentCalls = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer as IArguments[])
      .map((args) => Array.from(args))
      .filter((a) => a[0] === 'consent')
      .map(([command, action, params]) => ({ command, action, params })),
  ) as Promise<ConsentCall[]>;

const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: localStorage.getItem('cookie-consent'),
    preferences: JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null') as unknown,
  }));

test('shows the banner on a first visit; Accept All grants everything and it stays gone', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect((await consentCalls(page))[0]).toMatchObject({ action: 'default', params: { analytics_storage: 'denied' } });

  await banner.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner).toHaveCount(0);
  expect(await stored(page)).toEqual({
    consent: 'true',
    preferences: { necessary: true, analytics: true, marketing: true, preferences: true },
  });
  const update = (await consentCalls(page)).at(-1)!;
  expect(update).toEqual({
    command: 'consent',
    action: 'update',
    params: { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  // The stored choice is applied again on load.
  expect((await consentCalls(page)).at(-1)!.params.analytics_storage).toBe('granted');
});

test('Necessary Only stores only necessary and denies advertising signals', async ({ page }) => {
  await page.goto('/gallery');
  await page.getByRole('button', { name: 'Necessary Only' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect((await stored(page)).preferences).toEqual({ necessary: true, analytics: false, marketing: false, preferences: false });
  expect((await consentCalls(page)).at(-1)!.params).toEqual({
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
});

test('the X hides the banner for now and stores nothing', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect(await stored(page)).toEqual({ consent: null, preferences: null });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
});

test('Customize opens Cookie Preferences; Cancel keeps nothing, Save Preferences stores the choice', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Customize' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(dialog).toBeVisible();
  const necessary = dialog.getByRole('switch', { name: /Necessary/ });
  await expect(necessary).toBeChecked();
  await expect(necessary).toBeDisabled();

  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await stored(page)).consent).toBeNull();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();

  await page.getByRole('button', { name: 'Customize' }).click();
  await dialog.getByRole('switch', { name: 'Analytics' }).click();
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  expect((await stored(page)).preferences).toEqual({ necessary: true, analytics: true, marketing: false, preferences: false });
  expect((await consentCalls(page)).at(-1)!.params).toEqual({
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });

  // The footer reopens the dialog with the saved choice.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Preferences' }).click();
  await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
