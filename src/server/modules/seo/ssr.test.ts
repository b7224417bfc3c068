import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettings } from '@/contract/settings';
import { PAGE_TABLE } from '@/web/app/page-heads';
import * as entry from '@/web/entry-server';
import { nominations } from '@/server/db/schema/index';
import { signedInClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { HtmlShell, SSR_CACHE_CONTROL } from './html-shell';
import { catalogue, freshClient, nominate, tokenOf } from '../nominations/test-support';
import { rootOf, stateTextOf } from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ssr: entry });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const stateOf = (html: string) => {
  const json = stateTextOf(html);
  return json ? (JSON.parse(json) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }) : null;
};

describe('server-rendered public pages', () => {
  it('renders the home page with its awards and hands their data to the browser, cacheable', async () => {
    const { awards } = await catalogue(t.database.db);
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(SSR_CACHE_CONTROL);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(rootOf(res.body)).toContain(awards[0]!.title.replace(/&/g, '&amp;'));
    const state = stateOf(res.body)!;
    expect(state.queries.queries.map((q) => q.queryKey)).toEqual([['awards', 'list', { limit: 8 }]]);
    const again = await get('/', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('renders the gallery search from the URL (the GET form works without JavaScript)', async () => {
    const { awards } = await catalogue(t.database.db);
    const word = awards[1]!.title.split(' ')[0]!;
    const res = await get(`/gallery?search=${encodeURIComponent(word)}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('name="search"');
    expect(root).toContain(`value="${word}"`);
    expect(root).toMatch(/Found (<!-- -->)?\d+(<!-- -->)? award/);
  });

  it('writes user text as text: </script> in a nomination cannot end a script or add markup', async () => {
    const { award } = await catalogue(t.database.db);
    const evil = '</script><script>alert(1)</script>';
    const { certificate } = await nominate(freshClient(t.app), { award_id: award.id, nominee_name: `Dana ${evil}`, reason: `For ${evil}` });
    const res = await get(`/certificate/${certificate.share_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    const root = rootOf(res.body);
    expect(root).toContain('Dana &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root).toContain('For &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const state = stateOf(res.body)!;
    const cert = state.queries.queries.find((q) => q.queryKey[0] === 'certificates')!.state.data as { nominee_name: string; reason: string };
    expect(cert.nominee_name).toBe(`Dana ${evil}`);
    expect(cert.reason).toBe(`For ${evil}`);
    // Exactly the two scripts of the page (settings, state) plus the template's own, nothing from the user.
    expect(res.body.match(/<script/g)!.length).toBe(res.body.match(/<\/script>/g)!.length);
  });

  it('answers an unknown certificate with 404 and the not-found page, and an unknown path with the 404 page', async () => {
    const res = await get('/certificate/AAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(rootOf(res.body)).toContain('We can&#x27;t find that certificate');
    const unknown = await get('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(rootOf(unknown.body)).toContain('404 - Page Not Found');
  });

  it('keeps parallel renders of different certificates apart', async () => {
    const { award } = await catalogue(t.database.db);
    const names = ['Alpha Quill', 'Bravo Inkwell', 'Charlie Nib', 'Delta Blotter'];
    const made = await Promise.all(names.map((n) => nominate(freshClient(t.app), { award_id: award.id, nominee_name: n })));
    const pages = await Promise.all(made.map((m) => get(`/certificate/${m.certificate.share_id}`)));
    pages.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      for (const [j, other] of names.entries()) {
        if (i === j) expect(res.body).toContain(other);
        else expect(res.body).not.toContain(other);
      }
    });
  });

  it('renders the anonymous view for a signed-in visitor and leaves private pages to the browser', async () => {
    const { client, user } = await signedInClient(t.app, { name: 'Zebedee Private' });
    for (const url of ['/', '/store', '/gallery']) {
      const res = await get(url, { cookie: client.cookieHeader() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(SSR_CACHE_CONTROL);
      expect(res.body).not.toContain(user.email);
      expect(res.body).not.toContain('Zebedee');
      expect(rootOf(res.body)).not.toContain('Sign Out');
      expect(rootOf(res.body)).toMatch(/^<div class="flex min-h-dvh flex-col"><header/);
    }
    const account = await get('/account');
    expect(account.body).toContain('<div id="root"></div>');
    expect(account.headers['cache-control']).toBe('no-cache');
  });
});

describe('rendered pages are kept until something changes (docs/decisions/092)', () => {
  it('serves the same page again, and a new one after a write the server answered', async () => {
    const { award } = await catalogue(t.database.db);
    const before = await get('/community');
    expect((await get('/community')).headers.etag).toBe(before.headers.etag);
    // A nominee accepts in public: the next visitor of the wall sees the certificate.
    const { claim_url } = await nominate(freshClient(t.app), { award_id: award.id, nominee_name: 'Quentin Cachebuster', is_public: true });
    expect((await freshClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`)).statusCode).toBe(200);
    const after = await get('/community');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(rootOf(after.body)).toContain('Quentin Cachebuster');
  });

  it('keeps the pages through writes that change no page (a live preview, signing up and in)', async () => {
    const { award } = await catalogue(t.database.db);
    const { claim_url, certificate } = await nominate(freshClient(t.app), { award_id: award.id, nominee_name: 'Rosalind Kept', is_public: true });
    expect((await freshClient(t.app).post(`/api/claims/${tokenOf(claim_url)}/accept`)).statusCode).toBe(200);
    expect(rootOf((await get('/community')).body)).toContain('Rosalind Kept');
    // Changed behind the server's back: only a render would show it.
    await t.database.db.update(nominations).set({ nomineeName: 'Rosalind Renamed' }).where(eq(nominations.shareId, certificate.share_id));
    const c = freshClient(t.app);
    expect((await c.post('/api/certificates/preview', { award_id: award.id, nominee_name: 'Anyone' })).statusCode).toBe(200);
    await signedInClient(t.app, { name: 'Someone Signing In' });
    expect(rootOf((await get('/community')).body)).toContain('Rosalind Kept');
    // A write that may change a page (another nomination) drops them: the next render shows the database.
    await nominate(freshClient(t.app), { award_id: award.id, nominee_name: 'Someone Else' });
    expect(rootOf((await get('/community')).body)).toContain('Rosalind Renamed');
  });
});

/** A web build folder with nothing in it: the shell's built-in template. */
const emptyDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-shell-'));

describe('when the server render fails or is late', () => {
  const settings = { brand_name: 'Certifiable', company_name: 'Dubious Enterprises Ltd.', support_email: 'hello@x.test', social: {} } as unknown as PublicSettings;
  const logged: unknown[] = [];
  const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
  const request = { url: '/gallery', origin: 'https://certifiable.test', settings, get: async () => ({ status: 200, body: [] }), log };

  it('serves the empty shell after the time limit, and logs it', async () => {
    logged.length = 0;
    let aborted: AbortSignal | undefined;
    const shell = new HtmlShell(emptyDir(), { render: ({ signal }) => ((aborted = signal), new Promise(() => {})), pages: PAGE_TABLE }, 50);
    const started = Date.now();
    const res = await shell.render(request);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res).toMatchObject({ status: 200, rendered: false });
    expect(res.html).toContain('<div id="root"></div>');
    expect(res.html).toContain('<title data-head>Award Gallery | Certifiable</title>');
    expect(aborted?.aborted).toBe(true);
    expect(logged).toHaveLength(1);
  });

  it('keeps a page its data describes out of search engines when it could not be rendered (a private certificate)', async () => {
    const shell = new HtmlShell(emptyDir(), { render: () => Promise.reject(new Error('boom')), pages: PAGE_TABLE });
    const certificate = await shell.render({ ...request, url: '/certificate/AAAAAAAAAAAAAAAA' });
    expect(certificate.html).toContain('<meta name="robots" content="noindex, nofollow"');
    // A page whose head is its own stays indexable.
    expect((await shell.render(request)).html).toContain('<meta name="robots" content="index, follow"');
  });

  it('serves the empty shell when the render throws, and logs it', async () => {
    logged.length = 0;
    const shell = new HtmlShell(emptyDir(), { render: () => Promise.reject(new Error('boom')), pages: PAGE_TABLE });
    const res = await shell.render(request);
    expect(res).toMatchObject({ status: 200, rendered: false });
    expect(res.html).toContain('<div id="root"></div>');
    expect(logged).toHaveLength(1);
  });
});
