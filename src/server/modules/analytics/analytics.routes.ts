import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import {
  analyticsExportQuerySchema,
  analyticsRangeQuerySchema,
  analyticsReportSchema,
  isAnalyticsBatch,
  MAX_TRACK_BODY_BYTES,
  TRACK_ANALYTICS_PATH,
  trackAnalyticsBatchSchema,
  trackAnalyticsBodySchema,
  trackAnalyticsResponseSchema,
  trackAnalyticsSingleSchema,
} from '@/contract/analytics';
import { AUTH_COOKIES } from '@/contract/auth-cookies';
import { apiErrorSchema } from '@/contract/errors';
import { badRequest } from '@/server/lib/http-errors';
import { validatorCompiler } from '@/server/lib/validation';
import { csrfMatchesSession } from '../auth';
import { analyticsCsv, analyticsReport, csvFileName } from './analytics-report.service';
import { ANALYTICS_IP_RULE, ownHostsOf, trackEvents } from './analytics.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The body is checked against the form it has (one event, or a batch with `events`), so a 400 names the wrong
 * field (`events.3.event_type`) instead of a union's "Invalid input". The app's compiler does the checking.
 */
const trackBodyCompiler = <S>(routeDef: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> => {
  const routeSchema = routeDef as unknown as Parameters<FastifySchemaCompiler<ZodType>>[0];
  if (routeSchema.httpPart !== 'body') return validatorCompiler(routeSchema);
  const batch = validatorCompiler({ ...routeSchema, schema: trackAnalyticsBatchSchema });
  const single = validatorCompiler({ ...routeSchema, schema: trackAnalyticsSingleSchema });
  return (data: unknown) => (isAnalyticsBatch(data) ? batch(data) : single(data));
};

/**
 * Analytics (issue 12, docs/decisions/094): track-analytics for every visitor who allowed analytics, and the
 * admin's report and CSV export. Not wrapped in fastify-plugin: the text/plain parser stays in here.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {

  // navigator.sendBeacon(url, string) sends text/plain: here that is JSON too.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The request body is not valid JSON.', undefined, 'INVALID_JSON'), undefined);
    }
  });

  /** The account to attribute events to: a valid session AND the body's token equal to the CSRF cookie. */
  const attributedUser = async (request: FastifyRequest, csrfToken: string | undefined) => {
    if (!csrfMatchesSession(app.authSecret, request.cookies[AUTH_COOKIES.session], request.cookies[AUTH_COOKIES.csrf], csrfToken)) return null;
    return (await app.auth.getAuth(request)).user?.id ?? null;
  };

  app.post(
    TRACK_ANALYTICS_PATH,
    {
      // sendBeacon cannot send the CSRF header: a signed-in browser's token comes in the body, checked above, and
      // without it the events are stored as anonymous — nothing is done in the account's name.
      config: { csrf: 'exempt', keepsPages: true },
      bodyLimit: MAX_TRACK_BODY_BYTES,
      validatorCompiler: trackBodyCompiler,
      schema: {
        tags: ['analytics'],
        summary: 'Record analytics events (one, or a batch of up to 20), sent only with analytics consent',
        description:
          `At most ${ANALYTICS_IP_RULE.maxAttempts} requests per address (an IPv6 /64 counts as one) per ${ANALYTICS_IP_RULE.windowMinutes} minutes ` +
          '(429 RATE_LIMITED with Retry-After). The referrer is kept as another site’s host name, only when that is a DNS name; otherwise the event is kept without it.',
        body: trackAnalyticsBodySchema,
        response: { 202: trackAnalyticsResponseSchema, 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const events = 'events' in body ? body.events : [body];
      const accepted = await trackEvents(
        app.db,
        {
          sessionId: body.session_id,
          resolveUserId: () => attributedUser(request, body.csrf_token),
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
          ownHosts: ownHostsOf(app.config.publicUrl, request.host),
        },
        events,
      );
      return reply.code(202).send({ accepted });
    },
  );

  app.get(
    '/api/admin/analytics',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Visitors, pages, referrers, devices, events, funnels and revenue from one UTC day to another (at most 366 days)',
        description:
          "Revenue and orders in totals and `revenue` are in the shop's own currency; `revenue_by_currency` gives each currency that sold apart " +
          '(the own one first), never added together: the shop has no exchange rates.',
        querystring: analyticsRangeQuerySchema,
        response: { 200: analyticsReportSchema, ...errors },
      },
    },
    async (request) => analyticsReport(app.db, request.query, { currency: (await app.settings.getShop()).currency }),
  );

  app.get(
    '/api/admin/analytics/export.csv',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'One table of the analytics report as CSV',
        description: "report=revenue has a row per day in the shop's own currency and one per other currency that sold that day, each naming its currency.",
        querystring: analyticsExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...errors },
      },
    },
    async (request, reply) => {
      const { report: which, ...range } = request.query;
      const csv = await analyticsCsv(app.db, range, which, { currency: (await app.settings.getShop()).currency });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(which, range)}"`)
        .send(csv);
    },
  );
};
