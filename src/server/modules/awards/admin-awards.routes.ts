import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AWARD_LIMITS,
  adminAwardExportQuerySchema,
  adminAwardListQuerySchema,
  adminAwardListSchema,
  adminAwardSchema,
  awardAuditListSchema,
  awardAuditQuerySchema,
  awardBodySchema,
  awardPatchSchema,
  bulkAwardsBodySchema,
  idParamsSchema,
  importBodySchema,
  importPreviewSchema,
  importResultSchema,
  moveAwardBodySchema,
} from '@/contract/admin-awards';
import { apiErrorSchema } from '@/contract/errors';
import { oneImageLimits, readImageUpload } from '@/server/lib/image-upload';
import * as service from './admin-awards.service';
import { awardImageKey, isOwnAwardUpload } from './award-image';
import { stringifyAwards } from './awards-csv';
import { commitImport, previewImport } from './awards-import.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const MB = 1024 * 1024;
/** An award's picture: the form field `image`, at most AWARD_LIMITS.imageMaxBytes. */
const IMAGE_UPLOAD = { field: 'image', maxBytes: AWARD_LIMITS.imageMaxBytes };

/**
 * /api/admin/awards… (issue 14, docs/decisions/101): the admin's list, one award, create, change, delete, bulk
 * activation, reordering, the picture, the history (awards_audit) and the CSV export and import. Admin-only by the
 * matched route (docs/decisions/050); every change audited (069) and followed by the public catalogue (004, 092).
 */
