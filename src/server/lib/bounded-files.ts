import { readdir, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DiskFullError, freeBytesOf, makeRoom, type Evictable, type FreeSpaceProbe } from './disk-full';

/**
 * A folder of files the server writes for itself and can do without (the local print shop's print files), kept
 * within a size (`maxBytes`) and above the file system's free-space floor (`minFreeBytes`, DATA_DIR_MIN_FREE_MB):
 * before a write, the least recently written files go first (docs/decisions/112). Never for user data.
 *
 * The folder is scanned once, at the first write after start (recency: modification time, so the order survives
 * restarts); later writes are counted as they are made. Files that vanish meanwhile (deleted by hand) are skipped.
 */
export class BoundedFiles implements Evictable {
  readonly dir: string;
  readonly #maxBytes: number;
  readonly #minFreeBytes: number;
  readonly #freeSpace: FreeSpaceProbe;
  /** Least recently written first (Map order): path → size. */
  readonly #files = new Map<string, number>();
  #bytes = 0;
  #scanned: Promise<void> | null = null;
  #evictions = 0;

  constructor(opts: { dir: string; maxBytes: number; minFreeBytes: number; freeSpace?: FreeSpaceProbe }) {
    this.dir = path.resolve(opts.dir);
    this.#maxBytes = Math.max(1, opts.maxBytes);
    this.#minFreeBytes = Math.max(0, opts.minFreeBytes);
    this.#freeSpace = opts.freeSpace ?? freeBytesOf;
  }

  get stats() {
    return { files: this.#files.size, bytes: this.#bytes, evictions: this.#evictions };
  }

  /**
   * Makes room for `bytes` more: evicts the least recently written files past `maxBytes`, then until the free space
   * stays at or above the floor. Throws DiskFullError when even an empty folder would not make room (or when
   * `bytes` alone is more than the bound).
   */
  async reserve(bytes: number): Promise<void> {
    await this.#scan();
    if (bytes > this.#maxBytes) throw new DiskFullError(`${bytes} bytes do not fit in ${this.dir} (at most ${this.#maxBytes})`);
    while (this.#bytes + bytes > this.#maxBytes && (await this.#evictOne()) !== null);
    const room = await makeRoom({ dir: this.dir, bytes, minFreeBytes: this.#minFreeBytes, probe: this.#freeSpace, evictOne: () => this.#evictOne() });
    if (!room) throw new DiskFullError(`No room in ${this.dir}: the disk is below its free-space floor`);
  }

  /** Deletes the least recently written files until `bytes` are freed or none are left; answers the bytes freed. */
  async evictBytes(bytes: number): Promise<number> {
    await this.#scan();
    let freed = 0;
    while (freed < bytes) {
      const size = await this.#evictOne();
      if (size === null) break;
      freed += size;
    }
    return freed;
  }

  /** Counts a file just written (or rewritten) in the folder as the most recent. */
  added(file: string, size: number): void {
    const key = path.resolve(file);
    const old = this.#files.get(key);
    if (old !== undefined) {
      this.#bytes -= old;
      this.#files.delete(key);
    }
    this.#files.set(key, size);
    this.#bytes += size;
  }

  async #evictOne(): Promise<number | null> {
    const oldest = this.#files.entries().next().value;
    if (!oldest) return null;
    const [file, size] = oldest;
    this.#files.delete(file);
    this.#bytes -= size;
    this.#evictions++;
    await unlink(file).catch(() => undefined); // already gone: same result
    // Its folder too once empty (an order's folder of print files), never the store's own.
    const parent = path.dirname(file);
    if (parent !== this.dir && parent.startsWith(this.dir + path.sep)) await rmdir(parent).catch(() => undefined);
    return size;
  }

  #scan(): Promise<void> {
    this.#scanned ??= (async () => {
      const found: { file: string; size: number; mtimeMs: number }[] = [];
      const walk = async (dir: string, depth: number): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const file = path.join(dir, e.name);
          if (e.isDirectory() && depth < 4) await walk(file, depth + 1);
          else if (e.isFile()) {
            const info = await stat(file).catch(() => null);
            if (info) found.push({ file, size: info.size, mtimeMs: info.mtimeMs });
          }
        }
      };
      await walk(this.dir, 0);
      found.sort((a, b) => a.mtimeMs - b.mtimeMs);
      // Files written since the scan began are already counted, as the newest.
      const newer = [...this.#files];
      this.#files.clear();
      this.#bytes = 0;
      for (const f of found) this.added(f.file, f.size);
      for (const [file, size] of newer) this.added(file, size);
    })();
    return this.#scanned;
  }
}
