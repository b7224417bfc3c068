import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How browsers and CDNs may keep this route's answers (its Cache-Control), e.g. 'public, max-age=3600'.
     * Left out: 'no-store'. A handler whose caching depends on the answer (a public or private certificate
     * file, the catalogue's pre-serialized JSON) sets the header itself, which wins. Error answers are always
     * 'no-store' (the error handler). docs/decisions/067.
     */
    cacheControl?: string;
  }
}

export const NO_STORE = 'no-store';

/**
 * The one caching rule, as one onSend hook on the whole app: an answer that nobody gave a Cache-Control
 * gets its route's `config.cacheControl`, else `no-store`. Decided by the matched route's own options,
 * never by the URL text (docs/decisions/050). Static files and the HTML shell set their own header.
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', request.routeOptions.config?.cacheControl ?? NO_STORE);
    }
    return payload;
  });
}

/** Whether the request's If-None-Match names `etag` (strong or weak, or *): the answer is then a 304. */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

/**
 * A private file of one buyer (a certificate's PDF, an invoice) sent as a download: never stored by a cache, never
 * indexed, saved under `filename`. The Buffer goes out as it is, never through the serializer.
 */
export function sendPrivateDownload(reply: FastifyReply, file: Buffer, type: string, filename: string) {
  return reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(file as unknown as string);
}
