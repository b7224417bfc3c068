import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { awardMockupsQuerySchema, awardMockupsSchema, quoteBodySchema, quoteSchema, storeCatalogueSchema } from '@/contract/shop';
import { sendCachedJson } from '@/server/lib/cache';
import { LocalImageSizes } from './image-size';
import { listAwardMockups, listCatalogue, quote, shippingMethods } from './store.service';
import { keepPagesOnEveryRoute } from '@/server/lib/page-cache';

/** GET /api/store/products, GET /api/store/mockups and POST /api/store/quote: the catalogue, award photos and cart prices. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Rendered pages stay kept after these writes (the quote only reads; docs/decisions/092).
  keepPagesOnEveryRoute(app);
  const imageSizes = new LocalImageSizes(app.config.webDistDir);

  app.get(
    '/api/store/products',
    {
      schema: {
        tags: ['store'],
        summary: 'Active products with their active variants, the shop currency and shipping methods',
        response: { 200: storeCatalogueSchema },
      },
    },
    async (_request, reply) => {
      const cached = await app.catalogCache.get('store:catalogue', async () => {
        const shop = await app.settings.getShop();
        const products = await listCatalogue(app.db, shop.currency);
        return JSON.stringify(
          z.encode(storeCatalogueSchema, { currency: shop.currency, test_mode: app.payments.testMode, products, shipping_methods: shippingMethods(shop) }),
        );
      });
      return sendCachedJson(reply, cached);
    },
  );

  app.get(
    '/api/store/mockups',
    {
      schema: {
        tags: ['store'],
        summary: 'Photos of an award on the printed products (the admin’s active award → product mappings with a mockup)',
        description: 'Newest first; a mockup with variant_id shows that variant, one without shows the product. Cached like the catalogue.',
        querystring: awardMockupsQuerySchema,
        response: { 200: awardMockupsSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const awardId = request.query.award;
      const cached = await app.catalogCache.get(`store:mockups:${awardId}`, async () =>
        JSON.stringify(z.encode(awardMockupsSchema, { award_id: awardId, mockups: await listAwardMockups(app.db, awardId, imageSizes) })),
      );
      return sendCachedJson(reply, cached);
    },
  );

  app.post(
    '/api/store/quote',
    {
      schema: {
        tags: ['store'],
        summary: "A cart's current prices and, with shipping method, country and discount code, its order summary",
        description:
          'Prices come from the database; lines that can no longer be bought are flagged (available: false) and not counted. discount_error says why a code does not apply.',
        body: quoteBodySchema,
        response: { 200: quoteSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const shop = await app.settings.getShop();
      const b = request.body;
      const result = await quote(
        app.db,
        shop,
        { lines: b.lines, shippingMethod: b.shipping_method, country: b.country, state: b.state, postalCode: b.postal_code, discountCode: b.discount_code },
        app.payments.testMode,
        { shippingRates: app.shippingRates, pricing: app.pricing, salesTax: app.salesTax },
      );
      return result.quote;
    },
  );
};
