import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awards, settings } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { TestClient } from '@/server/test/auth-client';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import * as entry from '@/web/entry-server';

let t: TestApp;

beforeAll(async () => {
  // The served page's head comes with its server render (the route module's, docs/decisions/126).
  t = await createTestApp({ ssr: entry });
});
afterAll(async () => {
  await t.close();
});

describe('served HTML', () => {
  it('writes the page title, description and canonical link into the HTML for crawlers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gallery?search=tea' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title data-head>Award Gallery | Certifiable</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://certifiable.test/gallery" data-head>');
    expect(res.body).toMatch(/<meta name="description" content="Browse every award/);
    expect(res.body).toContain('<script id="app-settings" type="application/json">');
  });

  it('answers unknown paths with the 404 page metadata and status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/definitely/not/here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title data-head>Page Not Found | Certifiable</title>');
    expect(res.body).toContain('content="noindex, nofollow"');
  });

  it('sends pages compressed to a browser that accepts it, with an ETag that answers 304 when unchanged', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/privacy-policy', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/privacy-policy' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    const br = await t.app.inject({ method: 'GET', url: '/privacy-policy', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.headers.etag).toMatch(/^W\/"/);
    expect(gz.headers.etag).toBe(plain.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/privacy-policy', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers unknown API paths with a JSON 404, never the HTML shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Nothing here: GET /api/nope' } });
  });

  it('uses the brand name from settings, escaped, in titles and the bootstrap block', async () => {
    await t.database.db
      .insert(settings)
      .values({ key: 'brand_name', value: 'Cert</script><b>ified' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'Cert</script><b>ified' } });
    t.app.settings.invalidate();
    const res = await t.app.inject({ method: 'GET', url: '/store' });
    expect(res.body).toContain('<title data-head>Store | Cert&lt;/script&gt;&lt;b&gt;ified</title>');
    const bootstrap = /<script id="app-settings" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    expect(JSON.parse(bootstrap).brand_name).toBe('Cert</script><b>ified');
    await t.database.db.delete(settings).where(eq(settings.key, 'brand_name'));
    t.app.settings.invalidate();
  });
});

describe('user text in the served HTML', () => {
  it('is written as text: "$\'", "$&", "$`", "$1" and </script> in a nominee name splice nothing into the page', async () => {
    const { award } = await catalogue(t.database.db);
    const name = "Dana $' $& $` $1 </script><b>x";
    const { certificate, claim_url } = await nominate(freshClient(t.app), { award_id: award.id, nominee_name: name });
    expect((await new TestClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`)).statusCode).toBe(200);
    const share_id = certificate.share_id;
    const res = await t.app.inject({ method: 'GET', url: `/certificate/${share_id}` });
    expect(res.statusCode).toBe(200);
    const escaped = "Dana $' $&amp; $` $1 &lt;/script&gt;&lt;b&gt;x";
    expect(res.body).toContain(`<title data-head>${escaped}: ${award.title} | Certifiable</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${escaped}: ${award.title}`);
    // The page is the template with exactly one head block and one settings block, in their places.
    expect(res.body.match(/<title/g)).toHaveLength(1);
    expect(res.body.match(/id="app-settings"/g)).toHaveLength(1);
    expect(res.body).not.toContain('<!--app-');
    expect(res.body.indexOf('id="app-settings"')).toBeGreaterThan(res.body.indexOf('</title>'));
    expect(res.body.trimEnd().endsWith('</html>')).toBe(true);
    expect(res.body.match(/<\/html>/g)).toHaveLength(1);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists indexable routes and the product page of every active award, and no private page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const active = await t.database.db.select().from(awards);
    for (const a of active.filter((x) => x.isActive)) {
      expect(res.body).toContain(`<loc>https://certifiable.test/store?award=${a.slug}</loc>`);
    }
    for (const a of active.filter((x) => !x.isActive)) expect(res.body).not.toContain(`award=${a.slug}<`);
    expect(res.body).not.toContain('/nominate?');
    expect(res.body).toContain('<loc>https://certifiable.test/gallery</loc>');
    expect(res.body).not.toContain('/account<');
    expect(res.body).not.toContain('/admin');
  });

  it('robots.txt names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toContain('Sitemap: https://certifiable.test/sitemap.xml');
    // Link previews (X, chat apps) fetch share images from the API (robots.test.ts checks every og:image).
    expect(res.body).toContain('Allow: /api/quiz/results/*/share.png$');
    expect(res.body).toContain('Disallow: /api/');
  });

  it('serves a service worker that never caches admin or auth traffic', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("self.addEventListener('fetch'");
    expect(res.body).toContain('api\\/admin');
    expect(res.body).toContain('api\\/auth');
  });
});
