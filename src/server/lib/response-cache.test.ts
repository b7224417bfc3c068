import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('produces once per key while fresh and shares concurrent misses', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let calls = 0;
    const produce = async () => {
      calls += 1;
      return '{"n":1}';
    };
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    const c = await cache.get('k', produce);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(c.body).toBe('{"n":1}');
    expect(c.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('expires entries after the TTL and drops everything on clear()', async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 10_000, maxEntries: 10, perf: { now: () => now } });
    let n = 0;
    await cache.get('k', async () => String(++n));
    now += 9_999;
    expect((await cache.get('k', async () => String(++n))).body).toBe('1');
    now += 2;
    expect((await cache.get('k', async () => String(++n))).body).toBe('2');
    const kept = new ResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    await kept.get('k', async () => 'old');
    kept.clear();
    expect((await kept.get('k', async () => 'new')).body).toBe('new');
  });

  it('does not store an answer computed before a clear()', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 10 });
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('stale');
    expect((await slow).body).toBe('stale');
    expect((await cache.get('k', async () => 'fresh')).body).toBe('fresh');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    let calls = 0;
    const produce = async () => String(++calls);
    await cache.get('a', produce);
    await cache.get('b', produce);
    await cache.get('c', produce);
    await cache.get('a', produce);
    expect(calls).toBe(4);
    await cache.get('a', produce); // still there
    await cache.get('b', produce); // dropped when 'a' came back
    expect(calls).toBe(5);
  });

  it('lets a failed query fail its callers and stores nothing', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 2 });
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.get('k', async () => 'back')).body).toBe('back');
  });
});
