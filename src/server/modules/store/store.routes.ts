import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contract/errors';
import { awardMockupsQuerySchema, awardMockupsSchema, quoteBodySchema, quoteSchema, storeCatalogueQuerySchema, storeCatalogueSchema } from '@/contract/shop';
import { badRequest } from '@/server/lib/http-errors';
import { sendCachedJson } from '@/server/lib/cache';
import { LocalImageSizes } from './image-size';
import { shopCurrencies } from '../settings';
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
        summary: 'Active products with their active variants priced in one of the shop’s currencies (default: its own), and shipping methods',
        querystring: storeCatalogueQuerySchema,
        response: { 200: storeCatalogueSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const shop = await app.settings.getShop();
      const currencies = shopCurrencies(shop);
      const currency = request.query.currency ?? shop.currency;
      // One cached answer per currency the shop sells in; any other is refused before it reaches the cache.
      if (!currencies.includes(currency)) throw badRequest(`We don’t sell in ${currency}. Choose ${currencies.join(', ')}.`, 'currency', 'CURRENCY_NOT_SOLD');
      const cached = await app.catalogCache.get(`store:catalogue:${currency}`, async () => {
        const products = await listCatalogue(app.db, currency);
        return JSON.stringify(
          z.encode(storeCatalogueSchema, { currency, currencies, test_mode: app.payments.testMode, products, shipping_methods: shippingMethods(shop, currency) }),
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
        { lines: b.lines, shippingMethod: b.shipping_method, country: b.country, currency: b.currency, state: b.state, postalCode: b.postal_code, discountCode: b.discount_code },
        app.payments.testMode,
        { shippingRates: app.shippingRates, pricing: app.pricing, salesTax: app.salesTax },
      );
      return result.quote;
    },
  );
};
