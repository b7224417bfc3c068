import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { discountCodeBodySchema, discountCodeListSchema, discountCodePatchSchema, discountCodeSchema, idParamsSchema } from '@/contract/admin-products';
import { apiErrorSchema } from '@/contract/errors';
import * as service from './admin-discounts.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const deleted = z.object({ deleted: z.literal(true) });

/** /api/admin/discount-codes (issue 9): every change audited. */
export const adminDiscountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { admin: true as const };
  const tags = ['admin'];

  app.get(
    '/api/admin/discount-codes',
    {
      config: admin,
      schema: { tags, summary: 'Discount codes, newest first, with how often each was used, and the currencies their amounts may be in', response: { 200: discountCodeListSchema, ...errors } },
    },
    async () => service.listDiscountCodes(app.db, await app.settings.getShop()),
  );

  app.post(
    '/api/admin/discount-codes',
    { config: admin, schema: { tags, summary: 'Create a discount code (audited)', body: discountCodeBodySchema, response: { 200: discountCodeSchema, ...errors } } },
    async (request) => service.createDiscountCode(app.db, await app.auth.requireActor(request), await app.settings.getShop(), request.body),
  );

  app.patch(
    '/api/admin/discount-codes/:id',
    { config: admin, schema: { tags, summary: 'Change a discount code (audited)', params: idParamsSchema, body: discountCodePatchSchema, response: { 200: discountCodeSchema, ...errors } } },
    async (request) => service.updateDiscountCode(app.db, await app.auth.requireActor(request), await app.settings.getShop(), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/discount-codes/:id',
    { config: admin, schema: { tags, summary: 'Delete a discount code (audited)', params: idParamsSchema, response: { 200: deleted, ...errors } } },
    async (request) => {
      await service.deleteDiscountCode(app.db, await app.auth.requireActor(request), request.params.id);
      return { deleted: true as const };
    },
  );
};
