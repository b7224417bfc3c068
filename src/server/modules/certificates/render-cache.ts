/**
 * Content-addressed render cache: an in-memory LRU bounded by entry count
 * and bytes, optionally backed by a directory so renders survive restarts.
 * Keys are sha256 hashes of everything that determines the output, so an
 * entry never needs invalidating — a changed input is a different key.
 * Concurrent requests for the same key share one render.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface RenderCacheOptions {
  /** Directory for the on-disk layer; omitted → memory only. */
  cacheDir?: string;
  /** Most entries kept in memory (default 500). */
  maxEntries?: number;
  /** Most bytes kept in memory (default 128 MiB). */
  maxBytes?: number;
}

export interface RenderCacheStats {
  renders: number;
  memoryHits: number;
  diskHits: number;
  entries: number;
  bytes: number;
}

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
  #bytes = 0;
  #stats = { renders: 0, memoryHits: 0, diskHits: 0 };

  constructor(options: RenderCacheOptions = {}) {
    this.#dir = options.cacheDir;
    this.#maxEntries = Math.max(1, options.maxEntries ?? 500);
    this.#maxBytes = Math.max(1, options.maxBytes ?? 128 * 1024 * 1024);
  }

  get stats(): RenderCacheStats {
    return { ...this.#stats, entries: this.#memory.size, bytes: this.#bytes };
  }

  /** Returns the cached bytes for `key`, or renders, stores and returns them. */
  async get(key: string, ext: string, render: () => Promise<Buffer>): Promise<Buffer> {
    // Keys and extensions become file names: accept only what contentHash and our kinds produce.
    if (!/^[0-9a-f]{64}$/.test(key) || !/^[a-z0-9]{1,8}$/.test(ext)) throw new Error('RenderCache: invalid key or extension');
    const hit = this.#memory.get(key);
    if (hit) {
      this.#stats.memoryHits++;
      this.#touch(key, hit);
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
      const stored = await readFile(file).catch(() => null);
      if (stored && stored.length > 0) {
        this.#stats.diskHits++;
        this.#remember(key, stored);
        return stored;
      }
    }
    this.#stats.renders++;
    const bytes = await render();
    this.#remember(key, bytes);
    if (file) await this.#persist(file, bytes);
    return bytes;
  }

  /** Atomic write (temp file + rename); a failing disk never fails a render. */
  async #persist(file: string, bytes: Buffer): Promise<void> {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    } catch (error) {
      await unlink(tmp).catch(() => undefined);
      console.warn(`certificate render cache: could not write ${file}: ${(error as Error).message}`);
    }
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
