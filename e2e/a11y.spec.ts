import { expect, test } from './fixtures';
import { axeSerious } from './support/page-helpers';

const PAGES = ['/', '/gallery', '/no-such-page', '/privacy-policy'];

// The pages with their motion, as most visitors see them (the suite's default is reduced motion).
test.use({ reducedMotion: 'no-preference' });

for (const path of PAGES) {
  test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/' || path === '/gallery') await expect(page.getByTestId('award-card').first()).toBeVisible();
    expect(await axeSerious(page)).toEqual([]);
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  // Sideways scrolling, axe and what covers what at 360 px, over every page: e2e/phone-and-axe.spec.ts.

  test('the menu button opens the navigation and moves through it by keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(mobileNav.getByRole('link', { name: 'Home' })).toBeFocused();
    await mobileNav.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL('/gallery');
    await expect(mobileNav).toHaveCount(0);
  });
});

test('keyboard users can skip to the content', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
