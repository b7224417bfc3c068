import { createHash } from 'node:crypto';

export interface CachedResponse {
  body: string;
  etag: string;
}

/**
 * Serialized JSON answers for read-mostly public endpoints (the catalogue), keyed by the
 * normalised query. Entries live `ttlMs`, so every instance sees an admin's change within that
 * time (and at once on the instance that made it, which calls clear()). Concurrent misses for
 * one key share a single database query. Bounded: the oldest entries go first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { value: CachedResponse; expires: number }>();
  private readonly pending = new Map<string, Promise<CachedResponse>>();
  /** Bumped by clear(): an answer computed before a clear is returned once but never stored. */
  private generation = 0;

  constructor(private readonly opts: { ttlMs: number; maxEntries: number }) {}

  async get(key: string, produce: () => Promise<string>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = produce()
      .then((body) => {
        const value = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
        if (generation !== this.generation) return value;
        this.entries.delete(key);
        this.entries.set(key, { value, expires: Date.now() + this.opts.ttlMs });
        while (this.entries.size > this.opts.maxEntries) {
          this.entries.delete(this.entries.keys().next().value as string);
        }
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops everything; call after any change to the catalogue. */
  clear() {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }
}
