import type { Award } from '../src/contract/awards';
import { expect, metaContent, test } from './fixtures';

function between(html: string, re: RegExp) {
  return re.exec(html)?.[1];
}

test.describe('metadata in the served HTML (no JavaScript needed)', () => {
  test('each public route has its own title, description, canonical, social cards and JSON-LD', async ({ request, baseURL }) => {
    const cases = [
      { path: '/', title: 'Official Awards for Unofficial Achievements | Certifiable' },
      { path: '/gallery', title: 'Award Gallery | Certifiable' },
      { path: '/privacy-policy', title: 'Privacy Policy | Certifiable' },
      { path: '/community', title: 'Community Wall | Certifiable' },
    ];
    for (const { path, title } of cases) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(between(html, /<title[^>]*>([^<]*)<\/title>/), path).toBe(title);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}"`);
      expect(html).toContain(`<meta property="og:title" content="${title}"`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      expect(html).toContain('<meta name="robots" content="index, follow"');
      expect(html).toMatch(/<meta name="theme-color" content="#c8102e"/);
      const jsonLd = JSON.parse(between(html, /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)!) as {
        '@type': string;
        potentialAction?: { target: { urlTemplate: string } };
      }[];
      // The FAQ's markup only where its questions are shown; a breadcrumb on every page below home (decision 121).
      expect(jsonLd.map((x) => x['@type'])).toEqual(['Organization', 'WebSite', path === '/' ? 'FAQPage' : 'BreadcrumbList']);
      expect(jsonLd[1]!.potentialAction!.target.urlTemplate).toBe(`${baseURL}/gallery?search={search_term_string}`);
    }
  });

  test('private pages, pages not built yet and unknown paths are not indexed', async ({ request }) => {
    const auth = await (await request.get('/auth')).text();
    expect(auth).toContain('<meta name="robots" content="noindex, nofollow"');
    // A quiz result is its taker's own: reached through its link, never indexed.
    const result = await (await request.get('/quiz/results/AAAAAAAAAAAAAAAAAAAAAA')).text();
    expect(result).toContain('<meta name="robots" content="noindex, nofollow"');
    const store = await (await request.get('/store')).text();
    expect(store).toContain('<meta name="robots" content="index, follow"');
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<title data-head>Page Not Found | Certifiable</title>');
  });

  test('the browser keeps the head in step while navigating, on PUBLIC_URL whatever host it was opened on', async ({ page, baseURL }) => {
    // PUBLIC_URL is http://localhost:{port}; the same server reached as 127.0.0.1 must still name PUBLIC_URL.
    const otherHost = baseURL!.replace('//localhost:', '//127.0.0.1:');
    await page.goto(`${otherHost}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveTitle('Award Gallery | Certifiable');
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(`${baseURL}/gallery`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/gallery`);
    expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(new RegExp(`^${baseURL}/`));
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  });
});

test.describe('sitemap and robots', () => {
  test('sitemap.xml lists the built public routes and the product page of every active award', async ({ request, baseURL }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    for (const path of ['/', '/gallery', '/nominate', '/community', '/privacy-policy', '/refund-policy', '/quiz-landing', '/quiz/gallery']) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    // Private pages (pages still under construction: e2e/shell.spec.ts, docs/decisions/038).
    for (const path of ['/auth', '/account', '/cart', '/admin']) {
      expect(locs).not.toContain(`${baseURL}${path}`);
    }
    const awards = (await (await request.get('/api/awards')).json()) as Award[];
    for (const award of awards) expect(locs).toContain(`${baseURL}/store?award=${award.slug}`);
  });

  test('robots.txt names the sitemap', async ({ request, baseURL }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).toContain('Disallow: /admin');
  });
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers on localhost, precaches the shell and never caches admin calls, certificate files or no-store answers', async ({ page, request }) => {
    const [award] = (await (await request.get('/api/awards?limit=1')).json()) as Award[];
    const created = await request.post('/api/nominations', {
      data: { award_id: award!.id, nominee_name: 'Cache Tester', is_public: false },
    });
    expect(created.status()).toBe(201);
    const { certificate, claim_url } = (await created.json()) as { certificate: { share_id: string }; claim_url: string };
    const shareId = certificate.share_id;
    const pngPath = `/api/certificates/${shareId}/share.png`;
    // A claim link's answer is no-store: it must never sit in the browser's cache.
    const claimPath = `/api/claims/${new URL(claim_url, 'http://x').pathname.split('/claim/')[1]}`;
    await page.goto('/');
    const result: { scope: string; names: string[]; urls: string[] } = await page.evaluate(async (png) => {
      const reg = await navigator.serviceWorker.ready;
      // Wait until the worker controls the page so fetches go through it.
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
      await fetch('/api/categories');
      await fetch('/api/admin/nothing').catch(() => null);
      await (await fetch(png)).arrayBuffer();
      const names: string[] = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((r: Request) => new URL(r.url).pathname));
      }
      return { scope: reg.scope, names, urls };
    }, pngPath);
    expect(result.names.some((n) => n.startsWith('certifiable-shell-'))).toBe(true);
    expect(result.urls).toContain('/');
    expect(result.urls.some((u) => u.startsWith('/assets/index-') && u.endsWith('.js'))).toBe(true);
    // And the app the entry script imports once the page has painted (src/web/boot.ts).
    expect(result.urls.some((u) => u.startsWith('/assets/app-') && u.endsWith('.js'))).toBe(true);
    const cached = () =>
      page.evaluate(async (): Promise<string[]> => {
        const all: string[] = [];
        for (const name of await caches.keys()) all.push(...(await (await caches.open(name)).keys()).map((r: Request) => new URL(r.url).pathname));
        return all;
      });
    await expect.poll(cached).toContain('/api/categories');
    // The worker stores answers after handing them over: give the PNG the same time to (not) arrive.
    await page.evaluate(
      async ([png, claim]) => {
        await fetch(claim!);
        await fetch('/api/templates');
        await (await fetch(png!)).arrayBuffer();
      },
      [pngPath, claimPath],
    );
    await expect.poll(cached).toContain('/api/templates');
    const after = await cached();
    expect(after.some((u) => u.startsWith('/api/admin'))).toBe(false);
    expect(after).not.toContain(pngPath);
    expect(after).not.toContain(claimPath);
  });
});
