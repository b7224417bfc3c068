import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import {
  awardProductTemplateBodySchema,
  awardProductTemplateListSchema,
  awardProductTemplatePatchSchema,
  awardProductTemplateSchema,
  mappingParamsSchema,
  type AwardProductTemplate,
} from '@/contract/fulfilment';
import type { Db } from '@/server/db/client';
import { awardProductTemplates, awards, products, variants } from '@/server/db/schema/index';
import { badRequest, notFound } from '@/server/lib/http-errors';
import { audited } from '../audit';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

async function listMappings(db: Db, where?: ReturnType<typeof eq>): Promise<AwardProductTemplate[]> {
  const rows = await db
    .select({ m: awardProductTemplates, awardTitle: awards.title, productName: products.name, variantName: variants.name })
    .from(awardProductTemplates)
    .innerJoin(awards, eq(awards.id, awardProductTemplates.awardId))
    .leftJoin(products, eq(products.id, awardProductTemplates.productId))
    .leftJoin(variants, eq(variants.id, awardProductTemplates.variantId))
    .where(where)
    // spec §7: newest first
    .orderBy(desc(awardProductTemplates.createdAt), desc(awardProductTemplates.id))
    .limit(500);
  return rows.map(({ m, awardTitle, productName, variantName }) => ({
    id: m.id,
    award_id: m.awardId,
    award_title: awardTitle,
    product_id: m.productId,
    product_name: productName,
    variant_id: m.variantId,
    variant_name: variantName,
    base_template_id: m.baseTemplateId,
    generated_template_id: m.generatedTemplateId,
    mockup_url: m.mockupUrl,
    is_active: m.isActive,
    created_at: m.createdAt.toISOString(),
  }));
}

/** The product and variant must exist, and the variant must belong to the product. */
async function checkRefs(db: Db, body: { award_id?: string | undefined; product_id?: string | undefined; variant_id?: string | null | undefined }, current?: { productId: string | null }) {
  if (body.award_id) {
    const [award] = await db.select({ id: awards.id }).from(awards).where(eq(awards.id, body.award_id));
    if (!award) throw badRequest('award_id is not an award.', 'award_id');
  }
  const productId = body.product_id ?? current?.productId ?? null;
  if (body.product_id) {
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, body.product_id));
    if (!product) throw badRequest('product_id is not a product.', 'product_id');
  }
  if (body.variant_id) {
    const [variant] = await db.select({ productId: variants.productId }).from(variants).where(eq(variants.id, body.variant_id));
    if (!variant) throw badRequest('variant_id is not a variant.', 'variant_id');
    if (variant.productId !== productId) throw badRequest('variant_id must be a variant of the chosen product.', 'variant_id');
  }
}

/**
 * /api/admin/award-product-templates (spec §3/§7 award_product_templates): which printed product an award sells as,
 * with its templates and mockup; newest first; every change audited. The store shows the active mapping's mockup.
 */
export const awardProductTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { admin: true as const };
  const tags = ['admin'];
  const one = async (id: string) => {
    const [m] = await listMappings(app.db, eq(awardProductTemplates.id, id));
    if (!m) throw notFound('There is no such mapping.', 'MAPPING_NOT_FOUND');
    return m;
  };

  app.get(
    '/api/admin/award-product-templates',
    { config: admin, schema: { tags, summary: 'Award → product mappings, newest first', response: { 200: awardProductTemplateListSchema, ...errors } } },
    async () => ({ mappings: await listMappings(app.db) }),
  );

  app.post(
    '/api/admin/award-product-templates',
    { config: admin, schema: { tags, summary: 'Map an award to a product (audited)', body: awardProductTemplateBodySchema, response: { 200: awardProductTemplateSchema, ...errors } } },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const b = request.body;
      await checkRefs(app.db, b);
      const id = await app.db.transaction(async (tx) => {
        const values = {
          awardId: b.award_id,
          productId: b.product_id,
          variantId: b.variant_id ?? null,
          baseTemplateId: b.base_template_id ?? null,
          generatedTemplateId: b.generated_template_id ?? null,
          mockupUrl: b.mockup_url ?? null,
          isActive: b.is_active,
        };
        return audited(tx, actor, { action: 'award_product_template.created', entityType: 'award_product_template', entityId: null, before: null, after: values }, async () => {
          const [row] = await tx.insert(awardProductTemplates).values(values).returning({ id: awardProductTemplates.id });
          return row!.id;
        });
      });
      app.catalogCache.clear();
      return one(id);
    },
  );

  app.patch(
    '/api/admin/award-product-templates/:mappingId',
    {
      config: admin,
      schema: { tags, summary: 'Change a mapping (audited)', params: mappingParamsSchema, body: awardProductTemplatePatchSchema, response: { 200: awardProductTemplateSchema, ...errors } },
    },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const [current] = await app.db.select().from(awardProductTemplates).where(eq(awardProductTemplates.id, request.params.mappingId));
      if (!current) throw notFound('There is no such mapping.', 'MAPPING_NOT_FOUND');
      const b = request.body;
      await checkRefs(app.db, b, current);
      const set = {
        ...(b.award_id !== undefined ? { awardId: b.award_id } : {}),
        ...(b.product_id !== undefined ? { productId: b.product_id } : {}),
        ...(b.variant_id !== undefined ? { variantId: b.variant_id } : {}),
        ...(b.base_template_id !== undefined ? { baseTemplateId: b.base_template_id } : {}),
        ...(b.generated_template_id !== undefined ? { generatedTemplateId: b.generated_template_id } : {}),
        ...(b.mockup_url !== undefined ? { mockupUrl: b.mockup_url } : {}),
        ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
      };
      await app.db.transaction((tx) =>
        audited(tx, actor, { action: 'award_product_template.updated', entityType: 'award_product_template', entityId: current.id, before: current, after: set }, () =>
          tx.update(awardProductTemplates).set({ ...set, updatedAt: sql`now()` }).where(eq(awardProductTemplates.id, current.id)),
        ),
      );
      app.catalogCache.clear();
      return one(current.id);
    },
  );

  app.delete(
    '/api/admin/award-product-templates/:mappingId',
    { config: admin, schema: { tags, summary: 'Delete a mapping (audited)', params: mappingParamsSchema, response: { 200: z.object({ deleted: z.literal(true) }), ...errors } } },
    async (request) => {
      const actor = await app.auth.requireActor(request);
      const [current] = await app.db.select().from(awardProductTemplates).where(eq(awardProductTemplates.id, request.params.mappingId));
      if (!current) throw notFound('There is no such mapping.', 'MAPPING_NOT_FOUND');
      await app.db.transaction((tx) =>
        audited(tx, actor, { action: 'award_product_template.deleted', entityType: 'award_product_template', entityId: current.id, before: current, after: null }, () =>
          tx.delete(awardProductTemplates).where(eq(awardProductTemplates.id, current.id)),
        ),
      );
      app.catalogCache.clear();
      return { deleted: true as const };
    },
  );
};
