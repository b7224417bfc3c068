import type { FastifyReply } from 'fastify';
import type { CachedResponse } from './response-cache';

// Browsers and CDNs may keep catalogue answers a minute and serve a stale copy while revalidating;
// the ETag makes revalidation a 304 (answered by @fastify/etag).
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Sends a pre-serialized JSON answer from the response cache, with its ETag. */
export function sendCachedJson(reply: FastifyReply, cached: CachedResponse) {
  return reply
    .header('cache-control', CATALOG_CACHE_CONTROL)
    .header('etag', cached.etag)
    .type('application/json; charset=utf-8')
    .send(cached.body);
}
