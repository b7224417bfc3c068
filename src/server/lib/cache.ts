import type { FastifyReply } from 'fastify';

/**
 * Public catalog reads: browsers and CDNs may keep them a minute and serve a stale copy
 * while revalidating; the ETag (added by @fastify/etag) makes revalidation a 304.
 */
export function catalogCacheHeaders(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300');
}
