import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { certificatePreviewBodySchema, certificatePreviewQuerySchema, certificateSchema, shareIdParamsSchema } from '@/contract/nominations';
import { matchesEtag } from '@/server/lib/cache-control';
import { voterOf } from '../community';
import { isListed, requireVisibleByShareId, toCertificates, type LoadedNomination, enforceLimit } from '../nominations';
import { certificateCacheKey, type RenderKind } from './certificate-renderer';
import { certificateDataFor, previewSvg, type CertificatesContext } from './certificates.service';
import { renderUnavailable } from './render-pool';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };

interface FileDef {
  kind: RenderKind;
  type: string;
  summary: string;
  /** attachment: a download with a readable file name; inline: shown in the browser / link previews. */
  disposition: 'inline' | 'attachment';
  suffix: string;
  ext: string;
}

/** docs/decisions/035: the four outputs of one certificate. */
const FILES: Record<string, FileDef> = {
  'certificate.svg': { kind: 'svg', type: 'image/svg+xml; charset=utf-8', summary: 'The certificate as SVG', disposition: 'inline', suffix: '', ext: 'svg' },
  'share.png': { kind: 'share-png', type: 'image/png', summary: 'The 1200×630 share image (og:image)', disposition: 'inline', suffix: '-share', ext: 'png' },
  'print.png': { kind: 'print-png', type: 'image/png', summary: 'Print-ready PNG, A4 landscape at 300 DPI (download)', disposition: 'attachment', suffix: '-print', ext: 'png' },
  'certificate.pdf': { kind: 'pdf', type: 'application/pdf', summary: 'A4 landscape PDF (download)', disposition: 'attachment', suffix: '', ext: 'pdf' },
};

/** "certificate-CF-7Q2K9-dana-whitfield-print.png": ASCII only, so every browser keeps it. */
export function downloadName(loaded: LoadedNomination, def: FileDef): string {
  const who = loaded.nomination.nomineeName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `certificate-${loaded.nomination.certificateNumber}${who ? `-${who}` : ''}${def.suffix}.${def.ext}`;
}

