/**
 * Content-addressed render cache: an in-memory LRU bounded by entry count
 * and bytes, optionally backed by a directory so renders survive restarts.
 * Keys are sha256 hashes of everything that determines the output, so an
 * entry never needs invalidating — a changed input is a different key.
 * Concurrent requests for the same key share one render.
 *
 * The directory is bounded too (`diskMaxBytes`): the least recently used
 * files go first. Recency is the file's modification time, set on every
 * write and hit, so the order survives restarts: the directory is scanned
 * once, at the first request after start (docs/decisions/021).
 *
 * It also keeps the disk from filling (`minFreeBytes`, DATA_DIR_MIN_FREE_MB; docs/decisions/112): before a write
 * that would take the file system's free space below the floor, the least recently used files go first, and when
 * even an empty cache would not make room the render is served from memory only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freeBytesOf, makeRoom, type FreeSpaceProbe } from '@/server/lib/disk-full';

export interface RenderCacheOptions {
  /** Directory for the on-disk layer; omitted → memory only. */
  cacheDir?: string;
  /** Most entries kept in memory (default 500). */
  maxEntries?: number;
  /** Most bytes kept in memory (default 128 MiB). */
  maxBytes?: number;
  /** Most bytes kept in `cacheDir` (default: unbounded); least recently used files are deleted first. */
  diskMaxBytes?: number;
  /** Free space the file system keeps (default 0): files are evicted, or a render not written, to stay above it. */
  minFreeBytes?: number;
  /** Reads the free space (tests pretend a full disk). */
  freeSpace?: FreeSpaceProbe;
  /**
   * Answer a render before its file is written (default: after). The bytes are in memory meanwhile, and the write
   * is atomic, so nobody reads half a file; `settled()` waits for the writes under way (an orderly close does).
   */
  writeBehind?: boolean;
}

export interface RenderCacheStats {
  renders: number;
  memoryHits: number;
  diskHits: number;
  entries: number;
  bytes: number;
  /** Files and bytes in cacheDir as this process knows them (after the start-up scan). */
  diskEntries: number;
  diskBytes: number;
  /** Files deleted to stay under diskMaxBytes, or to keep minFreeBytes free. */
  diskEvictions: number;
  /** Renders not written to the disk because even evicting could not keep minFreeBytes free. */
  diskSkipped: number;
}

const KEY = /^[0-9a-f]{64}$/;
const EXT = /^[a-z0-9]{1,8}$/;
const CACHE_FILE = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/;
const TOUCH_INTERVAL_MS = 60_000;
const STALE_TMP_MS = 10 * 60_000;

