import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
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
/** Every file under the cache directory, by name. */
async function filesIn(dir: string): Promise<string[]> {
  const names: string[] = [];
  for (const shard of await readdir(dir)) names.push(...(await readdir(join(dir, shard))));
  return names.sort();
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

  it('writeBehind: answers before the file is written, from memory meanwhile; settled() waits for the write', async () => {
    const cacheDir = await tempDir();
    // The write waits for the free-space reading, which this test holds back until it has its answer.
    let diskAnswers!: () => void;
    const diskRead = new Promise<void>((resolve) => (diskAnswers = resolve));
    const freeSpace = async () => {
      await diskRead;
      return 1e12;
    };
    const cache = new RenderCache({ cacheDir, writeBehind: true, minFreeBytes: 1, freeSpace });
    const c = counter();
    const bytes = await cache.get(key(7), 'png', c.render);
    expect(await filesIn(cacheDir).catch(() => [] as string[])).toEqual([]);
    expect((await cache.get(key(7), 'png', c.render)).equals(bytes)).toBe(true);
    expect(cache.stats).toMatchObject({ renders: 1, memoryHits: 1 });
    diskAnswers();
    await cache.settled();
    expect(await filesIn(cacheDir)).toEqual([`${key(7)}.png`]);
    const restarted = new RenderCache({ cacheDir });
    expect((await restarted.get(key(7), 'png', c.render)).equals(bytes)).toBe(true);
    expect(restarted.stats).toMatchObject({ renders: 0, diskHits: 1 });
    expect(c.calls()).toBe(1);
  });

  it('keeps the directory under diskMaxBytes, deleting the least recently used file first', async () => {
    const cacheDir = await tempDir();
    // Memory holds one entry, so the directory is what answers the others.
    const cache = new RenderCache({ cacheDir, diskMaxBytes: 30, maxEntries: 1 });
    const c = counter(10);
    await cache.get(key(1), 'png', c.render);
    await cache.get(key(2), 'png', c.render);
    await cache.get(key(3), 'png', c.render);
    await cache.get(key(1), 'png', c.render); // from disk: 1 is now the most recently used, 2 the least
    expect(cache.stats.diskHits).toBe(1);
    await cache.get(key(4), 'png', c.render); // 40 bytes > 30: 2 goes
    expect(await filesIn(cacheDir)).toEqual([key(1), key(3), key(4)].map((k) => `${k}.png`).sort());
    expect(cache.stats).toMatchObject({ diskEntries: 3, diskBytes: 30, diskEvictions: 1 });

    await cache.get(key(5), 'png', c.render); // then 3
    expect(await filesIn(cacheDir)).toEqual([key(1), key(4), key(5)].map((k) => `${k}.png`).sort());
    expect(c.calls()).toBe(5);
    await cache.get(key(2), 'png', c.render); // evicted: drawn again
    expect(c.calls()).toBe(6);
  });

  it('after a restart, evicts by last use as the files record it, and clears stale temp files', async () => {
    const cacheDir = await tempDir();
    const first = new RenderCache({ cacheDir });
    for (const n of [1, 2, 3]) await first.get(key(n), 'pdf', counter(10).render);
    // Last used: 2 long ago, then 3, then 1 (modification times are what a restart sees).
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const fileOf = (n: number) => join(cacheDir, key(n).slice(0, 2), `${key(n)}.pdf`);
    await utimes(fileOf(2), at(30), at(30));
    await utimes(fileOf(3), at(20), at(20));
    await utimes(fileOf(1), at(10), at(10));
    await mkdir(join(cacheDir, 'ab'), { recursive: true });
    const staleTmp = join(cacheDir, 'ab', `${key(9)}.pdf.0a1b2c.tmp`);
    const freshTmp = join(cacheDir, 'ab', `${key(8)}.pdf.3d4e5f.tmp`);
    await writeFile(staleTmp, 'half');
    await utimes(staleTmp, at(60), at(60));
    await writeFile(freshTmp, 'writing');

    const restarted = new RenderCache({ cacheDir, diskMaxBytes: 25 });
    await restarted.get(key(4), 'pdf', counter(10).render);
    expect(restarted.stats).toMatchObject({ diskEntries: 2, diskBytes: 20, diskEvictions: 2 });
    expect(await filesIn(cacheDir)).toEqual([`${key(1)}.pdf`, `${key(4)}.pdf`, `${key(8)}.pdf.3d4e5f.tmp`].sort());
    await expect(stat(staleTmp)).rejects.toThrow();
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
  it('keeps the disk above its free-space floor: the least recently used files go first, and on a full disk nothing is written', async () => {
    const cacheDir = await tempDir();
    // A pretend disk of 50 bytes, holding the cache's files and `other` bytes of someone else's.
    let other = 0;
    const used = async () => {
      let sum = 0;
      for (const name of await filesIn(cacheDir).catch(() => [] as string[])) sum += (await stat(join(cacheDir, name.slice(0, 2), name))).size;
      return sum;
    };
    const freeSpace = async () => 50 - other - (await used());
    const cache = new RenderCache({ cacheDir, maxEntries: 1, minFreeBytes: 20, freeSpace });
    const c = counter(10);
    for (const n of [1, 2, 3]) await cache.get(key(n), 'png', c.render);
    expect(await freeSpace()).toBe(20);
    // A fourth would leave 10 bytes free: the least recently used file makes room.
    await cache.get(key(4), 'png', c.render);
    expect(await filesIn(cacheDir)).toEqual([key(2), key(3), key(4)].map((k) => `${k}.png`).sort());
    expect(await freeSpace()).toBe(20);
    expect(cache.stats).toMatchObject({ diskEvictions: 1, diskSkipped: 0 });

    // Someone else fills the disk: the cache empties itself rather than take the last bytes, and still answers.
    other = 25;
    const bytes = await cache.get(key(5), 'png', c.render);
    expect(bytes).toHaveLength(10);
    expect(await filesIn(cacheDir)).toEqual([]);
    expect(cache.stats).toMatchObject({ diskEvictions: 4, diskSkipped: 1, diskEntries: 0, diskBytes: 0 });
    expect(await freeSpace()).toBe(25);
  });

  it('gives disk space back on request, least recently used first (DATA_DIR below its floor)', async () => {
    const cacheDir = await tempDir();
    const cache = new RenderCache({ cacheDir, maxEntries: 1 });
    const c = counter(10);
    for (const n of [1, 2, 3]) await cache.get(key(n), 'png', c.render);
    expect(await cache.evictBytes(15)).toBe(20);
    expect(await filesIn(cacheDir)).toEqual([`${key(3)}.png`]);
    expect(await new RenderCache().evictBytes(10)).toBe(0); // memory only: nothing on disk
  });
});
