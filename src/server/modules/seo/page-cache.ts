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

export const pageEtag = (html: string) => `W/"${createHash('sha1').update(html).digest('base64')}"`;

/**
 * The server-rendered anonymous pages, by path and query, for a few seconds (docs/decisions/092): a page is the
 * same for every visitor, so rendering it once per change rather than once per request keeps a busy home page
 * at the speed of a static file and bounds what anonymous traffic can make the server do. `invalidate()` drops
 * every page: the app calls it after any successful write it answers and whenever the catalogue cache is
 * emptied, so this instance never serves a page older than its own last change; other instances catch up within
 * `PAGE_CACHE_TTL_MS`. Concurrent misses for one page share one render. Only rendered pages are kept (the empty
 * shell is cheap and a failed render should be tried again).
 */
export class PageCache {
  readonly #lru: LRUCache<string, ServedPage>;
  readonly #inFlight = new Map<string, Promise<ServedPage>>();
  #generation = 0;

  constructor(opts: { ttlMs?: number; maxEntries?: number } = {}) {
    this.#lru = new LRUCache<string, ServedPage>({ max: opts.maxEntries ?? 500, ttl: opts.ttlMs ?? PAGE_CACHE_TTL_MS });
  }

  /** Something a page may show has changed. */
  invalidate() {
    this.#generation += 1;
    this.#lru.clear();
    this.#inFlight.clear();
  }

  async get(url: string, produce: () => Promise<Omit<ServedPage, 'etag'>>): Promise<ServedPage> {
    const make = async () => {
      const page = await produce();
      return { ...page, etag: pageEtag(page.html) };
    };
    if (url.length > MAX_KEY_LENGTH) return make();
    const hit = this.#lru.get(url);
    if (hit) return hit;
    const pending = this.#inFlight.get(url);
    if (pending) return pending;
    const generation = this.#generation;
    const rendering = make().finally(() => {
      if (this.#inFlight.get(url) === rendering) this.#inFlight.delete(url);
    });
    this.#inFlight.set(url, rendering);
    const page = await rendering;
    // Rendered before a change that happened meanwhile: serve it to whoever asked, but do not keep it.
    if (page.rendered && generation === this.#generation) this.#lru.set(url, page);
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
