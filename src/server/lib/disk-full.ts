import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@/server/config';
import type { Database } from '@/server/db/client';
import { NO_STORE } from './cache-control';
import { startStallWatchdog } from './stall-watchdog';

/**
 * A full disk (issue 24, docs/decisions/112): what the server does before `DATA_DIR` fills, and how it answers when
 * it did.
 *
 * - `diskSpace(dir)`: the free space of the file system holding `dir`, and whether it is at or above the floor
 *   (`DATA_DIR_MIN_FREE_MB`). /readyz reports it; the files the server writes for itself (render cache, print
 *   files) evict their least recently used files to stay above it; uploads are refused below it.
 * - `registerDiskGuard`: on the embedded database, which lives in DATA_DIR, a request that writes is answered
 *   507 before it starts while the space is below the floor — PGlite cannot survive failing to write its log
 *   (the process spins until it is killed), so it must never be the one to find the disk full.
 * - `isDiskFull(err)`: ENOSPC / EDQUOT from a file write and SQLSTATE 53100 (disk_full) from either database;
 *   the error handler answers them 507 INSUFFICIENT_STORAGE with Retry-After, never a bare 500.
 */

/** How long a client should wait before trying a write again when the disk is full: someone has to make room. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;
/** `DATA_DIR_MIN_FREE_MB`'s default: room for several of PGlite's 16 MB log segments and a few print files. */
export const DEFAULT_MIN_FREE_MB = 64;
/** How long the event loop may stay blocked, with the disk below the floor, before the watchdog restarts the process. */
const STALL_SECONDS = 30;
/** How often the free space is read when no request asks. */
const SHED_EVERY_MS = 5_000;

const MB = 1024 * 1024;

/** The floor of each DATA_DIR this process serves (set from its config by registerDiskGuard). */
const floors = new Map<string, number>();

/** Records the free-space floor of a DATA_DIR, so that `diskSpace(dir)` measures against it. */
export function setDiskFloor(dir: string, minFreeBytes: number): void {
  floors.set(path.resolve(dir), minFreeBytes);
}

/** The floor configured for `dir` (or a folder holding it), else the default (64 MB). */
export function diskFloorOf(dir: string): number {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const floor = floors.get(d);
    if (floor !== undefined) return floor;
    if (path.dirname(d) === d) return DEFAULT_MIN_FREE_MB * MB;
  }
}

/** Free bytes of the file system holding `dir`, as an unprivileged process may use them (statfs `bavail`). */
export type FreeSpaceProbe = (dir: string) => Promise<number>;

export const freeBytesOf: FreeSpaceProbe = async (dir) => {
  // A folder not made yet (a fresh DATA_DIR, a cache's first write): its nearest existing parent's file system.
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    try {
      const s = await statfs(d);
      return s.bavail * s.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(d) === d) throw err;
    }
  }
};

/**
 * The free space where `dir` lives, and whether it is at or above the floor (`DATA_DIR_MIN_FREE_MB` as configured
 * for that DATA_DIR, or `floorBytes`). /readyz answers `disk: false` when it is not.
 */
export async function diskSpace(dir: string, floorBytes = diskFloorOf(dir), probe: FreeSpaceProbe = freeBytesOf): Promise<{ freeBytes: number; ok: boolean }> {
  const freeBytes = await probe(dir);
  return { freeBytes, ok: freeBytes >= floorBytes };
}

/** The disk is too full to write: thrown before a write that would take the free space below the floor. */
export class DiskFullError extends Error {
  readonly code = 'ENOSPC';
  constructor(message = 'No room left in DATA_DIR') {
    super(message);
    this.name = 'DiskFullError';
  }
}

const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const DISK_MESSAGES = /No space left on device|Disk quota exceeded/i;

/**
 * Whether an error means the disk (or the database's disk) is full: ENOSPC or EDQUOT from the file system, SQLSTATE
 * 53100 disk_full from PostgreSQL or PGlite — looked for through the causes an ORM wraps it in.
 */
export function isDiskFull(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if (err instanceof DiskFullError) return true;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && DISK_CODES.has(code)) return true;
  if (typeof message === 'string' && DISK_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDiskFull(e, depth + 1))) return true;
  return isDiskFull(cause, depth + 1);
}

/** The answer to a request the full disk stopped: 507 with Retry-After, in words a person understands. */
export function diskFullAnswer(requestId: string) {
  return {
    status: 507,
    headers: { 'retry-after': String(DISK_FULL_RETRY_AFTER_SECONDS), 'cache-control': NO_STORE },
    body: {
      error: {
        code: 'INSUFFICIENT_STORAGE',
        message: 'The shop has run out of storage space just now, so this was not saved (and nothing was charged). Please try again in a few minutes.',
        request_id: requestId,
      },
    },
  };
}

/**
 * Evicts files (the least recently used first, through `evictOne`, which answers the bytes it freed or null when
 * nothing is left) until `bytes` more can be written with the free space staying at or above `minFreeBytes`.
 * Answers whether there is room. One free-space reading, then arithmetic: an eviction frees what it says.
 */
