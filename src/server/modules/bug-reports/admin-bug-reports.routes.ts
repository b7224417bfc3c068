import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bugEndpointTestSchema,
  bugReportDetailSchema,
  bugReportListQuerySchema,
  bugReportListSchema,
  bugReportParamsSchema,
  bugReportUpdateSchema,
} from '@/contract/bug-reports';
import { apiErrorSchema } from '@/contract/errors';
import { ALLOWED_IMAGE_MIME_TYPES, ALLOWED_VIDEO_MIME_TYPES } from '@/server/adapters/storage/content-type';
import { RangeNotSatisfiableError, type ObjectRange } from '@/server/adapters/storage/object-storage';
import { HttpError, notFound } from '@/server/lib/http-errors';
import { attachmentKey, bugReportDetail, listBugReports, testBugEndpoint, updateBugReport } from './admin-bug-reports.service';
import type { AttachmentField } from './bug-report-form';
import { BUG_BUCKET, type BugReportsContext } from './context';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['admin'];

/**
 * What a visitor uploaded, served to an admin's browser: never cached, never sniffed into something else, and
 * inert even if opened on its own (a sandboxed document that may load nothing).
 */
const ATTACHMENT_HEADERS = {
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
  'content-disposition': 'inline',
};

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of an object of `size` bytes. null: serve the whole object
 * (no Range, several ranges, another unit or a malformed one — RFC 9110 lets a server ignore those);
 * 'unsatisfiable': it starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ObjectRange | 'unsatisfiable' | null {
  const m = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix)) return null;
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? null : Number(m[2]);
  if (!Number.isSafeInteger(start) || (last !== null && (!Number.isSafeInteger(last) || last < start))) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last ?? size - 1, size - 1) };
}

const unsatisfiable = (size: number) =>
  new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'The asked range is outside the file.', undefined, { 'content-range': `bytes */${size}` });

/** /api/admin/bug-reports: list, detail, attachments, triage and the endpoint test. Admins only (the app-wide hook). */
export function adminBugReportsRoutes(ctx: BugReportsContext): FastifyPluginAsyncZod {
  return async (app) => {

    /** Streams an attachment with its stored type; the video answers Range requests (206 / 416) for seeking. */
    const serveAttachment = async (id: string, request: FastifyRequest, reply: FastifyReply, field: AttachmentField) => {
      const key = await attachmentKey(ctx.db, id, field);
      reply.headers(ATTACHMENT_HEADERS);
      let range: ObjectRange | undefined;
      if (field === 'repro_video') {
        reply.header('accept-ranges', 'bytes');
        if (request.headers.range) {
          const info = await ctx.storage.head(BUG_BUCKET, key);
          if (!info) throw notFound('The file of this report is missing from storage.', 'ATTACHMENT_NOT_FOUND');
          const asked = parseRange(request.headers.range, info.size);
          if (asked === 'unsatisfiable') throw unsatisfiable(info.size);
          range = asked ?? undefined;
        }
      }
      let object;
      try {
        object = await ctx.storage.get(BUG_BUCKET, key, range);
      } catch (err) {
        if (err instanceof RangeNotSatisfiableError) throw unsatisfiable(err.size);
        throw err;
      }
      if (!object) throw notFound('The file of this report is missing from storage.', 'ATTACHMENT_NOT_FOUND');
      reply.type(object.contentType).header('etag', object.etag);
      if (object.range) {
        reply
          .code(206)
          .header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`)
          .header('content-length', object.range.end - object.range.start + 1);
      } else {
        reply.header('content-length', object.size);
      }
      return reply.send(object.body);
    };

    app.get(
      '/api/admin/bug-reports',
      {
        config: { admin: true },
        schema: {
          tags,
          summary: 'Bug reports, newest first: filter by status, severity and dates; search title, description, email and page',
          querystring: bugReportListQuerySchema,
          response: { 200: bugReportListSchema, ...errors },
        },
      },
      async (request) => listBugReports(ctx.db, request.query),
    );

    // Before /:id, though the router would tell them apart anyway (a POST, and "test" is no uuid).
    app.post(
      '/api/admin/bug-reports/test',
      {
        config: { admin: true, keepsPages: true },
        schema: {
          tags,
          summary: "The 'Edge function test': do the database and the attachment storage answer? (200 either way)",
          response: { 200: bugEndpointTestSchema, ...errors },
        },
      },
      async () => testBugEndpoint(ctx),
    );

    app.get(
      '/api/admin/bug-reports/:id',
      {
        config: { admin: true },
        schema: {
          tags,
          summary: 'A bug report with its reporter, attachment URLs and triage notes (newest first)',
          params: bugReportParamsSchema,
          response: { 200: bugReportDetailSchema, ...errors },
        },
      },
      async (request) => bugReportDetail(ctx.db, request.params.id),
    );

    app.patch(
      '/api/admin/bug-reports/:id',
      {
        config: { admin: true, keepsPages: true },
        schema: {
          tags,
          summary: 'Change the status and/or add a note (audited); the same status without a note is 409 NO_CHANGE',
          params: bugReportParamsSchema,
          body: bugReportUpdateSchema,
          response: { 200: bugReportDetailSchema, ...errors },
        },
      },
      async (request) => updateBugReport(ctx.db, await app.auth.requireActor(request), request.params.id, request.body),
    );

    app.get(
      '/api/admin/bug-reports/:id/screenshot',
      {
        config: { admin: true },
        schema: { tags, summary: 'The screenshot of a report, with its stored image type (never cached)', params: bugReportParamsSchema, produces: [...ALLOWED_IMAGE_MIME_TYPES], response: { 200: z.string().describe('The image, as stored (PNG, JPEG, WebP or GIF)'), ...errors } },
      },
      async (request, reply) => serveAttachment(request.params.id, request, reply, 'screenshot'),
    );

    app.get(
      '/api/admin/bug-reports/:id/video',
      {
        config: { admin: true },
        schema: {
          tags,
          summary: 'The video of a report, with its stored type; answers Range requests (206, 416) so it can be seeked',
          params: bugReportParamsSchema,
          produces: [...ALLOWED_VIDEO_MIME_TYPES],
          response: { 200: z.string().describe('The video, as stored (MP4, WebM or QuickTime)'), 206: z.string().describe('The asked range of it'), 416: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => serveAttachment(request.params.id, request, reply, 'repro_video'),
    );
  };
}
