import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { quoteBodySchema, quoteSchema, storeCatalogueSchema } from '@/contract/shop';
import { sendCachedJson } from '@/server/lib/cache';
import { listCatalogue, quote, shippingMethods } from './store.service';

/** GET /api/store/products and POST /api/store/quote: the catalogue and cart prices (issue 9). */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const result = await quote(app.db, shop, { lines: b.lines, shippingMethod: b.shipping_method, country: b.country, discountCode: b.discount_code }, app.payments.testMode);
      return result.quote;
    },
  );
};