/** sha256 over a stable JSON encoding of the parts. */
export function contentHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export class RenderCache {
  readonly #memory = new Map<string, Buffer>();
  readonly #inflight = new Map<string, Promise<Buffer>>();
  readonly #dir: string | undefined;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #diskMaxBytes: number;
  readonly #minFreeBytes: number;
  readonly #freeSpace: FreeSpaceProbe;
  #bytes = 0;
  /** Files in the directory, least recently used first (Map order), with their sizes. */
  readonly #disk = new Map<string, { file: string; size: number; touchedAt: number }>();
  #diskBytes = 0;
  #scanned: Promise<void> | null = null;
  readonly #writeBehind: boolean;
  readonly #writing = new Set<Promise<void>>();
  #stats = { renders: 0, memoryHits: 0, diskHits: 0, diskEvictions: 0, diskSkipped: 0 };

  constructor(options: RenderCacheOptions = {}) {
    this.#dir = options.cacheDir;
    this.#maxEntries = Math.max(1, options.maxEntries ?? 500);
    this.#maxBytes = Math.max(1, options.maxBytes ?? 128 * 1024 * 1024);
    this.#diskMaxBytes = Math.max(1, options.diskMaxBytes ?? Number.POSITIVE_INFINITY);
    this.#minFreeBytes = Math.max(0, options.minFreeBytes ?? 0);
    this.#freeSpace = options.freeSpace ?? freeBytesOf;
    this.#writeBehind = options.writeBehind ?? false;
  }

  /** Resolves once the files being written (writeBehind) are written, or given up. */
  async settled(): Promise<void> {
    while (this.#writing.size > 0) await Promise.all([...this.#writing]);
  }

  get stats(): RenderCacheStats {
    return { ...this.#stats, entries: this.#memory.size, bytes: this.#bytes, diskEntries: this.#disk.size, diskBytes: this.#diskBytes };
  }

  /** Returns the cached bytes for `key`, or renders, stores and returns them. */
  async get(key: string, ext: string, render: () => Promise<Buffer>): Promise<Buffer> {
    // Keys and extensions become file names: accept only what contentHash and our kinds produce.
    if (!KEY.test(key) || !EXT.test(ext)) throw new Error('RenderCache: invalid key or extension');
    const hit = this.#memory.get(key);
    if (hit) {
      this.#stats.memoryHits++;
      this.#touch(key, hit);
      this.#used(key);
      return hit;
    }
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const work = this.#load(key, ext, render).finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, work);
    return work;
  }

  async #load(key: string, ext: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const file = this.#dir ? join(this.#dir, key.slice(0, 2), `${key}.${ext}`) : null;
    if (file) {
      await this.#scan();
      const stored = await readFile(file).catch(() => null);
      if (stored && stored.length > 0) {
        this.#stats.diskHits++;
        this.#remember(key, stored);
        this.#used(key, { file, size: stored.length });
        return stored;
      }
    }
    this.#stats.renders++;
    const bytes = await render();
    this.#remember(key, bytes);
    if (file) {
      const writing = this.#persist(key, file, bytes); // never rejects: a failing disk only logs
      if (!this.#writeBehind) await writing;
      else {
        this.#writing.add(writing);
        void writing.then(() => this.#writing.delete(writing));
      }
    }
    return bytes;
  }

  /** Atomic write (temp file + rename); a failing disk never fails a render. */
  async #persist(key: string, file: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.#diskMaxBytes) return;
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // Room first: past the bound, and before the disk's floor, the least recently used files go.
      await this.#evict(undefined, bytes.length);
      if (this.#minFreeBytes > 0 && !(await this.#roomOnDisk(bytes.length))) {
        this.#stats.diskSkipped++;
        return;
      }
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(tmp, bytes);
      await rename(tmp, file);
      this.#used(key, { file, size: bytes.length, touchedAt: Date.now() });
      await this.#evict(key);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      console.warn(`certificate render cache: could not write ${file}: ${(error as Error).message}`);
    }
  }

  /**
   * Marks a file most recently used — on a memory hit too, so a file served from memory is not the
   * first to leave the disk. `found` adds one not yet known (another instance may share the directory).
   */
  #used(key: string, found?: { file: string; size: number; touchedAt?: number }): void {
    if (!this.#dir) return;
    const old = this.#disk.get(key);
    const entry = old ?? (found ? { file: found.file, size: found.size, touchedAt: found.touchedAt ?? 0 } : null);
    if (!entry) return;
    this.#disk.delete(key);
    this.#disk.set(key, entry);
    if (!old) this.#diskBytes += entry.size;
    // The modification time is the recency a restart sees: refreshed at most once a minute per file.
    const now = Date.now();
    if (now - entry.touchedAt > TOUCH_INTERVAL_MS) {
      entry.touchedAt = now;
      void utimes(entry.file, new Date(now), new Date(now)).catch(() => undefined);
    }
  }

  /**
   * Deletes the least recently used files until `bytes` are freed or the directory is empty (DATA_DIR below its
   * free-space floor: the room goes to the database); answers the bytes freed.
   */
  async evictBytes(bytes: number): Promise<number> {
    if (!this.#dir) return 0;
    await this.#scan();
    let freed = 0;
    for (const [key, entry] of this.#disk) {
      if (freed >= bytes) break;
      freed += await this.#drop(key, entry);
    }
    return freed;
  }

  /** Deletes least recently used files until the directory fits (with `adding` bytes more), never the one just written. */
  async #evict(keep?: string, adding = 0): Promise<void> {
    for (const [key, entry] of this.#disk) {
      if (this.#diskBytes + adding <= this.#diskMaxBytes) return;
      if (key === keep) continue;
      await this.#drop(key, entry);
    }
  }

  async #drop(key: string, entry: { file: string; size: number }): Promise<number> {
    this.#disk.delete(key);
    this.#diskBytes -= entry.size;
    this.#stats.diskEvictions++;
    await unlink(entry.file).catch(() => undefined); // already gone: same result
    return entry.size;
  }

  /** Evicts the least recently used files until `bytes` fit above the free-space floor; false when they cannot. */
  async #roomOnDisk(bytes: number): Promise<boolean> {
    try {
      return await makeRoom({
        dir: this.#dir!,
        bytes,
        minFreeBytes: this.#minFreeBytes,
        probe: this.#freeSpace,
        evictOne: async () => {
          const oldest = this.#disk.entries().next().value;
          return oldest ? this.#drop(oldest[0], oldest[1]) : null;
        },
      });
    } catch {
      return false; // the free space cannot be read: do not write
    }
  }

  /**
   * Once per process: learns what the directory already holds (oldest first by modification time),
   * deletes temp files a crash left behind, and evicts down to the limit.
   */
  #scan(): Promise<void> {
    this.#scanned ??= (async () => {
      const dir = this.#dir!;
      const found: { key: string; file: string; size: number; mtimeMs: number }[] = [];
      const shards = await readdir(dir).catch(() => [] as string[]);
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        const names = await readdir(join(dir, shard)).catch(() => [] as string[]);
        for (const name of names) {
          const file = join(dir, shard, name);
          const match = CACHE_FILE.exec(name);
          if (!match && !name.endsWith('.tmp')) continue;
          const info = await stat(file).catch(() => null);
          if (!info?.isFile()) continue;
          // A temp file is a write in progress (perhaps another instance's) unless it is old.
          if (!match) {
            if (Date.now() - info.mtimeMs > STALE_TMP_MS) await unlink(file).catch(() => undefined);
            continue;
          }
          found.push({ key: match[1]!, file, size: info.size, mtimeMs: info.mtimeMs });
        }
      }
      found.sort((a, b) => a.mtimeMs - b.mtimeMs);
      for (const f of found) if (!this.#disk.has(f.key)) this.#disk.set(f.key, { file: f.file, size: f.size, touchedAt: f.mtimeMs });
      this.#diskBytes = [...this.#disk.values()].reduce((sum, e) => sum + e.size, 0);
      await this.#evict();
    })();
    return this.#scanned;
  }

  #touch(key: string, value: Buffer): void {
    this.#memory.delete(key);
    this.#memory.set(key, value);
  }

  #remember(key: string, value: Buffer): void {
    if (value.length > this.#maxBytes) return; // too big to keep in memory at all
    const old = this.#memory.get(key);
    if (old) this.#bytes -= old.length;
    this.#touch(key, value);
    this.#bytes += value.length;
    while (this.#memory.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const oldest = this.#memory.keys().next().value;
      if (oldest === undefined) break;
      this.#bytes -= this.#memory.get(oldest)?.length ?? 0;
      this.#memory.delete(oldest);
    }
  }
}
