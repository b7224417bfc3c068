import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPrintfulServer, type PrintfulServer } from '@/server/test/loopback/printful-server';
import {
  FulfilmentMappingError,
  FulfilmentProviderError,
  FulfilmentWebhookAuthError,
  type FulfilmentEvent,
  type FulfilmentOrderInput,
} from './fulfilment-provider';
import { PrintfulFulfilmentProvider, fromMinorUnits, toMinorUnits, type PrintfulOptions } from './printful';

const TOKEN = 'pf-loopback-token-certifiable-0001';
const WEBHOOK_SECRET = 'whk-loopback-certifiable-0123456789abcdef';

function orderInput(over: Partial<FulfilmentOrderInput> = {}): FulfilmentOrderInput {
  return {
    externalId: randomUUID(),
    orderNumber: 'CF-10042',
    shipping: 'STANDARD',
    currency: 'usd',
    recipient: {
      name: 'Ada Lovelace',
      address1: '19 Main Street',
      address2: '',
      city: 'Springfield',
      stateCode: 'IL',
      countryCode: 'US',
      zip: '62701',
      phone: '',
      email: 'ada@example.com',
    },
    items: [
      {
        externalId: randomUUID(),
        variantRef: '3011',
        sku: 'CERT-POSTER-12x16',
        product: 'Certificate of Achievement Poster (12″×16″)',
        name: 'Certificate of Achievement Poster - 12″×16″',
        quantity: 1,
        retailPrice: 1234,
        printFileUrl: 'https://certifiable.test/print-files/abc.png',
      },
      {
        externalId: randomUUID(),
        variantRef: '3021',
        sku: 'CERT-FRAMED-BLK-12x16',
        product: 'Certificate of Achievement Framed Poster (Black / 12″×16″)',
        name: 'Certificate of Achievement Framed Poster - Black / 12″×16″',
        quantity: 2,
        retailPrice: 5995,
        printFileUrl: 'https://certifiable.test/print-files/def.png',
      },
    ],
    ...over,
  };
}

/** The rejection of `p`, which must be a FulfilmentProviderError. */
async function providerErrorOf(p: Promise<unknown>): Promise<FulfilmentProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FulfilmentProviderError);
  return err as FulfilmentProviderError;
}

function webhookError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
}

