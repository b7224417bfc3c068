import type { ConsoleMessage, Page } from '@playwright/test';
import type { Award } from '../src/contract/awards';
import type { StoreCatalogue } from '../src/contract/shop';
import { expect, test } from './fixtures';
import { createVerifiedUser, signInViaApi } from './support/auth-helpers';
import { createAcceptedNomination, uniqueName } from './support/nomination-helpers';
import { openRequests } from './support/page-helpers';

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

const rootOf = (body: string) => /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="app-state">/.exec(body)?.[1] ?? '';

/** Public pages and what each must already say in its HTML, before any JavaScript. */
const STATIC_PAGES: [string, string][] = [
  ['/quiz-landing', 'How the assessment works'],
  ['/quiz', 'Your alarm goes off at 7:00. For the record, what happens next?'],
  ['/quiz/gallery', 'Quiz Hall of Fame'],
  // The funnel's own page; its later steps belong to one buyer's order, known only in their browser.
  ['/funnel/checkout', 'One certificate. Printed, posted, impossible to ignore.'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/dmca-policy', 'DMCA Policy'],
  ['/accessibility', 'Accessibility'],
  ['/dynamic-templates', 'Certificate Designs'],
];

/** Console errors and warnings (hydration mismatches are reported there) and uncaught errors. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    // Playwright's own note (playwright.config.ts blocks service workers), and the 404 page's own status.
    if (/Service Worker registration blocked by Playwright/.test(m.text())) return;
    if (/status of 404/.test(m.text()) && m.location().url.endsWith('/no/such/page')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('server-rendered public pages', () => {
  test('arrive with their content in the HTML, before any JavaScript', async ({ request }) => {
    const awards = (await (await request.get('/api/awards')).json()) as Award[];
    const catalogue = (await (await request.get('/api/store/products')).json()) as StoreCatalogue;

    const home = await request.get('/');
    expect(home.status()).toBe(200);
    expect(home.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(home.headers().etag).toBeTruthy();
    const homeHtml = await home.text();
    expect(rootOf(homeHtml)).toContain(html(awards[0]!.title));
    // The stylesheet comes first; the page's own chunk is listed for the entry script to fetch beside the app once
    // the HTML has painted, not after the app asks for it (src/web/boot.ts).
    expect(homeHtml.indexOf('rel="stylesheet"')).toBeLessThan(homeHtml.indexOf('<script'));
    expect(homeHtml).toMatch(/<script type="application\/json" id="app-preloads">\[[^\]]*"\/assets\/home-[\w-]+\.js"/);

    const gallery = await request.get('/gallery');
    const galleryRoot = rootOf(await gallery.text());
    for (const a of awards) expect(galleryRoot).toContain(html(a.title));

    const store = rootOf(await (await request.get('/store')).text());
    const price = catalogue.products[0]!.variants[0]!.price;
    expect(store).toContain(new Intl.NumberFormat('en-US', { style: 'currency', currency: catalogue.currency }).format(price / 100));
    expect(store).toContain(html(catalogue.products[0]!.name));
    // The picture of what would be printed, before any script: the first award's drawing, a plain image.
    expect(store).toContain(`src="/api/certificates/preview.svg?award_id=${awards[0]!.id}"`);

    for (const [path, text] of STATIC_PAGES) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(rootOf(await res.text()), path).toContain(html(text));
    }

    const noResult = await request.get('/quiz/results/AAAAAAAAAAAAAAAAAAAAAA');
    expect(noResult.status()).toBe(404);
    expect(rootOf(await noResult.text())).toContain('We can&#x27;t find that quiz result');

    const missing = await request.get('/certificate/AAAAAAAAAAAAAAAA');
    expect(missing.status()).toBe(404);
    expect(rootOf(await missing.text())).toContain('We can&#x27;t find that certificate');
    const unknown = await request.get('/no/such/page');
    expect(unknown.status()).toBe(404);
    expect(rootOf(await unknown.text())).toContain('404 - Page Not Found');

    // Private screens stay client-rendered.
    for (const path of ['/account', '/cart', '/checkout', '/nominate', '/admin']) {
      const res = await request.get(path);
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
  });

  test('a certificate and the community wall arrive with the certificate text', async ({ request }) => {
    const name = uniqueName('Ottilie');
    const { certificate } = await createAcceptedNomination(request, { nominee_name: name, reason: 'For alphabetising the spice rack twice' });
    const page = await request.get(`/certificate/${certificate.share_id}`);
    expect(page.status()).toBe(200);
    const root = rootOf(await page.text());
    expect(root).toContain(name);
    expect(root).toContain('For alphabetising the spice rack twice');
    const wall = rootOf(await (await request.get('/community')).text());
    expect(wall).toContain(name);
  });

  test('hydrate without console errors or hydration warnings, fetch nothing twice, then navigate in the browser', async ({ page, request }) => {
    const problems = watchConsole(page);
    const { certificate } = await createAcceptedNomination(request, { nominee_name: uniqueName('Hydra'), reason: 'For a very tidy desk' });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') && r.method() === 'GET') apiCalls.push(url.pathname + url.search);
    });

    // The heading the server rendered, as parsed: hydration adopts it, never replaces it with a copy.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { servedHeading: Element | null }).servedHeading = document.querySelector('main h1');
      }),
    );
    const requests = openRequests(page);
    for (const path of ['/', '/gallery', '/community', '/store', `/certificate/${certificate.share_id}`, '/dynamic-templates', '/privacy-policy', '/quiz-landing', '/quiz', '/quiz/gallery', '/no/such/page']) {
      apiCalls.length = 0;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Hydrated (the suite's goto waits for it) and every request the page made answered: what it fetched, it fetched.
      await requests.quiet();
      const kept = await page.evaluate(() => {
        const served = (window as unknown as { servedHeading: Element | null }).servedHeading;
        return served !== null && served.isConnected && served === document.querySelector('main h1');
      });
      expect(kept, `${path}: the server's heading is still the one on the page`).toBe(true);
      if (path === '/' || path === '/gallery') expect(apiCalls.filter((c) => c.startsWith('/api/awards')), path).toEqual([]);
      if (path === '/store') expect(apiCalls.filter((c) => /^\/api\/(awards|store\/products|templates)/.test(c)), path).toEqual([]);
      if (path === '/community') expect(apiCalls.filter((c) => c.startsWith('/api/categories')), path).toEqual([]);
      if (path.startsWith('/quiz')) expect(apiCalls.filter((c) => c.startsWith('/api/quiz')), path).toEqual([]);
    }
    expect(problems).toEqual([]);

    // The gallery works once hydrated: searching filters in place, and links navigate without a page load.
    await page.goto('/gallery');
    const awards = (await (await request.get('/api/awards')).json()) as Award[];
    await page.getByRole('searchbox', { name: 'Search awards' }).fill(awards[0]!.title);
    await expect(page).toHaveURL(/\?search=/);
    await expect(page.getByText(/^Found \d+ award\(s\)$/)).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Community wall' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Community Wall' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('the gallery search is a GET form that works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/gallery');
    await page.getByRole('searchbox', { name: 'Search awards' }).fill('zzqx-no-such-award');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\?search=zzqx-no-such-award$/);
    await expect(page.getByText('No award for that. Yet.')).toBeVisible();
    await context.close();
  });

  test("a signed-in visitor's name and email never appear in the served HTML", async ({ page }) => {
    const user = await createVerifiedUser(page.request, { prefix: 'ssr', fullName: 'Peregrine Privateperson' });
    await signInViaApi(page, user.email, user.password);
    for (const path of ['/', '/gallery', '/store', '/community', '/privacy-policy']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toContain('public');
      const body = await res.text();
      expect(body, path).not.toContain(user.email);
      expect(body, path).not.toContain('Peregrine');
    }
    // The browser then shows the signed-in header, without a hydration error.
    const problems = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
