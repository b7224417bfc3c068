import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ServedPage } from '@/server/lib/page-cache';

export type PageEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** br when the browser takes it, else gzip, else none (q=0 means "not this one"). Pages under 1 KB go as they are. */
export function pickEncoding(page: ServedPage, header: string | string[] | undefined): PageEncoding | null {
  if (page.html.length < 1024) return null;
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Each served page's compressed bytes, made once per page and encoding: a kept page (PageCache) is compressed once. */
const compressed = new WeakMap<ServedPage, Partial<Record<PageEncoding, Promise<Buffer>>>>();

/**
 * A page's bytes in `encoding`. The not-found handler that serves pages is no route, so @fastify/compress's
 * per-route hook never sees it (docs/decisions/089): pages are compressed here.
 */
export function compressPage(page: ServedPage, encoding: PageEncoding): Promise<Buffer> {
  const byEncoding = compressed.get(page) ?? {};
  compressed.set(page, byEncoding);
  return (byEncoding[encoding] ??=
    encoding === 'br'
      ? brotli(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.html.length } })
      : gzip(page.html, { level: 6 }));
}
