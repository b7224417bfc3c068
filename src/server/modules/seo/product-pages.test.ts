import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCatalogue } from '@/contract/shop';
import * as entry from '@/web/entry-server';
import { signedInClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { SSR_CACHE_CONTROL } from './html-shell';
import { catalogue, freshClient, nominate } from '../nominations/test-support';
import { rootOf, stateTextOf } from './test-support';

// The store's page of one award and the certificate page, kept like the home page (docs/decisions/115).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ssr: entry });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const chosen = (html: string, awardId: string) => html.includes(`value="${awardId}" selected=""`);
/** What the browser hydrates: the page's markup and data, without the clock (to the minute) it was rendered at. */
const hydrated = (html: string) => ({
  root: rootOf(html),
  state: stateTextOf(html).replace(/"(now|dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0'),
});
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

describe('the store page of an award, kept for every anonymous visitor', () => {
  it('serves the same bytes and ETag to anonymous visitors, however the link names the award', async () => {
    const { awards } = await catalogue(t.database.db);
    const award = awards[2]!;
    const first = await get(`/store?award=${award.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(SSR_CACHE_CONTROL);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(chosen(first.body, award.id)).toBe(true);
    for (const url of [
      `/store?award=${award.id}`,
      `/store?award=${award.slug}`,
      `/store?award=${award.id}&utm_source=newsletter&utm_campaign=spring`,
      `/store?fbclid=IwAR${Date.now()}&award=${award.slug}`,
      `/store?award=${award.id}&junk=${Math.random()}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(first.headers.etag);
      expect(res.body, url).toBe(first.body);
    }
    expect((await get(`/store?award=${award.slug}`, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('keeps for a shared address exactly what that address renders (the browser hydrates the same page)', async () => {
    const { awards } = await catalogue(t.database.db);
    const award = awards[3]!;
    const settings = await t.app.settings.getPublic();
    const own = async (url: string) =>
      t.app.shell.render({
        url,
        origin: t.app.config.publicUrl,
        settings,
        get: async (apiPath) => {
          const res = await t.app.inject({ method: 'GET', url: apiPath });
          return { status: res.statusCode, body: res.json() as unknown };
        },
        log: t.app.log,
      });
    const kept = await get(`/store?award=${award.id}`);
    for (const url of [`/store?award=${award.slug}&fbclid=abc`, `/store?award=${award.id}&utm_medium=social`]) {
      const rendered = await own(url);
      expect(rendered.status).toBe(200);
      expect(hydrated(rendered.html)).toEqual(hydrated(kept.body));
    }
  });

  it('shows an admin’s change to the award on the next request', async () => {
    const { awards } = await catalogue(t.database.db);
    const award = awards[4]!;
    const before = await get(`/store?award=${award.slug}`);
    expect(before.body).toContain(escaped(award.title));
    expect((await get(`/store?award=${award.slug}`)).headers.etag).toBe(before.headers.etag);
    const { client: admin } = await signedInClient(t.app, { admin: true });
    const title = `Retitled Award ${Date.now()}`;
    expect((await admin.patch(`/api/admin/awards/${award.id}`, { title })).statusCode).toBe(200);
    for (const url of [`/store?award=${award.slug}`, `/store?award=${award.id}`]) {
      const after = await get(url);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(rootOf(after.body)).toContain(title);
    }
    // A new slug names the award at once; the old one no longer does.
    const slug = `renamed-${Date.now()}`;
    expect((await admin.patch(`/api/admin/awards/${award.id}`, { slug })).statusCode).toBe(200);
    expect(chosen((await get(`/store?award=${slug}`)).body, award.id)).toBe(true);
    expect(chosen((await get(`/store?award=${award.slug}`)).body, award.id)).toBe(false);
  });

  it('answers an award not on offer as before (200, nothing chosen) and never keeps it as an award’s page', async () => {
    const cache = t.app.pageCache;
    cache.invalidate();
    await get('/store');
    const canonical = cache.size.canonical;
    for (let i = 0; i < 40; i++) {
      const res = await get(`/store?award=no-such-award-${i}&x=${i}`);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toContain('That award is no longer in the gallery');
    }
    expect(cache.size.canonical).toBe(canonical);
    expect(cache.size.other).toBe(40);
  });

  it('stays bounded under junk queries: the same award page, or the smaller share of other addresses', async () => {
    const { award } = await catalogue(t.database.db);
    const cache = t.app.pageCache;
    cache.invalidate();
    const kept = await get(`/store?award=${award.id}`);
    for (let i = 0; i < 60; i++) {
      const res = await get(`/store?award=${award.id}&b=${i}&utm_content=${i}`);
      expect(res.headers.etag).toBe(kept.headers.etag);
      await get(`/?fbclid=${i}`);
      await get(`/certificate/AAAAAAAAAAAAAAAA?fbclid=${i}`);
      await get(`/GaLLery?b=${i}`);
    }
    // The award's store page and the home page; the unknown certificate once; the made-up gallery addresses in
    // the other share (bounded by count and size, never evicting an award's page).
    expect(cache.size.canonical).toBe(2);
    expect(cache.size.other).toBe(61);
  });
});

describe('the certificate page, kept for every anonymous visitor', () => {
  it('serves the same bytes whatever tags the link carries, and a change to it on the next request', async () => {
    const { award } = await catalogue(t.database.db);
    const { certificate } = await nominate(freshClient(t.app), { award_id: award.id, nominee_name: 'Petra Kept' });
    const url = `/certificate/${certificate.share_id}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(SSR_CACHE_CONTROL);
    expect(rootOf(first.body)).toContain('Petra Kept');
    for (const shared of [`${url}?fbclid=IwAR1`, `${url}?utm_source=whatsapp`, `${url}?anything=else`]) {
      const res = await get(shared);
      expect(res.headers.etag, shared).toBe(first.headers.etag);
      expect(res.body, shared).toBe(first.body);
    }
    // Its award changes: the certificate page shows it.
    const { client: admin } = await signedInClient(t.app, { admin: true });
    const title = `Renamed On Certificate ${Date.now()}`;
    expect((await admin.patch(`/api/admin/awards/${award.id}`, { title })).statusCode).toBe(200);
    expect(rootOf((await get(`${url}?fbclid=IwAR2`)).body)).toContain(title);
  });

  it('answers an unknown certificate 404, not cacheable, as before', async () => {
    const res = await get('/certificate/ZZZZZZZZZZZZZZZZ?fbclid=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('signed-in visitors and carts', () => {
  it('never puts a signed-in visitor’s account or cart in a page, nor sets a cookie on one', async () => {
    const { awards } = await catalogue(t.database.db);
    const award = awards[5]!;
    const { client, user } = await signedInClient(t.app, { name: 'Zebedee Cartwright' });
    const products = (await client.get('/api/store/products')).json() as StoreCatalogue;
    const variant = products.products[0]!.variants[0]!;
    const cart = await client.put('/api/cart', {
      lines: [{ variant_id: variant.id, quantity: 2, design: { award_id: award.id, template_id: null, recipient_name: 'Cartwright Secret', share_id: null } }],
    });
    expect(cart.statusCode).toBe(200);
    const { certificate } = await nominate(client, { award_id: award.id, nominee_name: 'Signed In Nominee' });
    t.app.pageCache.invalidate();
    // The signed-in visitor (session, CSRF and a cart) asks first: the page rendered for them is the anonymous one.
    const cookie = `${client.cookieHeader()}; certifiable_visitor=${'a'.repeat(22)}`;
    for (const url of [`/store?award=${award.id}`, `/certificate/${certificate.share_id}`, '/']) {
      const theirs = await get(url, { cookie });
      const anyone = await get(url);
      expect(theirs.statusCode, url).toBe(200);
      expect(theirs.headers['set-cookie'], url).toBeUndefined();
      expect(theirs.headers['cache-control'], url).toBe(SSR_CACHE_CONTROL);
      expect(anyone.body, url).toBe(theirs.body);
      for (const secret of [user.email, 'Zebedee', 'Cartwright Secret', client.cookies.get('certifiable_csrf')!, client.cookies.get('certifiable_session')!]) {
        expect(theirs.body, `${url}: ${secret}`).not.toContain(secret);
      }
      expect(rootOf(theirs.body), url).not.toContain('Sign Out');
    }
  });
});
