import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryListQuerySchema,
  adminCategoryListSchema,
  adminCategorySchema,
  categoryBodySchema,
  categoryPatchSchema,
  deleteCategoryQuerySchema,
  idParamsSchema,
} from '@/contract/admin-awards';
import { apiErrorSchema } from '@/contract/errors';
import * as service from './admin-categories.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/**
 * /api/admin/categories (issue 14, docs/decisions/101): every category with its award count; create, change and
 * delete (asking where its awards go), each audited and followed by the public catalogue at once.
 */
export const adminCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = <T>(result: T): T => {
    app.catalogCache.clear();
    return result;
  };
  const admin = { admin: true as const };
  const tags = ['admin'];

  app.get(
    '/api/admin/categories',
    {
      config: admin,
      schema: { tags, summary: 'Every category, active or not, with how many awards it holds', querystring: adminCategoryListQuerySchema, response: { 200: adminCategoryListSchema, ...errors } },
    },
    async (request) => ({ categories: await service.listAdminCategories(app.db, request.query) }),
  );

  app.post(
    '/api/admin/categories',
    {
      config: admin,
      schema: { tags, summary: 'Create a category (audited)', description: 'Without slug: made from the name. Without color: the badge shows #6366f1.', body: categoryBodySchema, response: { 200: adminCategorySchema, ...errors } },
    },
    async (request) => changed(await service.createCategory(app.db, await app.auth.requireActor(request), request.body)),
  );

  app.patch(
    '/api/admin/categories/:id',
    { config: admin, schema: { tags, summary: 'Change a category (audited)', params: idParamsSchema, body: categoryPatchSchema, response: { 200: adminCategorySchema, ...errors } } },
    async (request) => changed(await service.updateCategory(app.db, await app.auth.requireActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/categories/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a category (audited); awards_to says where its awards go',
        description: "awards_to: another category's id, or 'none' (the gallery's 'Other Awards'). Needed when the category has awards (409 CATEGORY_HAS_AWARDS otherwise).",
        params: idParamsSchema,
        querystring: deleteCategoryQuerySchema,
        response: { 200: z.object({ deleted: z.literal(true), moved: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { moved } = await service.deleteCategory(app.db, await app.auth.requireActor(request), request.params.id, request.query.awards_to);
      return changed({ deleted: true as const, moved });
    },
  );
};