export async function makeRoom(opts: {
  dir: string;
  bytes: number;
  minFreeBytes: number;
  evictOne: () => Promise<number | null>;
  probe?: FreeSpaceProbe;
}): Promise<boolean> {
  let free = await (opts.probe ?? freeBytesOf)(opts.dir);
  while (free - opts.bytes < opts.minFreeBytes) {
    const freed = await opts.evictOne();
    if (freed === null) return false;
    free += freed;
  }
  return true;
}

/**
 * A store of files the server wrote for itself and can do without (render cache, print files): when DATA_DIR falls
 * below its floor — filled from elsewhere, say — the guard asks each to give back space at once, least recently
 * used first, rather than wait for its next write: the room goes to the database.
 */
export interface Evictable {
  readonly dir: string;
  /** Deletes files, least recently used first, until `bytes` are freed or none are left; answers the bytes freed. */
  evictBytes(bytes: number): Promise<number>;
}

const evictables = new Set<Evictable>();

/** Makes a store's files available to `shedOwnFiles`; answers the function that takes it out again. */
export function registerEvictable(store: Evictable): () => void {
  evictables.add(store);
  return () => evictables.delete(store);
}

/** Asks the stores under `dataDir` to free `bytes` between them; answers the bytes freed. */
export async function shedOwnFiles(dataDir: string, bytes: number): Promise<number> {
  const root = path.resolve(dataDir);
  let freed = 0;
  for (const store of evictables) {
    if (freed >= bytes) break;
    const dir = path.resolve(store.dir);
    if (dir !== root && !dir.startsWith(root + path.sep)) continue;
    freed += await store.evictBytes(bytes - freed).catch(() => 0);
  }
  return freed;
}

/** A cached free-space reading: the write guard asks on every write request, the disk is read at most every 500 ms. */
class FreeSpaceGauge {
  #at = 0;
  #pending: Promise<number> | null = null;
  #value = Number.POSITIVE_INFINITY;

  #shedding: Promise<unknown> | null = null;

  constructor(
    readonly dir: string,
    readonly minFreeBytes: number,
    readonly probe: FreeSpaceProbe,
    readonly maxAgeMs = 500,
  ) {}

  free(): Promise<number> {
    if (Date.now() - this.#at < this.maxAgeMs) return Promise.resolve(this.#value);
    this.#pending ??= this.probe(this.dir)
      .then((v) => {
        this.#value = v;
        this.#at = Date.now();
        // Below the floor: the server's own files go first, one shedding at a time.
        if (v < this.minFreeBytes && !this.#shedding) {
          this.#shedding = shedOwnFiles(this.dir, this.minFreeBytes - v).finally(() => (this.#shedding = null));
        }
        return v;
      })
      .finally(() => (this.#pending = null));
    return this.#pending;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers DATA_DIR's floor (for `diskSpace` and /readyz) and, on the embedded database on disk, refuses requests
 * that write while the free space is below it: 507 before anything is written, so no order is half made and PGlite
 * never meets a full disk in the middle of its log. Reads go on. With PostgreSQL the database's disk is elsewhere
 * (its own 53100 answers 507 through the error handler) and DATA_DIR holds only files, each store guarding itself.
 */
export function registerDiskGuard(
  app: FastifyInstance,
  config: Pick<Config, 'dataDir' | 'diskMinFreeMb' | 'nodeEnv'>,
  database: Pick<Database, 'kind' | 'pglite'>,
  probe: FreeSpaceProbe = freeBytesOf,
): void {
  const minFreeBytes = config.diskMinFreeMb * MB;
  setDiskFloor(config.dataDir, minFreeBytes);
  if (minFreeBytes <= 0) return;
  const gauge = new FreeSpaceGauge(config.dataDir, minFreeBytes, probe);
  const embedded = database.kind === 'pglite' ? database.pglite?.dataDir : undefined;
  // The embedded database on disk (in DATA_DIR); not PostgreSQL, nor an in-memory PGlite (tests).
  const guarded = embedded !== undefined && !embedded.startsWith('memory://');
  if (config.nodeEnv !== 'test') {
    // Every few seconds, whatever the database: below the floor, the server's own files give their space back.
    let timer: NodeJS.Timeout | null = null;
    let watchdog: { stop(): void } | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void gauge.free().catch(() => undefined), SHED_EVERY_MS);
      timer.unref();
      // The last resort when the disk filled anyway (another process filled it): see stall-watchdog.ts.
      if (guarded) watchdog = startStallWatchdog({ dir: config.dataDir, minFreeBytes, stallSeconds: STALL_SECONDS });
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      watchdog?.stop();
    });
  }
  if (!guarded) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    let free: number;
    try {
      free = await gauge.free();
    } catch {
      return; // the disk cannot be read: let the write try (and fail as what it is)
    }
    if (free >= minFreeBytes) return;
    request.log.warn({ freeBytes: free, minFreeBytes, url: request.url, method: request.method }, 'disk full: write refused');
    const answer = diskFullAnswer(request.id);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}
