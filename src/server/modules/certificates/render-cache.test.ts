import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderCache, contentHash } from './render-cache';

const key = (n: number) => contentHash(['test', n]);

function counter(bytes = 10) {
  let calls = 0;
  const render = async () => {
    calls++;
    return Buffer.alloc(bytes, calls);
  };
  return { render, calls: () => calls };
}

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'cert-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('RenderCache', () => {
  it('hashes content stably', () => {
    expect(contentHash(['a', 1, null])).toBe(contentHash(['a', 1, null]));
    expect(contentHash(['a', 1, null])).not.toBe(contentHash(['a', 1, '']));
    expect(key(1)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('renders once, then serves the same bytes from memory', async () => {
    const cache = new RenderCache();
    const c = counter();
    const first = await cache.get(key(1), 'png', c.render);
    const second = await cache.get(key(1), 'png', c.render);
    expect(second).toBe(first);
    expect(c.calls()).toBe(1);
    expect(cache.stats).toMatchObject({ renders: 1, memoryHits: 1, diskHits: 0, entries: 1, bytes: 10 });
  });

  it('shares one render between concurrent requests for the same key', async () => {
    const cache = new RenderCache();
    const c = counter();
    const results = await Promise.all([1, 2, 3].map(() => cache.get(key(1), 'png', c.render)));
    expect(c.calls()).toBe(1);
    expect(new Set(results).size).toBe(1);
  });

  it('evicts the least recently used entry past maxEntries', async () => {
    const cache = new RenderCache({ maxEntries: 2 });
    const c = counter();
    await cache.get(key(1), 'png', c.render);
    await cache.get(key(2), 'png', c.render);
    await cache.get(key(1), 'png', c.render); // touch 1: 2 is now oldest
    await cache.get(key(3), 'png', c.render); // evicts 2
    expect(c.calls()).toBe(3);
    await cache.get(key(1), 'png', c.render);
    expect(c.calls()).toBe(3);
    await cache.get(key(2), 'png', c.render);
    expect(c.calls()).toBe(4);
    expect(cache.stats.entries).toBe(2);
  });

  it('stays under maxBytes and does not keep an entry bigger than the budget', async () => {
    const cache = new RenderCache({ maxBytes: 25 });
    await cache.get(key(1), 'png', counter(10).render);
    await cache.get(key(2), 'png', counter(10).render);
    await cache.get(key(3), 'png', counter(10).render);
    expect(cache.stats.bytes).toBeLessThanOrEqual(25);
    expect(cache.stats.entries).toBe(2);
    const big = await cache.get(key(4), 'png', counter(100).render);
    expect(big).toHaveLength(100);
    expect(cache.stats.bytes).toBeLessThanOrEqual(25);
  });

  it('keeps renders on disk across instances (restarts)', async () => {
    const cacheDir = await tempDir();
    const c = counter();
    const bytes = await new RenderCache({ cacheDir }).get(key(7), 'pdf', c.render);
    const files = await readdir(join(cacheDir, key(7).slice(0, 2)));
    expect(files).toEqual([`${key(7)}.pdf`]);

    const restarted = new RenderCache({ cacheDir });
    const again = await restarted.get(key(7), 'pdf', c.render);
    expect(again.equals(bytes)).toBe(true);
    expect(c.calls()).toBe(1);
    expect(restarted.stats).toMatchObject({ renders: 0, diskHits: 1 });
  });

  it('still renders when the cache directory is unusable, with a warning', async () => {
    const dir = await tempDir();
    const file = join(dir, 'not-a-directory');
    await writeFile(file, 'x');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bytes = await new RenderCache({ cacheDir: file }).get(key(1), 'png', counter().render);
    expect(bytes).toHaveLength(10);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('accepts only hash keys (they become file names)', async () => {
    const cache = new RenderCache();
    await expect(cache.get('../../etc/passwd', 'png', counter().render)).rejects.toThrow(/invalid key/);
    await expect(cache.get(key(1), 'p/ng', counter().render)).rejects.toThrow(/invalid key/);
  });
});
