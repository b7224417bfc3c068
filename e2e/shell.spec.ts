import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageTable } from '../src/contract/pages';
import { paths } from '../src/contract/paths';
import { expect, test } from './fixtures';
import { createVerifiedUser, signInViaApi } from './support/auth-helpers';

test.describe('header and footer', () => {
  test('shows the nav, highlights Store on /store and /cart, and links Sign In to /auth', async ({ page }) => {
    await page.goto('/store');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await page.goto('/cart');
    await expect(nav.getByRole('link', { name: 'Store' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/gallery');
    await expect(nav.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Store' })).not.toHaveAttribute('aria-current', 'page');

    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect(signIn).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });

  // The funnel's later pages need an order of the funnel: e2e/funnel.spec.ts checks the header on each of them.
  test('is hidden on /auth and shown on /funnel/checkout', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.goto('/funnel/checkout');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('footer has four columns, social links, policies and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Quick Links' })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Legal' })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Contact' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /on TikTok/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /on X/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /on Instagram/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap.xml');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Certifiable`);
    await expect(footer).toContainText('a subsidiary of Dubious Enterprises Ltd.');
    await footer.getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page).toHaveURL('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Changed your mind before it is printed' })).toBeVisible();
  });

  test('navigating scrolls to the top of the new page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

/** The server render bundle, which carries every route module's head (src/web/entry-server.tsx). */
const BUNDLE = path.resolve(import.meta.dirname, '../dist/ssr/entry-server.js');

test.describe('generic screens', () => {
  test('unknown paths show the 404 page with a link home, served with status 404', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Official awards');
  });

  // One test per route of the table (admin pages have their own specs): docs/decisions/038, the flag in the
  // page's route module (its head) follows the screen, in both directions. The heads as the server has them: the
  // server render bundle this suite's server runs (npm run build).
  for (const [key, pattern] of Object.entries(paths)) {
    if (pattern.startsWith('/admin')) continue;
    const path = pattern.replace(/:[^/]+/g, 'x');
    test(`${path} says "Under construction" exactly when its route module's head is flagged so, and is then noindex and out of the sitemap`, async ({ page, request }) => {
      const built = (await import(pathToFileURL(BUNDLE).href)) as { pages: PageTable };
      const def = built.pages.pages.find((p) => p.path === pattern);
      expect(def, `${key}: its route module declares a head`).toBeDefined();
      // /account and /order/:id need a session to show their page rather than the sign-in form.
      if (/^\/(account|order\/)/.test(path)) {
        const user = await createVerifiedUser(request, { prefix: 'routes' });
        await signInViaApi(page, user.email, user.password);
      }
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const unbuilt = (await page.getByText('Under construction', { exact: true }).count()) > 0;
      expect(unbuilt, `${path} ${unbuilt ? 'shows' : 'no longer shows'} "Under construction": set underConstruction in its head to match`).toBe(
        def!.underConstruction === true,
      );
      if (!unbuilt) return;
      await expect(page.getByRole('link', { name: 'Browse the awards' })).toBeVisible();
      expect(await page.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      expect(await (await request.get(path)).text()).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`${path}</loc>`);
    });
  }

  test('admin pages send signed-out visitors to /auth (spec §2 guards)', async ({ page }) => {
    await page.goto('/admin/awards');
    await expect(page).toHaveURL('/auth?redirect=%2Fadmin%2Fawards');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    // Signed-in users without the admin role see Access Denied: e2e/auth-admin.spec.ts.
  });
});

test.describe('home page', () => {
  test('has every section and an award gallery limited to 8', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Nominate someone/ }).first()).toHaveAttribute('href', '/nominate');
    await expect(page.getByRole('link', { name: 'Shop printed certificates' })).toHaveAttribute('href', '/store');
    await expect(page.getByRole('heading', { name: /Three steps/ })).toBeVisible();
    for (const step of ['Pick a target', 'Create the roast', 'Share']) {
      await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: /A joke is funnier in a frame/ })).toBeVisible();
    await expect(page.getByText('every number above is made up', { exact: false })).toBeVisible();
    await expect(page.getByText('2.5M+')).toBeVisible();
    await expect(page.getByRole('heading', { name: /imaginary focus group/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(page.getByRole('link', { name: 'Browse the gallery' })).toHaveAttribute('href', '/gallery');
    await expect(page.getByTestId('award-card')).toHaveCount(8);
    await page.getByRole('link', { name: 'View All Awards' }).click();
    await expect(page).toHaveURL('/gallery');
  });
});

test('F8 moves focus to the notifications region', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('F8');
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(region).toBeAttached();
  await expect(region.locator('ol')).toBeFocused();
});

test('a page still downloading shows the spinner with Loading...', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/refund-policy-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
});