/** A certificate's JSON (its public page), its four files and the live preview. Reactions: modules/community. */
export function certificatesRoutes(ctx: CertificatesContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/certificates/preview',
      {
        // A drawing, never stored: the rendered pages stay kept (docs/decisions/092).
        config: { keepsPages: true },
        schema: {
          tags: ['certificates'],
          summary: 'Live preview of a nomination as SVG (never stored)',
          description: 'Per-IP limit PREVIEW_RATE_LIMIT (429 RATE_LIMITED). Empty fields show placeholders.',
          body: certificatePreviewBodySchema,
          produces: ['image/svg+xml'],
          response: { 200: z.string().describe('SVG document'), ...errors },
        },
      },
      async (request, reply) => {
        await enforceLimit(ctx.db, 'preview', `ip:${request.ip}`, request.ip);
        const svg = await previewSvg(ctx, request.body);
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      },
    );

    app.get(
      '/api/certificates/preview.svg',
      {
        schema: {
          tags: ['certificates'],
          summary: "An award's certificate as SVG with the placeholder name (the store's first picture)",
          description:
            'The same drawing as POST /api/certificates/preview with an empty name, as a cacheable GET so that a server-rendered page can show it ' +
            'before any script runs. Kept in the catalogue cache (emptied when awards change). An unknown award or design is a 400 on that field, as for the POST.',
          querystring: certificatePreviewQuerySchema,
          produces: ['image/svg+xml'],
          response: { 200: z.string().describe('SVG document'), ...errors },
        },
      },
      async (request, reply) => {
        const { award_id, template_id } = request.query;
        // Dated like the drawing ("issued today"), so the cached copy turns over with the day.
        const day = new Date().toISOString().slice(0, 10);
        const cached = await app.catalogCache.get(`preview:${award_id}:${template_id ?? ''}:${day}`, () =>
          previewSvg(ctx, { award_id, nominee_name: '', reason: '', nominator_name: '', ...(template_id ? { template_id } : {}) }),
        );
        return reply
          .header('cache-control', 'public, max-age=300, stale-while-revalidate=3600')
          .header('etag', cached.etag)
          .type('image/svg+xml; charset=utf-8')
          .send(cached.body);
      },
    );

    app.get(
      '/api/certificates/:share_id',
      {
        // my_reaction differs per visitor; a declined or hidden certificate must vanish at once.
        config: { cacheControl: 'private, no-cache' },
        schema: {
          tags: ['certificates'],
          summary: 'A certificate (its public page; also the "verify this certificate" answer)',
          description: '404 CERTIFICATE_NOT_FOUND when unknown; 410 CERTIFICATE_WITHDRAWN when declined or hidden.',
          params: shareIdParamsSchema,
          response: { 200: certificateSchema, ...errors },
        },
      },
      async (request, reply) => {
        const loaded = await requireVisibleByShareId(ctx.db, request.params.share_id);
        const voter = await voterOf(app, request, reply, { create: false });
        const [certificate] = await toCertificates(ctx.db, [loaded], voter);
        // Private and not-yet-accepted certificates are unlisted (docs/decisions/036).
        if (!isListed(loaded.nomination)) reply.header('x-robots-tag', 'noindex');
        return certificate!;
      },
    );

    for (const [file, def] of Object.entries(FILES)) {
      app.get(
        `/api/certificates/:share_id/${file}`,
        {
          schema: {
            tags: ['certificates'],
            summary: def.summary,
            description:
              'ETag = hash of everything drawn; revalidate with If-None-Match (304). 404 when unknown, 410 when declined or hidden — never the file. ' +
              '503 with Retry-After when the renderer is at capacity (RENDER_BUSY) or a render failed (RENDER_TIMEOUT, RENDER_FAILED).',
            params: shareIdParamsSchema,
            produces: [def.type.split(';')[0]!],
            response: { 200: z.string().describe(def.summary), ...errors, 503: apiErrorSchema },
          },
        },
        async (request, reply) => serveFile(ctx, request, reply, request.params.share_id, def),
      );
    }
  };
}

async function serveFile(ctx: CertificatesContext, request: FastifyRequest, reply: FastifyReply, shareId: string, def: FileDef) {
  const loaded = await requireVisibleByShareId(ctx.db, shareId);
  const data = await certificateDataFor(ctx, loaded);
  const slug = loaded.template.slug;
  // The render cache's own key: the same input always gives the same bytes, so it is a strong validator.
  const etag = `"${certificateCacheKey(def.kind, data, slug).slice(0, 40)}"`;
  reply
    .header('etag', etag)
    // Always revalidated (a 304 costs one lookup, no render), so a declined or hidden certificate
    // disappears from every browser and CDN at its next request (docs/decisions/035).
    .header('cache-control', `${loaded.nomination.isPublic ? 'public' : 'private'}, no-cache`)
    .header('x-robots-tag', 'noindex');
  if (matchesEtag(request, etag)) return reply.code(304).send();
  let body: string | Buffer;
  try {
    body =
      def.kind === 'svg'
        ? await ctx.renderer.svg(data, slug)
        : def.kind === 'share-png'
          ? await ctx.renderer.sharePng(data, slug)
          : def.kind === 'print-png'
            ? await ctx.renderer.printPng(data, slug)
            : await ctx.renderer.pdf(data, slug);
  } catch (error) {
    // An error answer carries no validator of the file it is not (docs/decisions/021).
    reply.removeHeader('etag');
    throw renderUnavailable(error);
  }
  reply.type(def.type).header('content-disposition', `${def.disposition}; filename="${downloadName(loaded, def)}"`);
  if (def.kind === 'svg') {
    // Opened on its own, the SVG may run nothing and load nothing but its embedded images and fonts.
    reply.header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:");
  }
  return reply.send(body);
}

