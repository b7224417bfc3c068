import { writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { DISK_FULL_RETRY_AFTER_SECONDS, DiskFullError, diskFloorOf, diskSpace, isDiskFull, makeRoom, registerDiskGuard, registerEvictable, setDiskFloor, shedOwnFiles } from './disk-full';
import { registerErrorHandler } from './error-handler';
import { registerRequestId, requestIdOptions } from './request-id';

const MB = 1024 * 1024;
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into "orders" …'), { cause });
/** What PGlite and PostgreSQL raise when a table cannot grow (SQLSTATE 53100 disk_full). */
const pgDiskFull = () => Object.assign(new Error('could not extend file "base/5/16390": No space left on device'), { code: '53100' });
const enospc = () => Object.assign(new Error("ENOSPC: no space left on device, write"), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('isDiskFull', () => {
  it('recognises a full disk from the file system and from either database, however it is wrapped', () => {
    expect(isDiskFull(enospc())).toBe(true);
    expect(isDiskFull(Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }))).toBe(true);
    expect(isDiskFull(pgDiskFull())).toBe(true);
    expect(isDiskFull(wrapped(pgDiskFull()))).toBe(true);
    expect(isDiskFull(wrapped(new AggregateError([enospc()])))).toBe(true);
    expect(isDiskFull(new DiskFullError())).toBe(true);
    expect(isDiskFull(wrapped(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device')))).toBe(true);
  });

  it('leaves everything else alone', () => {
    expect(isDiskFull(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDiskFull(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(isDiskFull(loop)).toBe(false);
  });
});

describe('diskSpace and makeRoom', () => {
  it('measures against the floor configured for the DATA_DIR (or a folder inside it), else 64 MB', async () => {
    setDiskFloor('/srv/shop-data-test', 20 * MB);
    expect(diskFloorOf('/srv/shop-data-test')).toBe(20 * MB);
    expect(diskFloorOf('/srv/shop-data-test/certificate-cache')).toBe(20 * MB);
    expect(diskFloorOf('/elsewhere')).toBe(64 * MB);
    expect(await diskSpace('/srv/shop-data-test', undefined, async () => 21 * MB)).toEqual({ freeBytes: 21 * MB, ok: true });
    expect(await diskSpace('/srv/shop-data-test', undefined, async () => 19 * MB)).toEqual({ freeBytes: 19 * MB, ok: false });
    // The real file system, from a folder that does not exist yet (its parent's).
    const real = await diskSpace('/tmp/not-made-yet/certificate-cache', 0);
    expect(real.freeBytes).toBeGreaterThan(0);
    expect(real.ok).toBe(true);
  });

  it('evicts until the write fits above the floor, and says when it cannot', async () => {
    const files = [30, 30, 30];
    const evictOne = async () => files.shift() ?? null;
    expect(await makeRoom({ dir: '/x', bytes: 40, minFreeBytes: 60, evictOne, probe: async () => 60 })).toBe(true);
    expect(files).toEqual([30]); // 100 needed: 60 → 90 → 120 free, two went
    expect(await makeRoom({ dir: '/x', bytes: 40, minFreeBytes: 500, evictOne, probe: async () => 60 })).toBe(false);
    expect(files).toEqual([]);
  });
});

describe('the server’s own files give their space back', () => {
  it('asks only the stores inside that DATA_DIR, until enough is freed', async () => {
    const asked: string[] = [];
    const store = (dir: string, holds: number) => ({
      dir,
      evictBytes: async (bytes: number) => {
        asked.push(`${dir}:${bytes}`);
        return Math.min(bytes, holds);
      },
    });
    const out = [
      registerEvictable(store('/srv/shed-data/certificate-cache', 30)),
      registerEvictable(store('/srv/shed-data/print-shop', 100)),
      registerEvictable(store('/srv/other-data/print-shop', 100)),
    ];
    try {
      expect(await shedOwnFiles('/srv/shed-data', 50)).toBe(50);
      expect(asked).toEqual(['/srv/shed-data/certificate-cache:50', '/srv/shed-data/print-shop:20']);
    } finally {
      for (const o of out) o();
    }
  });
});

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A small app with the shop's error handler and request ids, and routes that fail as a full disk makes them. */
async function appWith(opts: { guard?: { free: () => number; kind?: 'pglite' | 'postgres'; dataDir?: string } } = {}) {
  app = Fastify({ ...requestIdOptions });
  registerErrorHandler(app);
  registerRequestId(app);
  if (opts.guard) {
    const { free, kind = 'pglite', dataDir = '/srv/guarded-data' } = opts.guard;
    const database = { kind, pglite: kind === 'pglite' ? { dataDir: `${dataDir}/pglite` } : undefined } as unknown as Pick<Database, 'kind' | 'pglite'>;
    registerDiskGuard(app, { dataDir, diskMinFreeMb: 20, nodeEnv: 'test' }, database, async () => free());
  }
  // /dev/full answers every write with ENOSPC: a real full disk for fs.
  app.post('/fs', async () => {
    await writeFile('/dev/full', 'an order');
    return { ok: true };
  });
  app.post('/db', async () => {
    throw wrapped(pgDiskFull());
  });
  app.post('/upload', async () => {
    throw new DiskFullError('No room to store bug-attachments/x.png');
  });
  app.post('/bug', async () => {
    throw new TypeError('a bug');
  });
  app.get('/read', async () => ({ ok: true }));
  return app;
}

describe('a full disk answers 507 INSUFFICIENT_STORAGE, never a bare 500', () => {
  it.skipIf(!existsSync('/dev/full'))('maps ENOSPC from a file write', async () => {
    const res = await (await appWith()).inject({ method: 'POST', url: '/fs' });
    expect(res.statusCode).toBe(507);
    expect(res.headers['retry-after']).toBe(String(DISK_FULL_RETRY_AFTER_SECONDS));
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ error: Record<string, string> }>();
    expect(body).toEqual({ error: { code: 'INSUFFICIENT_STORAGE', message: expect.stringMatching(/run out of storage space/), request_id: res.headers['x-request-id'] } });
    // Nothing of the internals: no path, no errno.
    expect(res.body).not.toMatch(/dev\/full|ENOSPC|errno/);
  });

  it('maps SQLSTATE 53100 from the database and a refused upload the same way; a bug stays a 500', async () => {
    const a = await appWith();
    for (const url of ['/db', '/upload']) {
      const res = await a.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(507);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('INSUFFICIENT_STORAGE');
      expect(res.body).not.toMatch(/base\/5|bug-attachments/);
    }
    const bug = await a.inject({ method: 'POST', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json<{ error: { code: string } }>().error.code).toBe('INTERNAL_ERROR');
  });
});

describe('the write guard (embedded database in DATA_DIR)', () => {
  it('answers writes 507 before they start while the free space is below the floor; reads go on', async () => {
    let free = 10 * MB;
    const a = await appWith({ guard: { free: () => free } });
    const refused = await a.inject({ method: 'POST', url: '/bug' }); // would be a 500 if it ran
    expect(refused.statusCode).toBe(507);
    expect(refused.headers['retry-after']).toBe(String(DISK_FULL_RETRY_AFTER_SECONDS));
    expect(refused.json<{ error: { code: string; request_id: string } }>().error).toMatchObject({ code: 'INSUFFICIENT_STORAGE', request_id: refused.headers['x-request-id'] });
    expect((await a.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
    // Room again (the reading is at most half a second old).
    free = 30 * MB;
    await expect.poll(async () => (await a.inject({ method: 'POST', url: '/bug' })).statusCode, { timeout: 5_000, interval: 25 }).toBe(500);
    // /readyz and the stores measure against the same floor.
    expect(diskFloorOf('/srv/guarded-data')).toBe(20 * MB);
  });

  it('has the server’s own files give their space back when it sees the disk below the floor', async () => {
    let evicted = 0;
    const out = registerEvictable({ dir: '/srv/shedding-data/certificate-cache', evictBytes: async (bytes) => (evicted += bytes) });
    try {
      const a = await appWith({ guard: { free: () => 15 * MB, dataDir: '/srv/shedding-data' } });
      expect((await a.inject({ method: 'POST', url: '/bug' })).statusCode).toBe(507);
      await expect.poll(() => evicted).toBe(5 * MB); // up to the floor of 20 MB
    } finally {
      out();
    }
  });

  it('leaves requests alone on PostgreSQL (its own disk answers 53100) — DATA_DIR only holds files there', async () => {
    const a = await appWith({ guard: { free: () => 0, kind: 'postgres', dataDir: '/srv/pg-data' } });
    expect((await a.inject({ method: 'POST', url: '/bug' })).statusCode).toBe(500);
    expect((await a.inject({ method: 'POST', url: '/db' })).statusCode).toBe(507);
  });
});
