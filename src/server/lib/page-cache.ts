import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that changes nothing a public page shows (a sign-in, a cart, a price quote, a live preview): the
     * rendered pages stay kept after it. Left out, any successful write drops them (docs/decisions/092).
     */
    keepsPages?: boolean;
  }
}

/** A served page as the not-found handler sends it, with the ETag of its bytes. */
export interface ServedPage {
  status: number;
  html: string;
  /** The server-rendered anonymous page (the same for everyone), not the empty shell. */
  rendered: boolean;
  etag: string;
}

/** How long a rendered page is served again without rendering it (any write on this instance drops them all sooner). */
export const PAGE_CACHE_TTL_MS = 10_000;
/** Longer paths and queries are rendered every time, never kept: a key is at most this long. */
const MAX_KEY_LENGTH = 512;
/**
 * The kept pages' HTML, in characters, in each of the two shares (docs/decisions/115): the canonical pages
 * (one per thing that exists: the home page, an award's store page, a certificate) and any other address.
 * Their compressed bytes (page-compression.ts) go with them and add about a fifth.
 */
const CANONICAL_MAX_CHARS = 48 * 1024 * 1024;
const OTHER_MAX_CHARS = 16 * 1024 * 1024;

export const pageEtag = (html: string) => `W/"${createHash('sha1').update(html).digest('base64')}"`;

export interface PageCacheOptions {
  ttlMs?: number;
  /** Most pages of other addresses kept (queries as sent: searches, filters, unknown things). */
  maxEntries?: number;
  /** Most canonical pages kept. */
  maxCanonicalEntries?: number;
  maxCanonicalChars?: number;
  maxOtherChars?: number;
}

/**
 * The server-rendered anonymous pages, by normalised address (page-address.ts), for a few seconds
 * (docs/decisions/092, 115): a page is the same for every visitor, so rendering it once per change rather than
 * once per request keeps a busy page at the speed of a static file and bounds what anonymous traffic can make the
 * server do. `invalidate()` drops every page: the app calls it after any successful write it answers and whenever
 * the catalogue cache is emptied, so this instance never serves a page older than its own last change; other
 * instances catch up within `PAGE_CACHE_TTL_MS`. Concurrent misses for one page share one render. Only rendered
 * pages are kept (the empty shell is cheap and a failed render should be tried again).
 *
 * Two shares, each bounded by count and by size, least recently used first out: canonical pages that answered 200
 * (a page of something that exists: junk addresses cannot make more of them), and everything else (queries as
 * sent, unknown things, 404s). A flood of made-up addresses only ever evicts the second share.
 */
export class PageCache {
  readonly #canonical: LRUCache<string, ServedPage>;
  readonly #other: LRUCache<string, ServedPage>;
  readonly #inFlight = new Map<string, Promise<ServedPage>>();
  /** Data the addresses are normalised with (the awards by id and slug), dropped with the pages. */
  readonly #lookups = new Map<string, { at: number; value: Promise<unknown> }>();
  readonly #ttlMs: number;
  #generation = 0;

  constructor(opts: PageCacheOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? PAGE_CACHE_TTL_MS;
    const sized = (max: number, maxSize: number) =>
      new LRUCache<string, ServedPage>({ max, maxSize, sizeCalculation: (page) => Math.max(1, page.html.length), ttl: this.#ttlMs });
    this.#canonical = sized(opts.maxCanonicalEntries ?? 5_000, opts.maxCanonicalChars ?? CANONICAL_MAX_CHARS);
    this.#other = sized(opts.maxEntries ?? 500, opts.maxOtherChars ?? OTHER_MAX_CHARS);
  }

  /** Something a page may show has changed. */
  invalidate() {
    this.#generation += 1;
    this.#canonical.clear();
    this.#other.clear();
    this.#inFlight.clear();
    this.#lookups.clear();
  }

  /** How many pages are kept (tests: the cache stays bounded). */
  get size(): { canonical: number; other: number } {
    return { canonical: this.#canonical.size, other: this.#other.size };
  }

  /**
   * `produce()`'s answer, kept until the next change or `PAGE_CACHE_TTL_MS`, shared by concurrent callers. A failed
   * lookup is not kept. Used to normalise addresses with what exists (page-address.ts).
   */
  lookup<T>(name: string, produce: () => Promise<T>): Promise<T> {
    const hit = this.#lookups.get(name);
    if (hit && performance.now() - hit.at < this.#ttlMs) return hit.value as Promise<T>;
    const value = produce();
    const entry = { at: performance.now(), value };
    this.#lookups.set(name, entry);
    value.catch(() => {
      if (this.#lookups.get(name) === entry) this.#lookups.delete(name);
    });
    return value;
  }

  /**
   * The page at `key` (its normalised address): kept, being rendered, or `produce()`d now. `canonical`: the address
   * is the one page of something, kept in the canonical share when it answers 200.
   */
  async get(key: string, produce: () => Promise<Omit<ServedPage, 'etag'>>, opts: { canonical?: boolean } = {}): Promise<ServedPage> {
    const make = async () => {
      const page = await produce();
      return { ...page, etag: pageEtag(page.html) };
    };
    if (key.length > MAX_KEY_LENGTH) return make();
    const hit = this.#canonical.get(key) ?? this.#other.get(key);
    if (hit) return hit;
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const rendering = make().finally(() => {
      if (this.#inFlight.get(key) === rendering) this.#inFlight.delete(key);
    });
    this.#inFlight.set(key, rendering);
    const page = await rendering;
    // Rendered before a change that happened meanwhile: serve it to whoever asked, but do not keep it.
    if (page.rendered && generation === this.#generation) {
      if (opts.canonical && page.status === 200) this.#canonical.set(key, page);
      else this.#other.set(key, page);
    }
    return page;
  }
}

/**
 * The one invalidation rule, as one onResponse hook on the whole app: a write answered below 400 drops the kept
 * pages, unless its matched route says it changes no page (`config.keepsPages`).
 */
export function registerPageInvalidation(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    if (write && reply.statusCode < 400 && !request.routeOptions.config?.keepsPages) app.pageCache.invalidate();
  });
}

/** For a plugin none of whose routes changes a public page (auth, cart, checkout, payments, quotes): marks them all. */
export function keepPagesOnEveryRoute(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, keepsPages: true };
  });
}
