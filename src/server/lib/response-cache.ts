import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  body: string;
  etag: string;
}

type Produce = () => Promise<string>;

/**
 * Serialized JSON answers for read-mostly public endpoints (the catalogue), keyed by the
 * normalised query (docs/decisions/004). Entries live `ttlMs`, so every instance sees an admin's
 * change within that time (and at once on the instance that made it, which calls clear()).
 * Concurrent misses for one key share a single database query. Bounded: the least recently used
 * entries go first. The bookkeeping is lru-cache's (docs/decisions/068); this adds the ETag.
 */
export class ResponseCache {
  readonly #lru: LRUCache<string, CachedResponse, Produce>;
  readonly #onClear: (() => void) | undefined;

  /** `onClear`: told after every clear() (the served pages show the catalogue too). */
  constructor(opts: { ttlMs: number; maxEntries: number; perf?: { now(): number }; onClear?: () => void }) {
    this.#onClear = opts.onClear;
    this.#lru = new LRUCache<string, CachedResponse, Produce>({
      max: opts.maxEntries,
      ttl: opts.ttlMs,
      // Tests pass their own clock; read it on every check then, instead of lru-cache's 1 ms memo.
      ...(opts.perf ? { perf: opts.perf, ttlResolution: 0 } : {}),
      // A clear() during a query aborts its fetch: the callers still get that answer, but it is not stored.
      ignoreFetchAbort: true,
      fetchMethod: async (_key, _stale, { context: produce }) => {
        const body = await produce();
        return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
      },
    });
  }

  async get(key: string, produce: Produce): Promise<CachedResponse> {
    return (await this.#lru.fetch(key, { context: produce }))!;
  }

  /** Drops everything; call after any change to the catalogue. */
  clear() {
    this.#lru.clear();
    this.#onClear?.();
  }
}
