import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUG_LIMITS, BUG_RATE_LIMIT, createBugResponseSchema } from '@/contract/bug-reports';
import { apiErrorSchema } from '@/contract/errors';
import { BUG_MULTIPART_LIMITS, readBugForm } from './bug-report-form';
import { createBugReport, enforceBugReportLimit, parseBugFields, parseViewportHeader } from './bug-reports.service';
import type { BugReportsContext } from './context';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema };
const MB = 1024 * 1024;

/**
 * create-bug (spec §7) as POST /api/bug-reports: anyone may send one. The multipart parser is registered here
 * only (encapsulated), so no other route of the app accepts multipart bodies.
 */
export function bugReportsRoutes(ctx: BugReportsContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { limits: BUG_MULTIPART_LIMITS });

    app.post(
      '/api/bug-reports',
      {
        // A report changes nothing a public page shows.
        config: { keepsPages: true },
        // Switched off in the admin's settings: 404 FEATURE_OFF before the body is read (docs/decisions/104).
        onRequest: async () => app.settings.requireFeature('bug_reports'),
        schema: {
          tags: ['bug-reports'],
          summary: 'Report a bug (create-bug): multipart/form-data with an optional screenshot and video',
          description:
            'Text fields: title (required), description, steps_to_repro, severity (low|medium|high|critical, default medium), page_url (an http or https address), ' +
            `console_logs (JSON list, at most ${BUG_LIMITS.consoleSent} lines), metadata (JSON object: viewport, timestamp, userAgent), reporter_email; ` +
            'empty fields are treated as absent. Files: screenshot (PNG, JPEG, WebP or GIF, at most ' +
            `${BUG_LIMITS.screenshotMaxBytes / MB} MB) and repro_video (MP4, WebM or QuickTime, at most ${BUG_LIMITS.videoMaxBytes / MB} MB), ` +
            'typed by their bytes (415 otherwise, 413 when too large). Header x-viewport-json: the viewport as JSON text (at most 1 KB; ' +
            `kept when valid). Per IP at most ${BUG_RATE_LIMIT.burst.max} reports in ${BUG_RATE_LIMIT.burst.windowMinutes} minutes and ` +
            `${BUG_RATE_LIMIT.daily.max} a day (429 RATE_LIMITED). A signed-in reporter is linked to the report and sends the CSRF header.`,
          consumes: ['multipart/form-data'],
          response: { 201: createBugResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        // Before reading the body: a limited caller cannot make us read it.
        await enforceBugReportLimit(ctx.db, request.ip);
        const form = await readBugForm(request);
        const fields = parseBugFields(form.fields);
        const { user } = await app.auth.getAuth(request, reply);
        const id = await createBugReport(ctx, {
          fields,
          viewportHeader: parseViewportHeader(request.headers['x-viewport-json']),
          attachments: form.attachments,
          reporterUserId: user?.id ?? null,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        });
        return reply.code(201).send({ success: true as const, id, error: null });
      },
    );
  };
}
