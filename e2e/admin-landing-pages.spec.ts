import type { Page } from '@playwright/test';
import type { Award } from '../src/contract/awards';
import type { AdminLandingPage } from '../src/contract/landing-pages';
import { expect, test } from './fixtures';
import { csrfHeaders, LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

/** Issue 14: landing pages at /admin/landing-pages, published at /l/{slug} (docs/decisions/102). */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
/** A 1×1 PNG: an upload is typed by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const metaOf = (html: string, attr: 'name' | 'property', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

async function firstAward(page: Page): Promise<Award> {
  const awards = (await (await page.request.get('/api/awards')).json()) as Award[];
  return awards[0]!;
}

test.describe('landing pages', () => {
  test('an admin creates and publishes a landing page, and a signed-out visitor opens it with its meta tags and a button to the award', async ({ page, browser, request, baseURL }) => {
    test.slow(); // a draft, a preview, a publish and a visit in a second browser
    const id = unique();
    const title = `Office Olympics ${id}`;
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    const award = await firstAward(page);

    await page.goto('/admin/landing-pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Landing Pages' })).toBeVisible();
    await page.getByRole('link', { name: 'New landing page' }).click();
    await expect(page).toHaveURL('/admin/landing-pages/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New landing page' })).toBeVisible();

    // Submitting empty: the fields say what is missing and the first one has the focus.
    await page.getByRole('button', { name: 'Create draft' }).first().click();
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription('Give the page a title');

    await page.getByLabel('Title', { exact: true }).fill(title);
    // The address follows the title.
    await expect(page.getByLabel('Address')).toHaveValue(`office-olympics-${id}`);
    await page.getByLabel('Description').fill('Gold, silver and bronze for the office’s most heroic habits.');
    await page.getByLabel('Headline').fill('Let the Office Olympics begin');
    await page.getByLabel('Subheading').fill('Every team has a champion of the reply-all. Make it official.');
    await page.getByLabel('Upload a picture').setInputFiles({ name: 'podium.png', mimeType: 'image/png', buffer: PNG });
    await expect(toasts(page)).toContainText('Picture uploaded');
    await expect(page.getByLabel('Picture', { exact: true })).toHaveValue(/^\/files\/award-images\/landing-pages\/[0-9a-f]{32}\.png$/);
    await page.getByLabel('Text alternative').fill('A podium with three office chairs');
    await page.getByLabel('Section 1 heading').fill('The events');
    await page
      .getByLabel('Section 1 text (Markdown)')
      .fill(
        [
          'Competitors are judged on **stamina**, _style_ and [team spirit](/gallery).',
          '<script>window.__pwned = true</script>',
          '[free medal](javascript:window.__pwned=true)',
          '<img src=x onerror="window.__pwned=true">',
          '<iframe src="https://example.com"></iframe>',
        ].join('\n\n'),
      );
    await page.getByLabel('Button text').fill('Nominate a champion');
    await page.getByLabel('Leads to').selectOption('award_nominate');
    await page.getByLabel('Award', { exact: true }).selectOption(award.id);

    // The preview is the server's sanitised rendering, in the page's own look.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByTestId('landing-preview');
    await expect(preview.getByRole('heading', { level: 1, name: 'Let the Office Olympics begin' })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'The events' })).toBeVisible();
    await expect(preview.getByText('<script>window.__pwned = true</script>')).toBeVisible();
    await expect(preview.locator('script, iframe, [onerror]')).toHaveCount(0);
    await expect(preview.getByTestId('landing-cta').first()).toHaveAttribute('href', `/nominate?award=${award.id}`);
    await page.getByRole('tab', { name: 'Edit' }).click();

    await page.getByRole('button', { name: 'Create draft' }).first().click();
    await expect(toasts(page)).toContainText('Draft saved');
    await expect(page).toHaveURL(/\/admin\/landing-pages\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('landing-status')).toHaveText('Draft');
    const slug = `office-olympics-${id}`;

    // A draft is nobody's business: 404 and out of the sitemap.
    expect((await request.get(`/l/${slug}`)).status()).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/l/${slug}<`);

    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: `Publish ${title}?` });
    await expect(confirm).toContainText(`/l/${slug}`);
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page)).toContainText('Published');
    await expect(page.getByTestId('landing-status')).toHaveText('Published');
    await expect(page.getByRole('link', { name: new RegExp(`/l/${slug}`) })).toHaveAttribute('href', `/l/${slug}`);

    // Signed out, in another browser.
    const visitor = await browser.newContext({ baseURL: baseURL! });
    try {
      const pub = await visitor.newPage();
      // Hydrating the served page must not complain (a mismatch, a failed request, a script error).
      const complaints: string[] = [];
      pub.on('console', (m) => {
        // The test browser blocks service workers (playwright.config.ts) and says so.
        if ((m.type() === 'error' || m.type() === 'warning') && !/Service Worker registration blocked by Playwright/.test(m.text())) complaints.push(m.text());
      });
      pub.on('pageerror', (e) => complaints.push(e.message));
      const response = await pub.goto(`/l/${slug}`);
      expect(response?.status()).toBe(200);
      const html = await response!.text();
      expect(html).toContain(`<title data-head>${title} | Certifiable</title>`);
      expect(metaOf(html, 'name', 'description')).toBe('Gold, silver and bronze for the office’s most heroic habits.');
      expect(html).toContain(`<link rel="canonical" href="${baseURL}/l/${slug}" data-head>`);
      expect(metaOf(html, 'property', 'og:title')).toBe(`${title} | Certifiable`);
      // The uploaded hero picture is the link preview's picture.
      expect(metaOf(html, 'property', 'og:image')).toMatch(new RegExp(`^${baseURL}/files/award-images/landing-pages/[0-9a-f]{32}\\.png$`));
      await expect(pub.getByRole('img', { name: 'A podium with three office chairs' })).toBeVisible();
      expect(metaOf(html, 'name', 'robots')).toBe('index, follow');
      // Painted from the HTML, then the app.
      expect(html).toContain('Let the Office Olympics begin');
      await pub.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      await expect(pub.getByRole('heading', { level: 1, name: 'Let the Office Olympics begin' })).toBeVisible();
      await expect(pub.getByRole('heading', { level: 2, name: 'The events' })).toBeVisible();
      await expect(pub.getByRole('link', { name: 'team spirit' })).toHaveAttribute('href', '/gallery');
      await expect(pub.getByRole('link', { name: 'free medal' })).toHaveCount(0);
      await expect(pub.locator('main script, main iframe, main [onerror]')).toHaveCount(0);
      expect(await pub.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
      expect(await (await request.get('/sitemap.xml')).text()).toContain(`${baseURL}/l/${slug}</loc>`);
      await pageSettled(pub);
      expect(await axeSerious(pub)).toEqual([]);
      expect(complaints).toEqual([]);

      // The button leads to the award's nomination form.
      await pub.getByTestId('landing-cta').first().click();
      await expect(pub).toHaveURL(`/nominate?award=${award.id}`);
      expect(await pub.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    } finally {
      await visitor.close();
    }
  });

  test('a draft is not reachable by the public (404) nor in the sitemap; unpublishing takes a page down at once', async ({ page, request, baseURL }) => {
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    const products = (await (await page.request.get('/api/admin/landing-pages/cta-targets')).json()) as { products: { id: string; name: string }[] };
    const slug = `frame-week-${unique()}`;
    const res = await page.request.post('/api/admin/landing-pages', {
      headers: await csrfHeaders(page.request),
      data: {
        slug,
        title: `Frame Week ${slug}`,
        meta_description: 'Certificates deserve walls.',
        hero_heading: 'Frame Week',
        cta_label: 'Shop frames',
        cta_kind: 'product',
        cta_product_id: products.products[0]!.id,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const created = (await res.json()) as AdminLandingPage;

    const draft = await request.get(`/l/${slug}`);
    expect(draft.status()).toBe(404);
    expect(metaOf(await draft.text(), 'name', 'robots')).toBe('noindex, nofollow');
    expect((await request.get(`/api/landing-pages/${slug}`)).status()).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/l/${slug}<`);

    // The list finds it by address, under Draft; an admin publishes it from the editor.
    await page.goto(`/admin/landing-pages?q=${slug}&status=draft`);
    const row = page.getByTestId('admin-landing-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText(products.products[0]!.name);
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    await row.getByRole('link', { name: `Frame Week ${slug}` }).click();
    await expect(page).toHaveURL(`/admin/landing-pages/${created.id}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: `Publish Frame Week ${slug}?` }).getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByTestId('landing-status')).toHaveText('Published');
    const live = await request.get(`/l/${slug}`);
    expect(live.status()).toBe(200);
    expect(await live.text()).toContain('href="/store"');

    // Unpublished: gone from the public address and the sitemap at once.
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('dialog', { name: `Unpublish Frame Week ${slug}?` }).getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByTestId('landing-status')).toHaveText('Draft');
    expect((await request.get(`/l/${slug}`)).status()).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`${baseURL}/l/${slug}<`);

    // Deleting asks first.
    await page.getByRole('button', { name: `Delete Frame Week ${slug}` }).click();
    await page.getByRole('dialog', { name: `Delete Frame Week ${slug}?` }).getByRole('button', { name: 'Delete page' }).click();
    await expect(page).toHaveURL('/admin/landing-pages');
    await expect(toasts(page)).toContainText('deleted');
  });
});