describe('PrintfulFulfilmentProvider against a loopback server that speaks Printful', () => {
  let server: PrintfulServer;

  /** A provider on the loopback server whose waits are recorded (and shortened to ≤ 50 ms). */
  function provider(over: Partial<PrintfulOptions> = {}, on: PrintfulServer = server) {
    const sleeps: number[] = [];
    const pf = new PrintfulFulfilmentProvider({
      token: on.token,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: on.url,
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50)));
      },
      ...over,
    });
    return { pf, sleeps };
  }

  /** What the server saw from now on. */
  function watch(on: PrintfulServer = server) {
    const since = on.requests.length;
    return () => on.requests.slice(since).map((r) => ({ ...r, line: `${r.method} ${r.path}` }));
  }

  beforeAll(async () => {
    server = await startPrintfulServer({ token: TOKEN });
  });
  afterEach(() => server.clearFailures());
  afterAll(async () => {
    await server.close();
  });

  describe('money', () => {
    it('reads and writes Printful amounts exactly', () => {
      expect(toMinorUnits('24.00')).toBe(2400);
      expect(toMinorUnits('19.99')).toBe(1999); // 19.99 * 100 = 1998.9999999999998
      expect(toMinorUnits('4.35')).toBe(435); // 4.35 * 100 = 434.99999999999994
      expect(toMinorUnits('84.10')).toBe(8410);
      expect(toMinorUnits('4.5')).toBe(450);
      expect(toMinorUnits('7')).toBe(700);
      expect(toMinorUnits(19.99)).toBe(1999);
      expect(() => toMinorUnits('12,50')).toThrow(FulfilmentProviderError);
      expect(fromMinorUnits(1234)).toBe('12.34');
      expect(fromMinorUnits(5)).toBe('0.05');
      expect(fromMinorUnits(2400)).toBe('24.00');
    });
  });

  describe('fetchTemplates', () => {
    it('reads every template with its catalogue product, the first per product being the default', async () => {
      const seen = watch();
      const { pf, sleeps } = provider();
      expect(pf.name).toBe('printful');
      const { templates, products } = await pf.fetchTemplates();

      expect(templates).toHaveLength(3);
      expect(products).toHaveLength(2);
      const perProduct = Object.fromEntries(products.map((p) => [p.name, templates.filter((t) => t.product_name === p.name).length]));
      expect(perProduct).toEqual({ 'Enhanced Matte Paper Poster (in)': 2, 'Enhanced Matte Paper Framed Poster (in)': 1 });
      expect(templates.filter((t) => t.is_default).map((t) => t.id)).toEqual([5001, 5003]);
      expect(templates[0]).toEqual({
        id: 5001,
        name: 'Certificate of Achievement — poster',
        product_name: 'Enhanced Matte Paper Poster (in)',
        variant_ids: [1349, 6239, 1],
        is_default: true,
        created: new Date(1_714_000_000 * 1000).toISOString(),
      });
      expect(templates[1]).toMatchObject({ id: 5002, variant_ids: [1349, 6239], is_default: false });
      expect(products).toEqual([
        { id: 1, name: 'Enhanced Matte Paper Poster (in)', thumbnail_url: 'https://files.cdn.printful.com/products/1/product_1613463122.jpg' },
        { id: 2, name: 'Enhanced Matte Paper Framed Poster (in)', thumbnail_url: 'https://files.cdn.printful.com/products/2/product_1613463103.jpg' },
      ]);

      const requests = seen();
      // Each catalogue product is asked for once, with the token on every request.
      expect(requests.map((r) => r.line)).toEqual(['GET /product-templates', 'GET /products/1', 'GET /products/2']);
      expect(requests[0]!.search).toBe('?offset=0&limit=100');
      expect(requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
      expect(requests.every((r) => r.storeId === undefined)).toBe(true);
      expect(sleeps).toEqual([]);
    });

    it('follows paging.total across pages and falls back to "Product N" for an unknown catalogue product', async () => {
      const other = await startPrintfulServer({ token: TOKEN, pageLimit: 2 });
      try {
        other.addTemplate({ id: 6001, productId: 999, title: 'Orphan template', variantIds: [77], createdAt: 1_700_000_000 });
        other.addTemplate({ id: 6002, productId: 2, title: 'Second framed', createdAt: 1_700_000_100 });
        const seen = watch(other);
        const { templates, products } = await provider({}, other).pf.fetchTemplates();
        expect(templates.map((t) => t.id)).toEqual([5001, 5002, 5003, 6001, 6002]);
        expect(templates.map((t) => t.is_default)).toEqual([true, false, true, true, false]);
        expect(templates[3]!.product_name).toBe('Product 999');
        expect(products.find((p) => p.id === 999)).toEqual({ id: 999, name: 'Product 999', thumbnail_url: null });
        const pages = seen().filter((r) => r.path === '/product-templates').map((r) => r.search);
        expect(pages).toEqual(['?offset=0&limit=100', '?offset=2&limit=100', '?offset=4&limit=100']);
      } finally {
        await other.close();
      }
    });

    it('sends X-PF-Store-Id when a store id is set', async () => {
      const store = await startPrintfulServer({ token: TOKEN, storeId: '4242' });
      try {
        const withoutStore = await providerErrorOf(provider({}, store).pf.fetchTemplates());
        expect(withoutStore).toMatchObject({ status: 400, retryable: false });
        expect(withoutStore.message).toMatch(/X-PF-Store-Id/);
        const { templates } = await provider({ storeId: '4242' }, store).pf.fetchTemplates();
        expect(templates).toHaveLength(3);
        expect(store.requests.at(-1)!.storeId).toBe('4242');
      } finally {
        await store.close();
      }
    });
  });

  describe('fetchCatalogue', () => {
    it('maps sync products and variants with exact prices, skipping ignored variants', async () => {
      const seen = watch();
      const catalogue = await provider().pf.fetchCatalogue();
      expect(catalogue).toEqual([
        {
          ref: '301',
          slug: 'certificate-of-achievement-poster-301',
          name: 'Certificate of Achievement Poster',
          description: '',
          kind: 'print',
          thumbnailUrl: 'https://files.cdn.printful.com/files/301_thumb.png',
          variants: [
            {
              ref: '3011',
              sku: 'CERT-POSTER-12x16',
              name: 'Certificate of Achievement Poster - 12″×16″',
              size: '12″×16″',
              finish: '',
              price: 2400,
              currency: 'USD',
              imageUrl: 'https://files.cdn.printful.com/products/1/6239_1527683101.jpg',
              weightGrams: 0,
            },
            expect.objectContaining({ ref: '3012', sku: 'CERT-POSTER-18x24', price: 1999 }) // 19.99 * 100 = 1998.9999999999998,
          ],
        },
        {
          ref: '302',
          slug: 'certificate-of-achievement-framed-poster-302',
          name: 'Certificate of Achievement Framed Poster',
          description: '',
          kind: 'framed',
          thumbnailUrl: 'https://files.cdn.printful.com/files/302_thumb.png',
          variants: [
            expect.objectContaining({ ref: '3021', sku: 'CERT-FRAMED-BLK-12x16', size: '12″×16″', finish: 'Black', price: 5995 }),
            expect.objectContaining({ ref: '3022', sku: 'PF-3022', finish: 'White', price: 5995 }),
            expect.objectContaining({ ref: '3023', sku: 'CERT-FRAMED-BLK-18x24', size: '18″×24″', price: 8410 }),
          ],
        },
      ]);
      expect(seen().map((r) => `${r.line}${r.search}`)).toEqual([
        'GET /store/products?offset=0&limit=100',
        'GET /store/products/301',
        'GET /store/products/302',
      ]);
    });
  });

  describe('submitOrder', () => {
    it('creates the order once, confirmed, in Printful’s shape; a second submission returns it as existing', async () => {
      const input = orderInput();
      const seen = watch();
      const { pf } = provider();
      const first = await pf.submitOrder(input);
      expect(first).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'pending', existing: false });

      const stored = server.orders.get(input.externalId)!;
      expect(String(stored.id)).toBe(first.id);
      const post = seen().find((r) => r.method === 'POST')!;
      expect(post.path).toBe('/orders');
      expect(post.search).toBe('?confirm=true');
      expect(post.body).toEqual({
        external_id: input.externalId,
        shipping: 'STANDARD',
        recipient: {
          name: 'Ada Lovelace',
          address1: '19 Main Street',
          city: 'Springfield',
          state_code: 'IL',
          country_code: 'US',
          zip: '62701',
          email: 'ada@example.com',
        },
        items: [
          {
            external_id: input.items[0]!.externalId,
            sync_variant_id: 3011,
            quantity: 1,
            retail_price: '12.34',
            name: input.items[0]!.name,
            files: [{ type: 'default', url: 'https://certifiable.test/print-files/abc.png' }],
          },
          {
            external_id: input.items[1]!.externalId,
            sync_variant_id: 3021,
            quantity: 2,
            retail_price: '59.95',
            name: input.items[1]!.name,
            files: [{ type: 'default', url: 'https://certifiable.test/print-files/def.png' }],
          },
        ],
        retail_costs: { currency: 'USD' },
      });
      expect(stored.items.map((i) => i.sync_variant_id)).toEqual([3011, 3021]);

      const second = await pf.submitOrder(input);
      expect(second).toEqual({ id: first.id, status: 'pending', existing: true });
      expect(server.createdCount(input.externalId)).toBe(1);
      expect(seen().map((r) => r.line)).toEqual([
        `GET /orders/@${input.externalId}`,
        'POST /orders',
        `GET /orders/@${input.externalId}`,
      ]);
    });

    it('URL-encodes the external id in the lookup', async () => {
      const input = orderInput({ externalId: 'cf.order_42-a' });
      const seen = watch();
      await provider().pf.submitOrder(input);
      expect(seen()[0]!.path).toBe('/orders/@cf.order_42-a');
      expect(server.createdCount('cf.order_42-a')).toBe(1);
    });

    it('does not create a second order when the answer to the POST is lost', async () => {
      const input = orderInput();
      server.dropNextPostAnswer();
      const seen = watch();
      const { pf, sleeps } = provider();
      const order = await pf.submitOrder(input);
      expect(order).toEqual({ id: String(server.orders.get(input.externalId)!.id), status: 'pending', existing: true });
      expect(server.createdCount(input.externalId)).toBe(1);
      expect(seen().map((r) => r.line)).toEqual([
        `GET /orders/@${input.externalId}`,
        'POST /orders',
        `GET /orders/@${input.externalId}`,
      ]);
      expect(sleeps).toEqual([500]);
    });

    it('finds the order when Printful created it but answered 500', async () => {
      const input = orderInput();
      server.failNext(500, 1, {}, { method: 'POST', path: '/orders', afterHandling: true });
      const { pf } = provider();
      const order = await pf.submitOrder(input);
      expect(order.existing).toBe(true);
      expect(server.createdCount(input.externalId)).toBe(1);
    });

    it('retries a POST that failed with 5xx after looking the order up again', async () => {
      const input = orderInput();
      server.failNext(503, 2, {}, { method: 'POST', path: '/orders' });
      const seen = watch();
      const { pf, sleeps } = provider();
      const order = await pf.submitOrder(input);
      expect(order.existing).toBe(false);
      expect(server.createdCount(input.externalId)).toBe(1);
      expect(seen().map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'POST', 'GET', 'POST']);
      expect(sleeps).toEqual([500, 1000]);
    });

    it('gives up with a retryable error after maxAttempts 5xx answers, and creates nothing', async () => {
      const input = orderInput();
      server.failNext(500, 100, {}, { method: 'POST', path: '/orders' });
      const seen = watch();
      const { pf, sleeps } = provider();
      const err = await providerErrorOf(pf.submitOrder(input));
      expect(err).toMatchObject({ status: 500, retryable: true });
      expect(err.message).toMatch(/Internal server error/);
      expect(err.message).toMatch(/4 attempts/);
      const requests = seen();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(4);
      // A lookup before the first POST and before each of the three retries.
      expect(requests.filter((r) => r.method === 'GET')).toHaveLength(4);
      expect(sleeps).toEqual([500, 1000, 2000]);
      expect(server.createdCount(input.externalId)).toBe(0);
      expect(server.orders.has(input.externalId)).toBe(false);

      // The job retries later, once Printful is back: exactly one order.
      server.clearFailures();
      const later = await pf.submitOrder(input);
      expect(later.existing).toBe(false);
      await pf.submitOrder(input);
      expect(server.createdCount(input.externalId)).toBe(1);
    });

    it('ends a race on a duplicate external id by returning the order that won', async () => {
      const input = orderInput();
      const { pf } = provider();
      const [a, b] = await Promise.all([pf.submitOrder(input), pf.submitOrder(input)]);
      expect(a.id).toBe(b.id);
      expect([a.existing, b.existing].sort()).toEqual([false, true]);
      expect(server.createdCount(input.externalId)).toBe(1);

      // The same path when the first lookup misses an order that exists (Printful's 400 on the POST).
      server.failNext(404, 1, {}, { method: 'GET', path: `/orders/@${input.externalId}` });
      const seen = watch();
      const again = await pf.submitOrder(input);
      expect(again).toEqual({ id: a.id, status: 'pending', existing: true });
      expect(seen().map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
      expect(server.createdCount(input.externalId)).toBe(1);
    });

    it('refuses a validation error at once, with Printful’s message and not retryable', async () => {
      const input = orderInput();
      input.recipient.countryCode = 'ZZ';
      const seen = watch();
      const { pf, sleeps } = provider();
      const err = await providerErrorOf(pf.submitOrder(input));
      expect(err).toMatchObject({ status: 400, retryable: false, message: 'Invalid country code "ZZ" (recipient.country_code)' });
      expect(seen().filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(sleeps).toEqual([]);

      const unknown = orderInput();
      unknown.items[0]!.variantRef = '999999';
      const err2 = await providerErrorOf(pf.submitOrder(unknown));
      expect(err2).toMatchObject({ status: 400, retryable: false });
      expect(err2.message).toMatch(/items\[0\]\.sync_variant_id/);
      expect(server.createdCount(input.externalId) + server.createdCount(unknown.externalId)).toBe(0);
    });
  });

  describe('items without a Printful variant', () => {
    it('refuses them before any call to Printful, naming each product and SKU, not retryable', async () => {
      const input = orderInput();
      input.items[1]!.variantRef = null;
      const seen = watch();
      const { pf } = provider();
      const err = await providerErrorOf(pf.submitOrder(input));
      expect(err).toBeInstanceOf(FulfilmentMappingError);
      expect(err).toMatchObject({ retryable: false, status: null });
      expect(err.message).toBe(
        'Certificate of Achievement Framed Poster (Black / 12″×16″), SKU CERT-FRAMED-BLK-12x16, has no Printful variant: give a Printful product that SKU and run Sync Printful products on the admin home, then resubmit.',
      );
      expect(seen()).toEqual([]);

      input.items[0]!.variantRef = null;
      const both = await providerErrorOf(pf.submitOrder(input));
      expect(both.message).toMatch(/^Certificate of Achievement Poster \(12″×16″\), SKU CERT-POSTER-12x16, and .* have no Printful variant: give Printful products those SKUs/);
      expect(seen()).toEqual([]);
      expect(server.createdCount(input.externalId)).toBe(0);
    });

    it('is what Printful itself says of an item named by SKU alone (the loopback refuses it as Printful does)', async () => {
      const res = await fetch(`${server.url}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: { name: 'A', address1: 'B', city: 'C', state_code: 'IL', country_code: 'US', zip: '62701' },
          items: [{ sku: 'CERT-POSTER-12x16', quantity: 1, files: [{ url: 'https://certifiable.test/p.png' }] }],
        }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/one of variant_id, sync_variant_id/);
    });
  });

  describe('confirmOrder (an order Printful took off hold is a draft again)', () => {
    /** An order Printful put on hold and took off it again: a draft at Printful. */
    async function heldAndReleased(confirm = true) {
      const input = orderInput({ confirm });
      const order = await provider().pf.submitOrder(input);
      server.webhook('order_put_hold', input.externalId, { reason: 'Billing issue' });
      server.webhook('order_remove_hold', input.externalId);
      expect(server.orders.get(input.externalId)!.status).toBe('draft');
      return { input, order };
    }

    it('confirms the draft once: looked up first, then POST /orders/{id}/confirm; asked again, it leaves the order alone', async () => {
      const { input, order } = await heldAndReleased();
      const seen = watch();
      const { pf } = provider();
      expect(await pf.confirmOrder(input.externalId)).toEqual({ id: order.id, status: 'pending', confirmed: true });
      expect(seen().map((r) => r.line)).toEqual([`GET /orders/@${input.externalId}`, `POST /orders/${order.id}/confirm`]);
      expect(server.orders.get(input.externalId)!.status).toBe('pending');

      expect(await pf.confirmOrder(input.externalId)).toEqual({ id: order.id, status: 'pending', confirmed: false });
      expect(server.confirmedCount(input.externalId)).toBe(1);
    });

    it('does not confirm twice when the answer to the confirmation was lost', async () => {
      const { input, order } = await heldAndReleased();
      server.failNext(500, 1, {}, { method: 'POST', path: `/orders/${order.id}/confirm`, afterHandling: true });
      const seen = watch();
      const { pf } = provider();
      expect(await pf.confirmOrder(input.externalId)).toEqual({ id: order.id, status: 'pending', confirmed: true });
      expect(seen().map((r) => r.line)).toEqual([`GET /orders/@${input.externalId}`, `POST /orders/${order.id}/confirm`, `GET /orders/@${input.externalId}`]);
      expect(server.confirmedCount(input.externalId)).toBe(1);
    });

    it('refuses an order Printful does not have, not retryable; a 5xx is retryable', async () => {
      const { pf } = provider({ maxAttempts: 2 });
      expect(await providerErrorOf(pf.confirmOrder('nosuchorder123'))).toMatchObject({ status: 404, retryable: false });
      const { input } = await heldAndReleased();
      server.failNext(503, 2, {}, { method: 'POST', path: /\/confirm$/ });
      expect(await providerErrorOf(pf.confirmOrder(input.externalId))).toMatchObject({ status: 503, retryable: true });
      expect(server.confirmedCount(input.externalId)).toBe(0);
    });

    it('a submission that finds the draft confirms it — unless the order itself goes as a draft (a test card)', async () => {
      const { input, order } = await heldAndReleased();
      const { pf } = provider();
      expect(await pf.submitOrder({ ...input, confirm: false })).toEqual({ id: order.id, status: 'draft', existing: true });
      expect(server.confirmedCount(input.externalId)).toBe(0);
      expect(await pf.submitOrder(input)).toEqual({ id: order.id, status: 'pending', existing: true });
      expect(server.confirmedCount(input.externalId)).toBe(1);
      expect(server.createdCount(input.externalId)).toBe(1);
    });
  });

  describe('errors and retries', () => {
    it('waits for Retry-After on a 429 and then succeeds', async () => {
      server.failNext(429, 1);
      const seen = watch();
      const { pf, sleeps } = provider();
      const { templates } = await pf.fetchTemplates();
      expect(templates).toHaveLength(3);
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
      expect(seen().slice(0, 2).map((r) => r.line)).toEqual(['GET /product-templates', 'GET /product-templates']);
    });

    it('caps Retry-After at maxRetryAfterMs and waits 5 s when it is absent', async () => {
      server.failNext(429, 1, { 'Retry-After': '120' });
      const capped = provider({ maxRetryAfterMs: 2000 });
      await capped.pf.fetchTemplates();
      expect(capped.sleeps).toEqual([2000]);

      server.failNext(429, 1, { 'Retry-After': '' });
      const absent = provider();
      await absent.pf.fetchTemplates();
      expect(absent.sleeps).toEqual([5000]);
    });

    it('retries 5xx answers with exponential backoff', async () => {
      server.failNext(502, 2, {}, { method: 'POST', path: '/shipping/rates' });
      const { pf, sleeps } = provider();
      const rates = await pf.shippingRates({
        recipient: { countryCode: 'US', stateCode: 'IL', zip: '62701', city: 'Springfield', address1: '19 Main Street' },
        items: [{ variantRef: '3011', sku: 'CERT-POSTER-12x16', quantity: 1 }],
        currency: 'USD',
      });
      expect(rates).toHaveLength(2);
      expect(sleeps).toEqual([500, 1000]);
    });

    it('stops retrying when the caller stops waiting', async () => {
      server.failNext(503, 100, {}, { method: 'POST', path: '/shipping/rates' });
      const seen = watch();
      const { pf } = provider({ sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
      const started = Date.now();
      const err = await providerErrorOf(
        pf.shippingRates({
          recipient: { countryCode: 'US', stateCode: 'IL', zip: '', city: '', address1: '' },
          items: [{ variantRef: '3011', sku: 'CERT-POSTER-12x16', quantity: 1 }],
          currency: 'USD',
          signal: AbortSignal.timeout(700),
        }),
      );
      expect(Date.now() - started).toBeLessThan(1500);
      expect(err).toMatchObject({ retryable: true });
      // 500 ms, then 1 s: the second wait is cut short and no third POST is made.
      expect(seen().filter((r) => r.line === 'POST /shipping/rates').length).toBeLessThanOrEqual(2);
    });

    it('gives up on a GET after maxAttempts with a retryable error', async () => {
      server.failNext(503, 100);
      const { pf, sleeps } = provider({ maxAttempts: 2 });
      const err = await providerErrorOf(pf.fetchCatalogue());
      expect(err).toMatchObject({ status: 503, retryable: true });
      expect(sleeps).toEqual([500]);
    });

    it('refuses a wrong token at once: 401, not retryable', async () => {
      const seen = watch();
      const { pf, sleeps } = provider({ token: 'not-the-token' });
      const err = await providerErrorOf(pf.fetchTemplates());
      expect(err).toMatchObject({ status: 401, retryable: false, message: 'The access token provided is invalid.' });
      expect(seen()).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it('treats a refused connection as retryable', async () => {
      const gone = await startPrintfulServer({ token: TOKEN });
      await gone.close();
      const { pf, sleeps } = provider({ maxAttempts: 3 }, gone);
      const err = await providerErrorOf(pf.fetchTemplates());
      expect(err).toMatchObject({ status: null, retryable: true });
      expect(err.message).toMatch(/network error/);
      expect(sleeps).toEqual([500, 1000]);
    });
  });

  describe('shippingRates', () => {
    it('quotes live rates in minor units, asking by catalogue variant id as Printful documents', async () => {
      const seen = watch();
      const { pf } = provider();
      const input = {
        recipient: { countryCode: 'US', stateCode: 'IL', zip: '62701', city: 'Springfield', address1: '19 Main Street' },
        items: [
          { variantRef: '3011', sku: 'CERT-POSTER-12x16', quantity: 1 },
          { variantRef: '3021', sku: 'CERT-FRAMED-BLK-12x16', quantity: 1 },
        ],
        currency: 'usd',
      };
      const rates = await pf.shippingRates(input);
      expect(rates).toEqual([
        { id: 'STANDARD', name: expect.stringMatching(/^Flat Rate/), rate: 649, currency: 'USD', minDeliveryDays: 3, maxDeliveryDays: 6 },
        { id: 'EXPRESS', name: expect.stringMatching(/^Express/), rate: 1749, currency: 'USD', minDeliveryDays: 1, maxDeliveryDays: 3 },
      ]);
      const calls = seen();
      expect(calls.map((r) => r.line)).toEqual(['GET /store/variants/3011', 'GET /store/variants/3021', 'POST /shipping/rates']);
      // recipient { country_code, state_code, zip, … } and items [{ variant_id, quantity }] (ItemInfo ids are strings).
      expect(calls[2]!.body).toEqual({
        recipient: { address1: '19 Main Street', city: 'Springfield', country_code: 'US', state_code: 'IL', zip: '62701' },
        items: [
          { variant_id: '6239', quantity: 1 },
          { variant_id: '4651', quantity: 1 },
        ],
        currency: 'USD',
      });

      // The catalogue ids are remembered: the next quote is one request.
      const again = watch();
      await pf.shippingRates(input);
      expect(again().map((r) => r.line)).toEqual(['POST /shipping/rates']);
    });

    it('sends only the address fields it knows', async () => {
      const seen = watch();
      await provider().pf.shippingRates({
        recipient: { countryCode: 'DE', stateCode: '', zip: '', city: '', address1: '' },
        items: [{ variantRef: '3012', sku: 'CERT-POSTER-18x24', quantity: 2 }],
        currency: 'EUR',
      });
      expect(seen().at(-1)!.body).toMatchObject({ recipient: { country_code: 'DE' }, items: [{ variant_id: '1', quantity: 2 }] });
      expect(Object.keys((seen().at(-1)!.body as { recipient: object }).recipient)).toEqual(['country_code']);
    });

    it('answers null for an item Printful does not print (no sync variant, or one Printful does not know)', async () => {
      const seen = watch();
      const { pf } = provider();
      const recipient = { countryCode: 'US', stateCode: 'IL', zip: '62701', city: '', address1: '' };
      expect(await pf.shippingRates({ recipient, items: [{ variantRef: null, sku: 'FRAME-A4-OAK', quantity: 1 }], currency: 'USD' })).toBeNull();
      expect(seen()).toEqual([]);
      expect(await pf.shippingRates({ recipient, items: [{ variantRef: '999999', sku: 'GONE', quantity: 1 }], currency: 'USD' })).toBeNull();
      expect(seen().map((r) => r.line)).toEqual(['GET /store/variants/999999']);
    });

    it('refuses an address Printful cannot ship to, naming the field', async () => {
      const err = await providerErrorOf(
        provider().pf.shippingRates({
          recipient: { countryCode: 'US', stateCode: '', zip: '62701', city: 'Springfield', address1: '19 Main Street' },
          items: [{ variantRef: '3011', sku: '', quantity: 1 }],
          currency: 'USD',
        }),
      );
      expect(err).toMatchObject({ status: 400, retryable: false });
      expect(err.message).toMatch(/recipient\.state_code/);
    });
  });

  describe('readWebhook', () => {
    async function placedOrder() {
      const input = orderInput();
      const order = await provider().pf.submitOrder(input);
      return { input, order };
    }

    it('reads package_shipped with carrier and tracking when the token is right', async () => {
      const { input, order } = await placedOrder();
      const hook = server.webhook('package_shipped', input.externalId, { carrier: 'USPS', service: 'USPS Priority Mail', trackingNumber: '9400111899223344556677' });
      const event = provider().pf.readWebhook(hook.body, WEBHOOK_SECRET);
      expect(event).toEqual({
        key: `package_shipped:${order.id}:${(hook.event.data.shipment as { id: number }).id}:${hook.event.created}`,
        type: 'package_shipped',
        kind: 'shipped',
        externalId: input.externalId,
        providerOrderId: order.id,
        carrier: 'USPS',
        service: 'USPS Priority Mail',
        trackingNumber: '9400111899223344556677',
        trackingUrl: 'https://www.printful.com/shipment/tracking?number=9400111899223344556677',
      });
    });

    it('refuses a wrong or missing token', async () => {
      const { input } = await placedOrder();
      const hook = server.webhook('package_shipped', input.externalId);
      const { pf } = provider();
      const wrong = webhookError(() => pf.readWebhook(hook.body, 'whk-not-the-secret'));
      expect(wrong).toBeInstanceOf(FulfilmentWebhookAuthError);
      expect((wrong as Error).message).toBe('wrong webhook token');
      const shorter = webhookError(() => pf.readWebhook(hook.body, 'x'));
      expect(shorter).toBeInstanceOf(FulfilmentWebhookAuthError);
      for (const missing of [undefined, '']) {
        const err = webhookError(() => pf.readWebhook(hook.body, missing));
        expect(err).toBeInstanceOf(FulfilmentWebhookAuthError);
        expect((err as Error).message).toBe('missing webhook token');
      }
    });

    it('gives a redelivered event the same key, and another event another key', async () => {
      const { input } = await placedOrder();
      const { pf } = provider();
      const hook = server.webhook('package_shipped', input.externalId);
      const again = server.redeliver(hook);
      expect(again.event.retries).toBe(1);
      expect(again.body.equals(hook.body)).toBe(false);
      const first = pf.readWebhook(hook.body, WEBHOOK_SECRET);
      const second = pf.readWebhook(again.body, WEBHOOK_SECRET);
      expect(second.key).toBe(first.key);
      const other = pf.readWebhook(server.webhook('package_shipped', input.externalId, { created: hook.event.created }).body, WEBHOOK_SECRET);
      expect(other.key).not.toBe(first.key);
    });

    it('maps production and problem events, and ignores the rest', async () => {
      const { input, order } = await placedOrder();
      const { pf } = provider();
      const read = (type: string, o: Parameters<PrintfulServer['webhook']>[2] = {}): FulfilmentEvent =>
        pf.readWebhook(server.webhook(type, input.externalId, o).body, WEBHOOK_SECRET);
      const base = { externalId: input.externalId, providerOrderId: order.id };

      expect(read('order_updated', { status: 'inprocess' })).toMatchObject({ ...base, kind: 'in_production', type: 'order_updated' });
      expect(read('order_updated', { status: 'partial' })).toMatchObject({ kind: 'ignored' });
      expect(read('package_returned', { reason: 'Address not deliverable' })).toMatchObject({
        ...base,
        kind: 'problem',
        reason: 'Package returned: Address not deliverable',
      });
      expect(read('package_returned')).toMatchObject({ kind: 'problem', reason: 'Package returned: no reason given' });
      expect(read('order_failed', { reason: 'Print file could not be downloaded' })).toMatchObject({
        ...base,
        kind: 'problem',
        reason: 'Order failed: Print file could not be downloaded',
      });
      expect(read('order_canceled', { reason: 'Cancelled by support' })).toMatchObject({ kind: 'problem', reason: 'Cancelled at Printful: Cancelled by support' });
      expect(read('order_put_hold', { reason: 'Billing issue' })).toMatchObject({ kind: 'problem', reason: 'Put on hold: Billing issue' });
      expect(read('order_remove_hold', { reason: 'Billing sorted' })).toMatchObject({ ...base, kind: 'hold_removed', type: 'order_remove_hold', reason: 'Billing sorted' });
      expect(read('order_remove_hold')).toMatchObject({ kind: 'hold_removed', reason: '' });
      const unknown = read('stock_updated');
      expect(unknown).toEqual({ key: expect.stringMatching(/^stock_updated:/), type: 'stock_updated', kind: 'ignored' });

      // An order placed outside the shop (no external id) is none of our business.
      const foreign = server.rawWebhook('package_shipped', { shipment: { id: 1, carrier: 'DHL' }, order: { id: 5, external_id: null } });
      expect(pf.readWebhook(foreign.body, WEBHOOK_SECRET)).toMatchObject({ kind: 'ignored' });
    });

    it('throws a plain Error (not an auth error) for an unreadable body', () => {
      const err = webhookError(() => provider().pf.readWebhook(Buffer.from('not json'), WEBHOOK_SECRET));
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(FulfilmentWebhookAuthError);
    });
  });
});
