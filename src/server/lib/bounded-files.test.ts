import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BoundedFiles } from './bounded-files';
import { DiskFullError, isDiskFull } from './disk-full';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bounded-files-'));
  dirs.push(dir);
  return dir;
}

/** Every file under `dir`, relative, sorted. */
async function filesIn(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  }
  return out.sort();
}

async function bytesIn(dir: string): Promise<number> {
  let sum = 0;
  for (const f of await filesIn(dir)) sum += (await stat(path.join(dir, f))).size;
  return sum;
}

/** Writes like the print shop does: room first, then the file, then counted. */
async function write(store: BoundedFiles, rel: string, size: number) {
  await store.reserve(size);
  const file = path.join(store.dir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(size, 1));
  store.added(file, size);
}

describe('BoundedFiles (the print shop’s files)', () => {
  it('stays within its size: the least recently written files go first, and their emptied folders', async () => {
    const dir = await tempDir();
    const store = new BoundedFiles({ dir, maxBytes: 300, minFreeBytes: 0, freeSpace: async () => Number.MAX_SAFE_INTEGER });
    await write(store, 'A-1/line-1.png', 100);
    await write(store, 'A-1/line-1.pdf', 100);
    await write(store, 'A-2/line-1.png', 100);
    await write(store, 'A-3/line-1.png', 100); // 400 > 300: A-1's png goes
    expect(await filesIn(dir)).toEqual(['A-1/line-1.pdf', 'A-2/line-1.png', 'A-3/line-1.png']);
    await write(store, 'A-4/line-1.png', 150); // then A-1's pdf (and its folder) and A-2's png
    expect(await filesIn(dir)).toEqual(['A-3/line-1.png', 'A-4/line-1.png']);
    expect((await readdir(dir)).sort()).toEqual(['A-3', 'A-4']);
    expect(await bytesIn(dir)).toBeLessThanOrEqual(300);
    expect(store.stats).toEqual({ files: 2, bytes: 250, evictions: 3 });
  });

  it('keeps the disk above its floor, and refuses (disk full) when even an empty folder would not', async () => {
    const dir = await tempDir();
    // A pretend disk of 1000 bytes: the store's files and `other` bytes of someone else's.
    let other = 0;
    const freeSpace = async () => 1000 - other - (await bytesIn(dir));
    const store = new BoundedFiles({ dir, maxBytes: 10_000, minFreeBytes: 400, freeSpace });
    for (const n of [1, 2, 3]) await write(store, `A-${n}/line-1.png`, 200);
    expect(await freeSpace()).toBe(400);
    await write(store, 'A-4/line-1.png', 200); // would leave 200 free: A-1 goes
    expect(await filesIn(dir)).toEqual(['A-2/line-1.png', 'A-3/line-1.png', 'A-4/line-1.png']);
    expect(await freeSpace()).toBe(400);

    other = 500; // the disk fills from elsewhere
    const refused = write(store, 'A-5/line-1.png', 200);
    await expect(refused).rejects.toBeInstanceOf(DiskFullError);
    await expect(refused).rejects.toSatisfy(isDiskFull);
    expect(await filesIn(dir)).toEqual([]); // everything of ours went first
    other = 0;
    await write(store, 'A-5/line-1.png', 200); // room again
    expect(await filesIn(dir)).toEqual(['A-5/line-1.png']);
  });

  it('after a restart, knows the files already there, oldest first by modification time', async () => {
    const dir = await tempDir();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    for (const [rel, minutesAgo] of [['A-1/line-1.png', 10], ['A-2/line-1.png', 30], ['A-3/line-1.png', 20]] as const) {
      await mkdir(path.join(dir, path.dirname(rel)), { recursive: true });
      await writeFile(path.join(dir, rel), Buffer.alloc(100));
      await utimes(path.join(dir, rel), at(minutesAgo), at(minutesAgo));
    }
    const store = new BoundedFiles({ dir, maxBytes: 250, minFreeBytes: 0, freeSpace: async () => Number.MAX_SAFE_INTEGER });
    await write(store, 'A-4/line-1.png', 100); // 400 > 250: A-2 then A-3 (the oldest two) go
    expect(await filesIn(dir)).toEqual(['A-1/line-1.png', 'A-4/line-1.png']);
  });

  it('gives space back on request (the disk fell below its floor), oldest first', async () => {
    const dir = await tempDir();
    const store = new BoundedFiles({ dir, maxBytes: 10_000, minFreeBytes: 0, freeSpace: async () => 1e9 });
    for (const n of [1, 2, 3]) await write(store, `A-${n}/line-1.png`, 100);
    expect(await store.evictBytes(150)).toBe(200);
    expect(await filesIn(dir)).toEqual(['A-3/line-1.png']);
    expect(await store.evictBytes(1000)).toBe(100);
    expect(await store.evictBytes(1000)).toBe(0);
  });

  it('refuses a file bigger than the whole bound', async () => {
    const store = new BoundedFiles({ dir: await tempDir(), maxBytes: 100, minFreeBytes: 0, freeSpace: async () => 1e9 });
    await expect(store.reserve(101)).rejects.toBeInstanceOf(DiskFullError);
  });
});
