import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import {
  adminLandingPageListQuerySchema,
  adminLandingPageListSchema,
  adminLandingPageSchema,
  LANDING_LIMITS,
  landingCtaTargetsSchema,
  landingIdParamsSchema,
  landingImageUploadSchema,
  landingPageBodySchema,
  landingPagePatchSchema,
  landingPagePreviewBodySchema,
  landingPageViewSchema,
  landingSlugParamsSchema,
} from '@/contract/landing-pages';
import { notFound } from '@/server/lib/http-errors';
import { LANDING_IMAGE_MULTIPART_LIMITS, readLandingImage, storeLandingImage } from './image-upload';
import * as service from './landing-pages.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const deleted = z.object({ deleted: z.literal(true) });

/**
 * Landing pages (issue 14, docs/decisions/102): the public GET of a published page, and the admin's list,
 * editor, preview, picture upload, publish/unpublish and delete under /api/admin (admin-only by the one guard,
 * decision 050). Every admin change is audited and empties the catalogue cache, which drops the kept pages
 * too (decision 092), so the public page and the sitemap show it at once.
 */
export const landingPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = <T>(result: T): T => {
    app.catalogCache.clear();
    return result;
  };
  const admin = { admin: true as const };
  const tags = ['admin', 'landing-pages'];

  app.get(
    '/api/landing-pages/:slug',
    {
      // Kept by the server until the next change; browsers and CDNs ask again each time (a 304 by ETag), so an
      // unpublished page is gone at once.
      config: { cacheControl: 'public, no-cache' },
      schema: {
        tags: ['landing-pages'],
        summary: 'A published landing page: hero, sections as sanitised HTML, and its call to action as a link',
        description: 'Drafts and unknown addresses answer 404 LANDING_PAGE_NOT_FOUND, to everyone.',
        params: landingSlugParamsSchema,
        response: { 200: landingPageViewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const cached = await app.catalogCache.get(`landing-page:${slug}`, async () => {
        const page = await service.publishedLandingPage(app.db, slug);
        return page ? JSON.stringify(z.encode(landingPageViewSchema, page)) : '';
      });
      if (!cached.body) throw notFound('There is no published page at this address.', 'LANDING_PAGE_NOT_FOUND');
      // Pre-serialized JSON, as the catalogue sends it (lib/cache.ts), with our own Cache-Control from the route.
      const raw: FastifyReply = reply;
      return raw.header('etag', cached.etag).type('application/json; charset=utf-8').send(cached.body);
    },
  );

  app.get(
    '/api/admin/landing-pages',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Landing pages, 25 a page: search by title or address, filter by status, sort by updated, title, slug or published',
        querystring: adminLandingPageListQuerySchema,
        response: { 200: adminLandingPageListSchema, ...errors },
      },
    },
    async (request) => service.listLandingPages(app.db, request.query),
  );

  app.get(
    '/api/admin/landing-pages/cta-targets',
    { config: admin, schema: { tags, summary: 'What a call to action may lead to: every award and product, active first', response: { 200: landingCtaTargetsSchema, ...errors } } },
    async () => service.ctaTargets(app.db),
  );

  app.post(
    '/api/admin/landing-pages/preview',
    {
      // Stores nothing: the served pages stay kept.
      config: { ...admin, keepsPages: true },
      schema: {
        tags,
        summary: 'The editor’s values rendered as the public page would be (sanitised HTML); nothing is stored',
        body: landingPagePreviewBodySchema,
        response: { 200: landingPageViewSchema, ...errors },
      },
    },
    async (request) => service.previewLandingPage(app.db, request.body),
  );

  // The one multipart route, in a plugin of its own: no other route accepts multipart bodies.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, { limits: LANDING_IMAGE_MULTIPART_LIMITS });
    upload.post(
      '/api/admin/landing-pages/images',
      {
        // A stored picture shows nowhere until a page names it.
        config: { ...admin, keepsPages: true },
        schema: {
          tags,
          summary: 'Upload a hero picture (audited): multipart/form-data, one file in the field `file`',
          description: `PNG, JPEG, WebP or GIF, typed by its bytes (415 otherwise), at most ${LANDING_LIMITS.imageMaxBytes / (1024 * 1024)} MB (413). Stored in the public award-images bucket under a key named by its bytes; answers its address.`,
          consumes: ['multipart/form-data'],
          response: { 200: landingImageUploadSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
        },
      },
      async (request) => {
        const actor = await app.auth.requireActor(request);
        const image = await readLandingImage(request);
        return storeLandingImage({ db: app.db, storage: app.storage }, actor, image);
      },
    );
  });

  app.post(
    '/api/admin/landing-pages',
    { config: admin, schema: { tags, summary: 'Create a landing page, as a draft (audited)', body: landingPageBodySchema, response: { 200: adminLandingPageSchema, ...errors } } },
    async (request) => changed(await service.createLandingPage(app.db, await app.auth.requireActor(request), request.body)),
  );

  app.get(
    '/api/admin/landing-pages/:id',
    { config: admin, schema: { tags, summary: 'A landing page as stored, Markdown and all', params: landingIdParamsSchema, response: { 200: adminLandingPageSchema, ...errors } } },
    async (request) => service.getLandingPage(app.db, request.params.id),
  );

  app.patch(
    '/api/admin/landing-pages/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change a landing page (audited); a published page shows the change at once',
        params: landingIdParamsSchema,
        body: landingPagePatchSchema,
        response: { 200: adminLandingPageSchema, ...errors },
      },
    },
    async (request) => changed(await service.updateLandingPage(app.db, await app.auth.requireActor(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/landing-pages/:id/publish',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Publish a landing page at /l/{slug}, indexable and in the sitemap (audited)',
        description: 'Its call to action must lead to an active award or product (400 naming cta_award_id or cta_product_id).',
        params: landingIdParamsSchema,
        response: { 200: adminLandingPageSchema, ...errors },
      },
    },
    async (request) => changed(await service.publishLandingPage(app.db, await app.auth.requireActor(request), request.params.id)),
  );

  app.post(
    '/api/admin/landing-pages/:id/unpublish',
    {
      config: admin,
      schema: { tags, summary: 'Take a landing page back to draft: its address answers 404 (audited)', params: landingIdParamsSchema, response: { 200: adminLandingPageSchema, ...errors } },
    },
    async (request) => changed(await service.unpublishLandingPage(app.db, await app.auth.requireActor(request), request.params.id)),
  );

  app.delete(
    '/api/admin/landing-pages/:id',
    { config: admin, schema: { tags, summary: 'Delete a landing page (audited)', params: landingIdParamsSchema, response: { 200: deleted, ...errors } } },
    async (request) => {
      await service.deleteLandingPage(app.db, await app.auth.requireActor(request), request.params.id);
      return changed({ deleted: true as const });
    },
  );
};
