import { describe, expect, it } from 'vitest';
import { PageCache } from '@/server/lib/page-cache';

const page = (html: string, rendered = true) => ({ status: 200, html, rendered });

describe('PageCache', () => {
  it('renders a page once and serves the same bytes and ETag again', async () => {
    const cache = new PageCache();
    let renders = 0;
    const produce = async () => page(`<p>home ${++renders}</p>`);
    const first = await cache.get('/', produce);
    const second = await cache.get('/', produce);
    expect(renders).toBe(1);
    expect(second).toEqual(first);
    expect(first.etag).toMatch(/^W\/"[\w+/=]+"$/);
    // Another path or query is another page.
    await cache.get('/?x=1', produce);
    expect(renders).toBe(2);
  });

  it('renders again after invalidate() and once its time is up', async () => {
    const cache = new PageCache({ ttlMs: 40 });
    let renders = 0;
    const produce = async () => page(`<p>${++renders}</p>`);
    await cache.get('/gallery', produce);
    cache.invalidate();
    expect((await cache.get('/gallery', produce)).html).toBe('<p>2</p>');
    // Kept until its 40 ms are up, then drawn again (once).
    await expect.poll(async () => (await cache.get('/gallery', produce)).html, { interval: 5 }).toBe('<p>3</p>');
    expect(renders).toBe(3);
  });

  it('shares one render between concurrent requests for a page', async () => {
    const cache = new PageCache();
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const produce = async () => {
      renders += 1;
      await gate;
      return page('<p>once</p>');
    };
    const all = Promise.all(Array.from({ length: 10 }, () => cache.get('/community', produce)));
    release();
    expect(new Set((await all).map((p) => p.html))).toEqual(new Set(['<p>once</p>']));
    expect(renders).toBe(1);
  });

  it('does not keep a page whose render began before a change', async () => {
    const cache = new PageCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stale = cache.get('/', async () => {
      await gate;
      return page('<p>before</p>');
    });
    cache.invalidate();
    release();
    // Whoever asked during the change gets it, the next visitor a fresh render.
    expect((await stale).html).toBe('<p>before</p>');
    expect((await cache.get('/', async () => page('<p>after</p>'))).html).toBe('<p>after</p>');
  });

  it('keeps neither the empty shell nor pages with very long addresses', async () => {
    const cache = new PageCache();
    let renders = 0;
    const shell = async () => page(`<div id="root"></div>${++renders}`, false);
    await cache.get('/account', shell);
    await cache.get('/account', shell);
    expect(renders).toBe(2);
    const long = `/gallery?search=${'a'.repeat(600)}`;
    const rendered = async () => page(`<p>${++renders}</p>`);
    await cache.get(long, rendered);
    await cache.get(long, rendered);
    expect(renders).toBe(4);
  });
});

describe('PageCache shares (docs/decisions/115)', () => {
  it('keeps canonical pages apart from other addresses: a flood of other addresses never evicts them', async () => {
    const cache = new PageCache({ maxEntries: 5, maxCanonicalEntries: 10 });
    let renders = 0;
    const produce = (status = 200) => async () => ({ ...page(`<p>${++renders}</p>`), status });
    await cache.get('/store?award=a', produce(), { canonical: true });
    for (let i = 0; i < 100; i++) await cache.get(`/gallery?search=${i}`, produce());
    expect(cache.size).toEqual({ canonical: 1, other: 5 });
    const before = renders;
    await cache.get('/store?award=a', produce(), { canonical: true });
    expect(renders).toBe(before);
    // A canonical address that is not a page of anything (404) goes with the others.
    await cache.get('/certificate/AAAAAAAAAAAAAAAA', produce(404), { canonical: true });
    expect(cache.size).toEqual({ canonical: 1, other: 5 });
  });

  it('bounds each share by the size of its pages', async () => {
    const cache = new PageCache({ maxCanonicalChars: 10_000, maxOtherChars: 5_000 });
    for (let i = 0; i < 20; i++) await cache.get(`/p${i}`, async () => page('x'.repeat(1_000)), { canonical: true });
    for (let i = 0; i < 20; i++) await cache.get(`/q?${i}`, async () => page('x'.repeat(1_000)));
    expect(cache.size).toEqual({ canonical: 10, other: 5 });
  });

  it('keeps a lookup until the next change, and not a failed one', async () => {
    const cache = new PageCache();
    let calls = 0;
    const index = () => cache.lookup('awards', async () => ++calls);
    expect(await index()).toBe(1);
    expect(await index()).toBe(1);
    cache.invalidate();
    expect(await index()).toBe(2);
    cache.invalidate();
    await expect(cache.lookup('awards', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await index()).toBe(3);
  });
});
