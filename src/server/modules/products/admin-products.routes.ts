import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductListSchema,
  adminProductSchema,
  idParamsSchema,
  productBodySchema,
  productPatchSchema,
  variantBodySchema,
  variantPatchSchema,
} from '@/contract/admin-products';
import { apiErrorSchema } from '@/contract/errors';
import * as service from './admin-products.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const deleted = z.object({ deleted: z.literal(true) });

/** /api/admin/products (issue 9): every change audited; the store's cached catalogue is dropped after each. */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = <T>(result: T): T => {
    app.catalogCache.clear();
    return result;
  };
  const admin = { admin: true as const };
  const tags = ['admin'];

  app.get(
    '/api/admin/products',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every product with its variants and their price lists, active or not, and the currencies the shop sells in',
        response: { 200: adminProductListSchema, ...errors },
      },
    },
    async () => service.listProducts(app.db, await app.settings.getShop()),
  );

  app.post(
    '/api/admin/products',
    { config: admin, schema: { tags, summary: 'Create a product (audited)', body: productBodySchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => changed(await service.createProduct(app.db, await app.auth.requireActor(request), request.body)),
  );

  app.patch(
    '/api/admin/products/:id',
    { config: admin, schema: { tags, summary: 'Change a product (audited)', params: idParamsSchema, body: productPatchSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => changed(await service.updateProduct(app.db, await app.auth.requireActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/products/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a product and its variants (audited)',
        description: 'Orders keep their own copy of what was bought. Deactivating is usually what you want.',
        params: idParamsSchema,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await service.deleteProduct(app.db, await app.auth.requireActor(request), request.params.id);
      return changed({ deleted: true as const });
    },
  );

  app.post(
    '/api/admin/products/:id/variants',
    { config: admin, schema: { tags, summary: 'Add a variant to a product, with its prices in other currencies (audited)', params: idParamsSchema, body: variantBodySchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => changed(await service.createVariant(app.db, await app.auth.requireActor(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/admin/variants/:id',
    { config: admin, schema: { tags, summary: 'Change a variant: price, price list (`prices` replaces it whole), active, … (audited)', params: idParamsSchema, body: variantPatchSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => changed(await service.updateVariant(app.db, await app.auth.requireActor(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/variants/:id',
    { config: admin, schema: { tags, summary: 'Delete a variant (audited)', params: idParamsSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => changed(await service.deleteVariant(app.db, await app.auth.requireActor(request), request.params.id)),
  );
};
