import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import {
  createQuizResultBodySchema,
  createQuizResultResponseSchema,
  leaveQuizGalleryBodySchema,
  QUIZ_RESULT_RATE_LIMIT,
  quizGalleryPageSchema,
  quizGalleryQuerySchema,
  quizResultParamsSchema,
  quizResultSchema,
  quizSchema,
} from '@/contract/quiz';
import { sendCachedJson } from '@/server/lib/cache';
import { matchesEtag } from '@/server/lib/cache-control';
import { certificateCacheKey, renderUnavailable } from '../certificates';
import type { QuizContext } from './context';
import { quizCertificateData } from './quiz-certificate';
import { createQuizResult, galleryPage, leaveGallery, quizForVisitors, requireResult, toQuizResult } from './quiz.service';
import { enforceQuizResultLimit } from './rate-limits';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** A result's drawing: the same for everyone with the link, and only redrawn when the award's words change. */
const FILES = {
  'certificate.svg': { kind: 'svg', type: 'image/svg+xml; charset=utf-8', summary: "The result's certificate as SVG" },
  'share.png': { kind: 'share-png', type: 'image/png', summary: "The result's 1200×630 share image (og:image)" },
} as const;

/** The quiz (docs/decisions/098): its questions, results and their pictures, and the Hall of Fame. */
export function quizRoutes(ctx: QuizContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/quiz',
      {
        schema: {
          tags: ['quiz'],
          summary: 'The active questions with their answers, and every award the quiz can lead to (never the weights)',
          description: 'The same for everyone: kept in the catalogue cache and cacheable for a minute (emptied when the catalogue changes).',
          response: { 200: quizSchema, 404: apiErrorSchema },
        },
      },
      async (_request, reply) => {
        // Switched off in the admin's settings: 404 FEATURE_OFF (docs/decisions/104).
        await app.settings.requireFeature('quiz');
        const cached = await app.catalogCache.get('quiz', async () => JSON.stringify(z.encode(quizSchema, await quizForVisitors(ctx.db))));
        return sendCachedJson(reply, cached);
      },
    );

    app.post(
      '/api/quiz/results',
      {
        // Before the body is read or checked: switched off means 404 FEATURE_OFF whatever was sent.
        onRequest: async () => app.settings.requireFeature('quiz'),
        schema: {
          tags: ['quiz'],
          summary: 'Score the answers and issue the result: the award, a certificate, an unguessable link',
          description:
            'answers: one answer id per active question (400 naming `answers`, or `answers.{i}` for an id that answers nothing). ' +
            'The award is computed on the server from the weights in the database. name (≤ 60) goes on the certificate; ' +
            'in_gallery (default false) lists the result, with the name, in the public Hall of Fame. manage_token is shown once: ' +
            `it takes the result out of the Hall of Fame later. Per-IP limit ${QUIZ_RESULT_RATE_LIMIT.max} an hour (429 RATE_LIMITED).`,
          body: createQuizResultBodySchema,
          response: { 201: createQuizResultResponseSchema, ...errors, 503: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await enforceQuizResultLimit(ctx.db, request.ip);
        const { result, manageToken } = await createQuizResult(ctx, request.body);
        return reply.code(201).send({ result, manage_token: manageToken });
      },
    );

    app.get(
      '/api/quiz/results/:result_id',
      {
        // The same for everyone with the link; revalidated (a 304 by ETag) so leaving the Hall of Fame shows at once.
        config: { cacheControl: 'public, no-cache' },
        schema: {
          tags: ['quiz'],
          summary: 'A quiz result, for anyone with its link',
          description: '404 QUIZ_RESULT_NOT_FOUND for an unknown id; 400 for one that is not a result id.',
          params: quizResultParamsSchema,
          response: { 200: quizResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const loaded = await requireResult(ctx.db, request.params.result_id);
        // Results are people's own, found through their link only.
        reply.header('x-robots-tag', 'noindex');
        return toQuizResult(loaded);
      },
    );

    for (const [file, def] of Object.entries(FILES)) {
      app.get(
        `/api/quiz/results/:result_id/${file}`,
        {
          schema: {
            tags: ['quiz'],
            summary: def.summary,
            description:
              'Drawn by the certificate renderer (PNGs in its render pool). ETag = hash of everything drawn; cacheable for an hour and ' +
              'revalidated with If-None-Match (304). 404 for an unknown result; 503 with Retry-After when the renderer is at capacity.',
            params: quizResultParamsSchema,
            produces: [def.type.split(';')[0]!],
            response: { 200: z.string().describe(def.summary), ...errors, 503: apiErrorSchema },
          },
        },
        async (request, reply) => serveFile(ctx, request, reply, request.params.result_id, def),
      );
    }

    app.post(
      '/api/quiz/results/:result_id/leave-gallery',
      {
        schema: {
          tags: ['quiz'],
          summary: 'Take a result out of the public Hall of Fame (the browser that made it holds its manage token)',
          description: '403 QUIZ_TOKEN_INVALID when manage_token is not this result’s. Taking it out twice is fine. It cannot be put back.',
          params: quizResultParamsSchema,
          body: leaveQuizGalleryBodySchema,
          response: { 200: quizResultSchema, ...errors },
        },
      },
      async (request) => leaveGallery(ctx.db, request.params.result_id, request.body.manage_token),
    );

    app.get(
      '/api/quiz/gallery',
      {
        // The same for everyone; revalidated every time, so a result taken out of the Hall of Fame vanishes at once.
        config: { cacheControl: 'public, no-cache' },
        schema: {
          tags: ['quiz'],
          summary: 'The Hall of Fame: results whose takers opted in, newest first, optionally one award, cursor-paged',
          description: 'limit 1–48 (default 12); next_cursor is null on the last page.',
          querystring: quizGalleryQuerySchema,
          response: { 200: quizGalleryPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        await app.settings.requireFeature('quiz');
        return galleryPage(ctx.db, request.query);
      },
    );
  };
}

async function serveFile(
  ctx: QuizContext,
  request: FastifyRequest,
  reply: FastifyReply,
  publicId: string,
  def: (typeof FILES)[keyof typeof FILES],
) {
  const loaded = await requireResult(ctx.db, publicId);
  const data = await quizCertificateData(ctx, loaded);
  const slug = loaded.template.slug;
  // The render cache's own key: the same input always gives the same bytes.
  const etag = `"${certificateCacheKey(def.kind, data, slug).slice(0, 40)}"`;
  reply.header('etag', etag).header('cache-control', 'public, max-age=3600').header('x-robots-tag', 'noindex');
  if (matchesEtag(request, etag)) return reply.code(304).send();
  let body: string | Buffer;
  try {
    body = def.kind === 'svg' ? await ctx.renderer.svg(data, slug) : await ctx.renderer.sharePng(data, slug);
  } catch (error) {
    reply.removeHeader('etag');
    throw renderUnavailable(error);
  }
  reply.type(def.type).header('content-disposition', `inline; filename="quiz-${loaded.result.certificateNumber}.${def.kind === 'svg' ? 'svg' : 'png'}"`);
  if (def.kind === 'svg') {
    // Opened on its own, the SVG may run nothing and load nothing but its embedded images and fonts.
    reply.header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:");
  }
  return reply.send(body);
}