export const adminAwardsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes take multipart bodies (the picture); the parser's own limits bound what one upload can cost.
  await app.register(fastifyMultipart, { limits: oneImageLimits(IMAGE_UPLOAD) });

  /** After any change: the gallery, the quiz and the pages show it at once (docs/decisions/004, 092). */
  const changed = <T>(result: T): T => {
    app.catalogCache.clear();
    return result;
  };
  const admin = { admin: true as const };
  const tags = ['admin'];

  app.get(
    '/api/admin/awards',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Awards, active or not, a page at a time',
        description: `search matches title, description and tagline; category_id may be 'none'; ${AWARD_LIMITS.pageSize} a page.`,
        querystring: adminAwardListQuerySchema,
        response: { 200: adminAwardListSchema, ...errors },
      },
    },
    async (request) => service.listAdminAwards(app.db, request.query),
  );

  app.get(
    '/api/admin/awards/export.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The awards as CSV (spec §3 format), with the list filters applied',
        description: 'Columns title, description, stats, tagline, category_slug, is_active, sort_order; by sort order. Without filters: every award.',
        querystring: adminAwardExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The CSV file'), ...errors },
      },
    },
    async (request, reply) => {
      const rows = await service.awardsForExport(app.db, request.query);
      const csv = stringifyAwards(
        rows.map(({ award, category }) => ({
          title: award.title,
          description: award.description,
          stats: service.toAdminAward(award, null).stats,
          tagline: award.tagline,
          category_slug: category?.slug ?? null,
          is_active: award.isActive,
          sort_order: award.sortOrder,
        })),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="awards-${day}.csv"`).send(csv);
    },
  );

  app.post(
    '/api/admin/awards/import/preview',
    {
      config: { ...admin, keepsPages: true },
      bodyLimit: 4 * MB,
      schema: {
        tags,
        summary: 'What importing a CSV would do, row by row, with each error and its line; changes nothing',
        description: `At most ${AWARD_LIMITS.csvMaxChars / 1_000_000} MB of text and ${AWARD_LIMITS.csvMaxRows} rows. Rows match awards by slug (when the file has that column) or title.`,
        body: importBodySchema,
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => previewImport(app.db, request.body.csv),
  );

  app.post(
    '/api/admin/awards/import',
    {
      config: admin,
      bodyLimit: 4 * MB,
      schema: {
        tags,
        summary: 'Import a CSV in one transaction, all or nothing (audited)',
        description: 'A file with any error imports nothing (400 IMPORT_INVALID): preview it first.',
        body: importBodySchema,
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => changed(await commitImport(app.db, await app.auth.requireActor(request), request.body.csv)),
  );

  app.get(
    '/api/admin/awards-audit',
    {
      config: admin,
      schema: {
        tags,
        summary: 'awards_audit, newest first: every award change with who made it, before and after',
        querystring: awardAuditQuerySchema,
        response: { 200: awardAuditListSchema, ...errors },
      },
    },
    async (request) => service.listAwardAudit(app.db, request.query),
  );

  app.post(
    '/api/admin/awards/bulk',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Activate or deactivate several awards (each change audited)',
        body: bulkAwardsBodySchema,
        response: { 200: z.object({ updated: z.number().int() }), ...errors },
      },
    },
    async (request) => changed(await service.bulkSetActive(app.db, await app.auth.requireActor(request), request.body.ids, request.body.is_active)),
  );

  app.post(
    '/api/admin/awards',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create an award (audited)',
        description: 'Without slug: made from the title. Without category_id: auto_assign_category picks one from the slug.',
        body: awardBodySchema,
        response: { 200: adminAwardSchema, ...errors },
      },
    },
    async (request) => changed(await service.createAward(app.db, await app.auth.requireActor(request), request.body)),
  );

  app.get(
    '/api/admin/awards/:id',
    { config: admin, schema: { tags, summary: 'One award, active or not', params: idParamsSchema, response: { 200: adminAwardSchema, ...errors } } },
    async (request) => service.getAdminAward(app.db, request.params.id),
  );

  app.patch(
    '/api/admin/awards/:id',
    {
      config: admin,
      schema: { tags, summary: 'Change an award (audited)', params: idParamsSchema, body: awardPatchSchema, response: { 200: adminAwardSchema, ...errors } },
    },
    async (request) => changed(await service.updateAward(app.db, await app.auth.requireActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/awards/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an award nobody has used (audited)',
        description: 'An award on a certificate, a quiz result or an order answers 409 AWARD_IN_USE: deactivate it instead.',
        params: idParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const before = await service.deleteAward(app.db, await app.auth.requireActor(request), request.params.id);
      if (isOwnAwardUpload(app.storage, before.id, before.imageUrl)) await app.storage.delete('award-images', awardImageKey(before.id)).catch((err: unknown) => request.log.warn({ err }, 'award image not deleted'));
      return changed({ deleted: true as const });
    },
  );

  app.post(
    '/api/admin/awards/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Move an award one place up or down among the awards of its category (audited)',
        params: idParamsSchema,
        body: moveAwardBodySchema,
        response: { 200: adminAwardSchema, ...errors },
      },
    },
    async (request) => changed(await service.moveAward(app.db, await app.auth.requireActor(request), request.params.id, request.body.direction)),
  );

  app.post(
    '/api/admin/awards/:id/image',
    {
      config: admin,
      schema: {
        tags,
        summary: "Upload the award's picture (multipart field image): replaces the previous one (audited)",
        description: `PNG, JPEG, WebP or GIF, typed by its bytes (415 otherwise; SVG is refused), at most ${AWARD_LIMITS.imageMaxBytes / MB} MB (413). Stored in award-images with upsert; the award's image_url becomes its public URL.`,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: adminAwardSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      await service.requireAward(app.db, request.params.id);
      const { bytes, type } = await readImageUpload(request, IMAGE_UPLOAD);
      const key = awardImageKey(request.params.id);
      // Upsert, then the public URL (spec §7); ?v= changes with the bytes, so browsers and CDNs fetch the new picture.
      const stored = await app.storage.put('award-images', key, bytes, { contentType: type.mime, upsert: true, cacheControl: 'public, max-age=300' });
      const url = `${app.storage.publicUrl('award-images', key)}?v=${stored.etag.replace(/"/g, '').slice(0, 12)}`;
      const { award } = await service.setAwardImage(app.db, actor, request.params.id, url);
      return changed(award);
    },
  );

  app.delete(
    '/api/admin/awards/:id/image',
    {
      config: admin,
      schema: { tags, summary: "Remove the award's picture (audited)", params: idParamsSchema, response: { 200: adminAwardSchema, ...errors } },
    },
    async (request) => {
      const { award, previous } = await service.setAwardImage(app.db, await app.auth.requireActor(request), request.params.id, null);
      if (isOwnAwardUpload(app.storage, award.id, previous)) await app.storage.delete('award-images', awardImageKey(award.id)).catch((err: unknown) => request.log.warn({ err }, 'award image not deleted'));
      return changed(award);
    },
  );
};
