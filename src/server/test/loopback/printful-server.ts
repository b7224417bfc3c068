import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server that speaks the parts of Printful's v1 REST API the shop uses, for contract tests of
 * src/server/adapters/fulfilment/printful.ts (and anything else that wants a Printful to talk to):
 *  - GET  /product-templates?offset&limit   → { code, result: { items }, paging }
 *  - GET  /products/{id}                    → { code, result: { product, variants } } (the catalogue)
 *  - GET  /store/products?offset&limit      → { code, result: [sync product summaries], paging }
 *  - GET  /store/products/{id}              → { code, result: { sync_product, sync_variants } }
 *  - GET  /store/variants/{id | @external_id} → { code, result: sync variant }
 *  - GET  /orders/@{external_id}, /orders/{id}
 *  - POST /orders[?confirm=true]            (validates recipient and items — each by a Printful variant, never a bare
 *                                             sku; refuses a duplicate external_id)
 *  - POST /orders/{id | @external_id}/confirm (a draft only → pending)
 *  - POST /shipping/rates                   (items by catalogue variant_id or external_variant_id, as Printful documents:
 *                                             a sync_variant_id or sku there is refused)
 * in Printful's envelope (`{ code, result, paging? }`, errors `{ code, result: message, error: { reason, message } }`),
 * checking `Authorization: Bearer <token>` (and `X-PF-Store-Id` when started with a storeId).
 * Injected failures (`failNext`, `dropNextPostAnswer`, `answerOrdersAfter`) prove retries and idempotency;
 * `webhook()` builds the bodies Printful POSTs to the shop's webhook URL. Every request is kept in `requests`.
 */

export interface PrintfulRequest {
  method: string;
  /** path without the query string */
  path: string;
  /** the query string, with its '?', or '' */
  search: string;
  /** the parsed JSON body, or null */
  body: unknown;
  authorization: string | undefined;
  storeId: string | undefined;
}

export interface LoopbackTemplate {
  id: number;
  product_id: number;
  external_product_id: string | null;
  title: string;
  available_variant_ids: number[];
  option_data: unknown[];
  colors: { color_name: string; color_codes: string[] }[];
  sizes: string[];
  mockup_file_url: string | null;
  placements: { placement: string; technique: string }[];
  created_at: number;
  updated_at: number;
  placement_option_data: unknown[];
}

export interface LoopbackCatalogueVariant {
  id: number;
  product_id: number;
  name: string;
  size: string;
  color: string | null;
  color_code: string | null;
  image: string;
  price: string;
  in_stock: boolean;
}

export interface LoopbackCatalogueProduct {
  id: number;
  main_category_id: number;
  type: string;
  type_name: string;
  title: string;
  brand: string | null;
  model: string;
  image: string | null;
  variant_count: number;
  currency: string;
  is_discontinued: boolean;
  description: string;
  variants: LoopbackCatalogueVariant[];
}

export interface LoopbackSyncVariant {
  id: number;
  external_id: string;
  sync_product_id: number;
  name: string;
  synced: boolean;
  variant_id: number;
  main_category_id: number;
  warehouse_product_variant_id: number | null;
  retail_price: string;
  sku: string;
  currency: string;
  size: string;
  color: string | null;
  product: { variant_id: number; product_id: number; image: string; name: string };
  files: { id: number; type: string; url: string | null; preview_url: string | null; status: string }[];
  options: unknown[];
  is_ignored: boolean;
  availability_status: string;
}

export interface LoopbackSyncProduct {
  id: number;
  external_id: string;
  name: string;
  variants: number;
  synced: number;
  thumbnail_url: string | null;
  is_ignored: boolean;
}

export interface LoopbackOrderItem {
  id: number;
  external_id: string | null;
  variant_id: number;
  sync_variant_id: number | null;
  external_variant_id: string | null;
  quantity: number;
  price: string;
  retail_price: string | null;
  name: string;
  sku: string | null;
  product: { variant_id: number; product_id: number; image: string; name: string };
  files: { type: string; url: string }[];
}

export interface LoopbackShipment {
  id: number;
  carrier: string;
  service: string;
  tracking_number: string;
  tracking_url: string;
  created: number;
  ship_date: string;
  shipped_at: number;
  reshipment: boolean;
  items: { item_id: number; quantity: number }[];
}

export interface LoopbackOrder {
  id: number;
  external_id: string;
  store: number;
  status: string;
  shipping: string;
  shipping_service_name: string;
  created: number;
  updated: number;
  recipient: Record<string, string>;
  items: LoopbackOrderItem[];
  costs: Record<string, string>;
  retail_costs: Record<string, string | null>;
  shipments: LoopbackShipment[];
  gift: null;
  packing_slip: null;
}

export interface PrintfulWebhook {
  /** the exact body Printful would POST */
  body: Buffer;
  event: { type: string; created: number; retries: number; store: number; data: Record<string, unknown> };
}

class PrintfulHttpError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new PrintfulHttpError(400, 'BadRequest', message);
const notFound = () => new PrintfulHttpError(404, 'NotFound', 'Not found');

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};
const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request could not be processed.',
  401: 'The access token provided is invalid.',
  404: 'Not found',
  429: 'Too Many Requests. Please try again after 1 seconds.',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service temporarily unavailable',
  504: 'Gateway timeout',
};

/** Countries the loopback ships to; those in STATE_REQUIRED need a state_code, as at Printful. */
const COUNTRIES = new Set(
  'US CA GB IE AU NZ DE FR ES IT NL BE AT CH SE NO DK FI PL CZ PT JP MX BR'.split(' '),
);
const STATE_REQUIRED = new Set(['US', 'CA', 'AU', 'JP', 'MX', 'BR']);
const CURRENCIES = new Set(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY', 'MXN', 'BRL']);

/** Shipping in the loopback: first item and each additional item, in minor units (USD), by region. */
const SHIPPING: Record<'domestic' | 'europe' | 'world', { standard: [number, number]; express: [number, number] }> = {
  domestic: { standard: [499, 150], express: [1499, 250] },
  europe: { standard: [695, 200], express: [1995, 300] },
  world: { standard: [999, 300], express: [2495, 400] },
};
const EUROPE = new Set('GB IE DE FR ES IT NL BE AT CH SE NO DK FI PL CZ PT'.split(' '));

const now = () => Math.floor(Date.now() / 1000);

function money(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function seedCatalogue(): LoopbackCatalogueProduct[] {
  const poster = (id: number, productId: number, size: string, price: string): LoopbackCatalogueVariant => ({
    id,
    product_id: productId,
    name: `Enhanced Matte Paper Poster (in) (${size})`,
    size,
    color: null,
    color_code: null,
    image: `https://files.cdn.printful.com/products/${productId}/${id}_1527683101.jpg`,
    price,
    in_stock: true,
  });
  const framed = (id: number, color: string, size: string, price: string): LoopbackCatalogueVariant => ({
    id,
    product_id: 2,
    name: `Enhanced Matte Paper Framed Poster (in) (${color} / ${size})`,
    size,
    color,
    color_code: color === 'Black' ? '#000000' : '#ffffff',
    image: `https://files.cdn.printful.com/products/2/${id}_1527683092.jpg`,
    price,
    in_stock: true,
  });
  const posters = [poster(1349, 1, '8″×10″', '7.75'), poster(6239, 1, '12″×16″', '9.25'), poster(1, 1, '18″×24″', '13.50')];
  const frames = [framed(4651, 'Black', '12″×16″', '31.00'), framed(4652, 'White', '12″×16″', '31.00'), framed(4, 'Black', '18″×24″', '45.00')];
  return [
    {
      id: 1,
      main_category_id: 55,
      type: 'POSTER',
      type_name: 'Poster',
      title: 'Enhanced Matte Paper Poster (in)',
      brand: null,
      model: 'Enhanced Matte Paper Poster (in)',
      image: 'https://files.cdn.printful.com/products/1/product_1613463122.jpg',
      variant_count: posters.length,
      currency: 'USD',
      is_discontinued: false,
      description: 'Museum-quality posters made on thick matte paper.',
      variants: posters,
    },
    {
      id: 2,
      main_category_id: 56,
      type: 'FRAMED-POSTER',
      type_name: 'Framed Poster',
      title: 'Enhanced Matte Paper Framed Poster (in)',
      brand: null,
      model: 'Enhanced Matte Paper Framed Poster (in)',
      image: 'https://files.cdn.printful.com/products/2/product_1613463103.jpg',
      variant_count: frames.length,
      currency: 'USD',
      is_discontinued: false,
      description: 'Museum-quality posters in a lightweight wooden frame.',
      variants: frames,
    },
  ];
}

export async function startPrintfulServer(opts: { token?: string; storeId?: string; storeNumber?: number; pageLimit?: number } = {}) {
  const token = opts.token ?? 'pf-loopback-token-0000000000000000';
  const storeNumber = opts.storeNumber ?? (Number(opts.storeId) || 9_100_001);
  /** Printful caps `limit` at 100; tests lower this to exercise paging. */
  let pageLimit = opts.pageLimit ?? 100;

  const requests: PrintfulRequest[] = [];
  const catalogue = new Map<number, LoopbackCatalogueProduct>(seedCatalogue().map((p) => [p.id, p]));
  const templates: LoopbackTemplate[] = [];
  const syncProducts: LoopbackSyncProduct[] = [];
  const syncVariants = new Map<number, LoopbackSyncVariant>();
  /** by external_id */
  const orders = new Map<string, LoopbackOrder>();
  const created = new Map<string, number>();
  /** POST /orders/{id}/confirm calls that confirmed a draft, by external_id. */
  const confirmations = new Map<string, number>();
  const failures: { status: number; headers: Record<string, string>; method?: string; path?: string | RegExp; afterHandling: boolean }[] = [];
  let dropPosts = 0;
  /** POST /orders is carried out at once and answered this much later (a slow Printful; a client may die meanwhile). */
  let orderAnswerDelayMs = 0;
  const awaitingAnswer: { externalId: string; storeId: string | undefined; timer: NodeJS.Timeout }[] = [];
  let nextOrderId = 120_000_001;
  let nextItemId = 80_000_001;
  let nextShipmentId = 7_000_001;
  let nextTemplateId = 5_000_001;
  let nextSyncProductId = 300_000_001;
  let nextSyncVariantId = 4_000_000_001;

  // ------------------------------------------------------------ seeding

  function catalogueVariant(variantId: number): LoopbackCatalogueVariant | undefined {
    for (const p of catalogue.values()) {
      const v = p.variants.find((x) => x.id === variantId);
      if (v) return v;
    }
    return undefined;
  }

  function addTemplate(t: { productId: number; title: string; variantIds?: number[]; createdAt?: number; id?: number }): LoopbackTemplate {
    const product = catalogue.get(t.productId);
    const template: LoopbackTemplate = {
      id: t.id ?? nextTemplateId++,
      product_id: t.productId,
      external_product_id: null,
      title: t.title,
      available_variant_ids: t.variantIds ?? product?.variants.map((v) => v.id) ?? [],
      option_data: [],
      colors: [],
      sizes: product?.variants.map((v) => v.size) ?? [],
      mockup_file_url: `https://files.cdn.printful.com/upload/product-templates/${t.productId}/mockup.png`,
      placements: [{ placement: 'default', technique: 'digital' }],
      created_at: t.createdAt ?? now(),
      updated_at: t.createdAt ?? now(),
      placement_option_data: [],
    };
    templates.push(template);
    return template;
  }

  function addSyncProduct(p: {
    name: string;
    thumbnailUrl?: string | null;
    id?: number;
    isIgnored?: boolean;
    variants: { variantId: number; retailPrice: string; sku?: string; currency?: string; isIgnored?: boolean; id?: number }[];
  }): { product: LoopbackSyncProduct; variants: LoopbackSyncVariant[] } {
    const id = p.id ?? nextSyncProductId++;
    const variants = p.variants.map((v): LoopbackSyncVariant => {
      const cv = catalogueVariant(v.variantId);
      if (!cv) throw new Error(`loopback Printful: no catalogue variant ${v.variantId}`);
      const svId = v.id ?? nextSyncVariantId++;
      const label = [cv.color, cv.size].filter(Boolean).join(' / ');
      return {
        id: svId,
        external_id: `sv${svId}`,
        sync_product_id: id,
        name: `${p.name} - ${label}`,
        synced: true,
        variant_id: cv.id,
        main_category_id: catalogue.get(cv.product_id)!.main_category_id,
        warehouse_product_variant_id: null,
        retail_price: v.retailPrice,
        sku: v.sku ?? `${id}_${cv.id}`,
        currency: v.currency ?? 'USD',
        size: cv.size,
        color: cv.color,
        product: { variant_id: cv.id, product_id: cv.product_id, image: cv.image, name: cv.name },
        files: [{ id: svId + 1, type: 'default', url: null, preview_url: `https://files.cdn.printful.com/files/${svId}_preview.png`, status: 'ok' }],
        options: [],
        is_ignored: v.isIgnored ?? false,
        availability_status: 'active',
      };
    });
    const product: LoopbackSyncProduct = {
      id,
      external_id: `sp${id}`,
      name: p.name,
      variants: variants.length,
      synced: variants.length,
      thumbnail_url: p.thumbnailUrl === undefined ? `https://files.cdn.printful.com/files/${id}_thumb.png` : p.thumbnailUrl,
      is_ignored: p.isIgnored ?? false,
    };
    syncProducts.push(product);
    for (const v of variants) syncVariants.set(v.id, v);
    return { product, variants };
  }

  addTemplate({ id: 5001, productId: 1, title: 'Certificate of Achievement — poster', createdAt: 1_714_000_000 });
  addTemplate({ id: 5002, productId: 1, title: 'Certificate of Excellence — poster', variantIds: [1349, 6239], createdAt: 1_714_086_400 });
  addTemplate({ id: 5003, productId: 2, title: 'Certificate of Achievement — framed', createdAt: 1_714_172_800 });
  addSyncProduct({
    id: 301,
    name: 'Certificate of Achievement Poster',
    variants: [
      { id: 3011, variantId: 6239, retailPrice: '24.00', sku: 'CERT-POSTER-12x16' },
      { id: 3012, variantId: 1, retailPrice: '19.99', sku: 'CERT-POSTER-18x24' },
      { id: 3013, variantId: 1349, retailPrice: '14.50', sku: 'CERT-POSTER-8x10', isIgnored: true },
    ],
  });
  addSyncProduct({
    id: 302,
    name: 'Certificate of Achievement Framed Poster',
    variants: [
      { id: 3021, variantId: 4651, retailPrice: '59.95', sku: 'CERT-FRAMED-BLK-12x16' },
      { id: 3022, variantId: 4652, retailPrice: '59.95', sku: '' },
      { id: 3023, variantId: 4, retailPrice: '84.10', sku: 'CERT-FRAMED-BLK-18x24' },
    ],
  });

  // ------------------------------------------------------------ HTTP

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), ...headers });
    res.end(json);
  }

  function sendError(res: http.ServerResponse, status: number, reason: string, message: string, headers: Record<string, string> = {}) {
    send(res, status, { code: status, result: message, error: { reason, message } }, headers);
  }

  function paged<T>(items: T[], query: URLSearchParams): { code: number; result: T[]; paging: { total: number; offset: number; limit: number } } {
    const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
    const limit = Math.min(pageLimit, Math.max(1, Number(query.get('limit') ?? 20) || 20));
    return { code: 200, result: items.slice(offset, offset + limit), paging: { total: items.length, offset, limit } };
  }

  function authorize(req: http.IncomingMessage) {
    const header = req.headers.authorization;
    if (!header || !/^Bearer\s+\S/.test(header)) {
      throw new PrintfulHttpError(401, 'Unauthorized', 'Malformed Authorization header. Use "Authorization: Bearer {token}".');
    }
    if (header.replace(/^Bearer\s+/, '').trim() !== token) {
      throw new PrintfulHttpError(401, 'Unauthorized', 'The access token provided is invalid.');
    }
    const store = req.headers['x-pf-store-id'];
    if (opts.storeId !== undefined && store !== opts.storeId) {
      throw badRequest('This API endpoint applies only to a specific store. Please provide store_id or X-PF-Store-Id header.');
    }
  }

  function requireString(v: unknown, field: string): string {
    if (typeof v !== 'string' || v.trim() === '') throw badRequest(`${field} is required`);
    return v;
  }

  function validateRecipient(raw: unknown, o: { full: boolean }): Record<string, string> {
    if (!isObject(raw)) throw badRequest('Recipient is required (recipient)');
    const country = raw.country_code;
    if (typeof country !== 'string' || country === '') throw badRequest('Recipient country code is missing (recipient.country_code)');
    if (!COUNTRIES.has(country)) throw badRequest(`Invalid country code "${country}" (recipient.country_code)`);
    const state = raw.state_code;
    if (STATE_REQUIRED.has(country) && (typeof state !== 'string' || state === '')) {
      throw badRequest(`State code is required for country ${country} (recipient.state_code)`);
    }
    const out: Record<string, string> = { country_code: country };
    if (typeof state === 'string') out.state_code = state;
    if (o.full) {
      out.name = requireString(raw.name, 'recipient.name');
      out.address1 = requireString(raw.address1, 'recipient.address1');
      out.city = requireString(raw.city, 'recipient.city');
      out.zip = requireString(raw.zip, 'recipient.zip');
      for (const f of ['address2', 'phone', 'email'] as const) if (typeof raw[f] === 'string') out[f] = raw[f];
      if (out.email !== undefined && out.email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(out.email)) {
        throw badRequest(`Invalid email address "${out.email}" (recipient.email)`);
      }
    } else {
      for (const f of ['address1', 'city', 'zip'] as const) if (typeof raw[f] === 'string') out[f] = raw[f];
    }
    return out;
  }

  /** Which sync variant (or catalogue variant) an item names. */
  function resolveItem(item: Record<string, unknown>, at: string): { sync: LoopbackSyncVariant | null; catalogue: LoopbackCatalogueVariant } {
    if (item.sync_variant_id !== undefined) {
      const sv = typeof item.sync_variant_id === 'number' ? syncVariants.get(item.sync_variant_id) : undefined;
      if (!sv) throw badRequest(`Item ${at}: Sync variant not found (${at}.sync_variant_id)`);
      if (sv.is_ignored) throw badRequest(`Item ${at}: Sync variant is ignored (${at}.sync_variant_id)`);
      return { sync: sv, catalogue: catalogueVariant(sv.variant_id)! };
    }
    if (item.variant_id !== undefined) {
      const cv = typeof item.variant_id === 'number' ? catalogueVariant(item.variant_id) : undefined;
      if (!cv) throw badRequest(`Item ${at}: Variant not found (${at}.variant_id)`);
      return { sync: null, catalogue: cv };
    }
    // Printful names an item by a variant of its own; a SKU alone does not say which (the order is refused).
    throw badRequest(`Item ${at}: one of variant_id, sync_variant_id, external_variant_id, warehouse_product_variant_id or product_template_id is required (${at})`);
  }

  /**
   * The catalogue variant a shipping-rate item names. Printful's ItemInfo takes variant_id (a catalogue variant),
   * external_variant_id (a sync variant's external id) or warehouse_product_variant_id, ids as strings or numbers.
   */
  function resolveRateItem(item: Record<string, unknown>, at: string): LoopbackCatalogueVariant {
    const id = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN);
    if (item.variant_id !== undefined) {
      const cv = catalogueVariant(id(item.variant_id));
      if (!cv) throw badRequest(`Item ${at}: Variant not found (${at}.variant_id)`);
      return cv;
    }
    if (item.external_variant_id !== undefined) {
      const sv = [...syncVariants.values()].find((v) => v.external_id === item.external_variant_id);
      if (!sv) throw badRequest(`Item ${at}: Sync variant not found (${at}.external_variant_id)`);
      return catalogueVariant(sv.variant_id)!;
    }
    throw badRequest(`Item ${at}: one of variant_id, external_variant_id or warehouse_product_variant_id is required (${at})`);
  }

  function quantityOf(item: Record<string, unknown>, at: string): number {
    const q = item.quantity;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1) throw badRequest(`Item ${at}: quantity must be a positive integer (${at}.quantity)`);
    return q;
  }

  function createOrder(body: unknown, confirm: boolean): LoopbackOrder {
    if (!isObject(body)) throw badRequest('Request body must be a JSON object');
    const externalId = body.external_id;
    if (externalId !== undefined && externalId !== null && (typeof externalId !== 'string' || externalId.length > 64 || !/^[A-Za-z0-9_.-]+$/.test(externalId))) {
      throw badRequest('Invalid external ID: letters, digits, dots, dashes or underscores (external_id)');
    }
    if (typeof externalId === 'string' && orders.has(externalId)) throw badRequest('Order with this external ID already exists');
    const shipping = body.shipping ?? 'STANDARD';
    if (shipping !== 'STANDARD' && shipping !== 'EXPRESS') throw badRequest(`Unknown shipping method "${String(shipping)}" (shipping)`);
    const recipient = validateRecipient(body.recipient, { full: true });
    if (!Array.isArray(body.items) || body.items.length === 0) throw badRequest('Order must contain at least one item (items)');
    const retailCosts = isObject(body.retail_costs) ? body.retail_costs : {};
    const currency = typeof retailCosts.currency === 'string' ? retailCosts.currency : 'USD';
    if (!CURRENCIES.has(currency)) throw badRequest(`Unsupported currency "${currency}" (retail_costs.currency)`);

    let costMinor = 0;
    let retailMinor = 0;
    const items = body.items.map((raw, i): LoopbackOrderItem => {
      const at = `items[${i}]`;
      if (!isObject(raw)) throw badRequest(`Item ${at} must be an object (${at})`);
      const { sync, catalogue: cv } = resolveItem(raw, at);
      const quantity = quantityOf(raw, at);
      let retail: string | null = null;
      if (raw.retail_price !== undefined) {
        if (typeof raw.retail_price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(raw.retail_price)) {
          throw badRequest(`Item ${at}: retail price must be a decimal string like "12.34" (${at}.retail_price)`);
        }
        retail = raw.retail_price;
        const [w, f = ''] = retail.split('.');
        retailMinor += (Number(w) * 100 + Number(f.padEnd(2, '0'))) * quantity;
      }
      let files: { type: string; url: string }[] = [];
      if (raw.files !== undefined) {
        if (!Array.isArray(raw.files)) throw badRequest(`Item ${at}: files must be a list (${at}.files)`);
        files = raw.files.map((f, j) => {
          if (!isObject(f) || typeof f.url !== 'string' || !/^https?:\/\//.test(f.url)) throw badRequest(`Item ${at}: file URL is invalid (${at}.files[${j}].url)`);
          return { type: typeof f.type === 'string' ? f.type : 'default', url: f.url };
        });
      }
      if (!sync && files.length === 0) throw badRequest(`Item ${at}: a print file is required (${at}.files)`);
      const [w, f = ''] = cv.price.split('.');
      costMinor += (Number(w) * 100 + Number(f.padEnd(2, '0'))) * quantity;
      return {
        id: nextItemId++,
        external_id: typeof raw.external_id === 'string' ? raw.external_id : null,
        variant_id: cv.id,
        sync_variant_id: sync?.id ?? null,
        external_variant_id: sync?.external_id ?? null,
        quantity,
        price: cv.price,
        retail_price: retail,
        name: typeof raw.name === 'string' && raw.name ? raw.name : (sync?.name ?? cv.name),
        sku: sync?.sku ?? null,
        product: { variant_id: cv.id, product_id: cv.product_id, image: cv.image, name: cv.name },
        files,
      };
    });

    const ship = rateFor(recipient.country_code!, shipping, items.reduce((n, it) => n + it.quantity, 0));
    const t = now();
    const order: LoopbackOrder = {
      id: nextOrderId++,
      external_id: typeof externalId === 'string' ? externalId : '',
      store: storeNumber,
      status: confirm ? 'pending' : 'draft',
      shipping,
      shipping_service_name: shipping === 'EXPRESS' ? 'Express' : 'Flat Rate',
      created: t,
      updated: t,
      recipient,
      items,
      costs: { currency: 'USD', subtotal: money(costMinor), shipping: money(ship), tax: '0.00', total: money(costMinor + ship) },
      retail_costs: {
        currency,
        subtotal: retailMinor ? money(retailMinor) : null,
        shipping: null,
        tax: null,
        total: retailMinor ? money(retailMinor) : null,
      },
      shipments: [],
      gift: null,
      packing_slip: null,
    };
    if (order.external_id) {
      orders.set(order.external_id, order);
      created.set(order.external_id, (created.get(order.external_id) ?? 0) + 1);
    } else {
      orders.set(`#${order.id}`, order);
    }
    return order;
  }

  function rateFor(country: string, method: 'STANDARD' | 'EXPRESS', quantity: number): number {
    const region = country === 'US' ? 'domestic' : EUROPE.has(country) ? 'europe' : 'world';
    const [first, extra] = SHIPPING[region][method === 'EXPRESS' ? 'express' : 'standard'];
    return first + extra * Math.max(0, quantity - 1);
  }

  function shippingRates(body: unknown) {
    if (!isObject(body)) throw badRequest('Request body must be a JSON object');
    const recipient = validateRecipient(body.recipient, { full: false });
    if (!Array.isArray(body.items) || body.items.length === 0) throw badRequest('Items are required (items)');
    let quantity = 0;
    body.items.forEach((raw, i) => {
      const at = `items[${i}]`;
      if (!isObject(raw)) throw badRequest(`Item ${at} must be an object (${at})`);
      resolveRateItem(raw, at);
      quantity += quantityOf(raw, at);
    });
    const currency = typeof body.currency === 'string' ? body.currency.toUpperCase() : 'USD';
    if (!CURRENCIES.has(currency)) throw badRequest(`Unsupported currency "${currency}" (currency)`);
    const country = recipient.country_code!;
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const std = country === 'US' ? [3, 6] : [5, 10];
    const exp = country === 'US' ? [1, 3] : [2, 5];
    return [
      {
        id: 'STANDARD',
        name: `Flat Rate (Estimated delivery: ${day(std[0]!)}–${day(std[1]!)})`,
        rate: money(rateFor(country, 'STANDARD', quantity)),
        currency,
        minDeliveryDays: std[0],
        maxDeliveryDays: std[1],
        minDeliveryDate: day(std[0]!),
        maxDeliveryDate: day(std[1]!),
      },
      {
        id: 'EXPRESS',
        name: `Express (Estimated delivery: ${day(exp[0]!)}–${day(exp[1]!)})`,
        rate: money(rateFor(country, 'EXPRESS', quantity)),
        currency,
        minDeliveryDays: exp[0],
        maxDeliveryDays: exp[1],
        minDeliveryDate: day(exp[0]!),
        maxDeliveryDate: day(exp[1]!),
      },
    ];
  }

  function findOrder(ref: string): LoopbackOrder | undefined {
    if (ref.startsWith('@')) return orders.get(ref.slice(1));
    const id = Number(ref);
    return [...orders.values()].find((o) => o.id === id);
  }

  function route(method: string, path: string, query: URLSearchParams, body: unknown): unknown {
    if (method === 'GET' && path === '/product-templates') {
      const page = paged(templates, query);
      return { code: 200, result: { items: page.result }, paging: page.paging };
    }
    let m = /^\/products\/(\d+)$/.exec(path);
    if (method === 'GET' && m) {
      const p = catalogue.get(Number(m[1]));
      if (!p) throw notFound();
      const { variants, ...product } = p;
      return { code: 200, result: { product, variants } };
    }
    if (method === 'GET' && path === '/store/products') return paged(syncProducts, query);
    m = /^\/store\/products\/(@?[^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const ref = decodeURIComponent(m[1]!);
      const p = ref.startsWith('@') ? syncProducts.find((x) => x.external_id === ref.slice(1)) : syncProducts.find((x) => x.id === Number(ref));
      if (!p) throw notFound();
      return { code: 200, result: { sync_product: p, sync_variants: [...syncVariants.values()].filter((v) => v.sync_product_id === p.id) } };
    }
    m = /^\/store\/variants\/(@?[^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const ref = decodeURIComponent(m[1]!);
      const v = ref.startsWith('@') ? [...syncVariants.values()].find((x) => x.external_id === ref.slice(1)) : syncVariants.get(Number(ref));
      if (!v) throw notFound();
      return { code: 200, result: v };
    }
    m = /^\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const order = findOrder(decodeURIComponent(m[1]!));
      if (!order) throw notFound();
      return { code: 200, result: order };
    }
    if (method === 'POST' && path === '/orders') {
      const confirm = query.get('confirm') === 'true' || query.get('confirm') === '1';
      return { code: 200, result: createOrder(body, confirm) };
    }
    m = /^\/orders\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && m) {
      const order = findOrder(decodeURIComponent(m[1]!));
      if (!order) throw notFound();
      if (order.status !== 'draft') throw badRequest('Only draft orders can be confirmed for fulfillment.');
      order.status = 'pending';
      order.updated = now();
      confirmations.set(order.external_id, (confirmations.get(order.external_id) ?? 0) + 1);
      return { code: 200, result: order };
    }
    if (method === 'POST' && path === '/shipping/rates') return { code: 200, result: shippingRates(body) };
    throw notFound();
  }

  function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let body: unknown = null;
    let invalidJson = false;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        invalidJson = true;
      }
    }
    const store = req.headers['x-pf-store-id'];
    requests.push({
      method,
      path,
      search: url.search,
      body,
      authorization: req.headers.authorization,
      storeId: Array.isArray(store) ? store[0] : store,
    });

    const i = failures.findIndex(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (f.path === undefined || (typeof f.path === 'string' ? f.path === path : f.path.test(path))),
    );
    const failure = i >= 0 ? failures.splice(i, 1)[0] : undefined;
    const fail = (f: NonNullable<typeof failure>) => {
      const message = DEFAULT_MESSAGES[f.status] ?? 'The request could not be processed.';
      const headers = f.status === 429 && !Object.keys(f.headers).some((h) => h.toLowerCase() === 'retry-after') ? { 'Retry-After': '1', ...f.headers } : f.headers;
      sendError(res, f.status, REASONS[f.status] ?? 'Error', message, headers);
    };
    if (failure && !failure.afterHandling) return fail(failure);

    const drop = method === 'POST' && path === '/orders' && dropPosts > 0;
    if (drop) dropPosts--;

    try {
      authorize(req);
      if (invalidJson) throw badRequest('Invalid JSON in request body');
      const answer = route(method, path, url.searchParams, body);
      if (drop) {
        req.socket.destroy();
        return;
      }
      if (failure) return fail(failure);
      if (method === 'POST' && path === '/orders' && orderAnswerDelayMs > 0) {
        const waiting = {
          externalId: (answer as { result: LoopbackOrder }).result.external_id,
          storeId: requests.at(-1)!.storeId,
          timer: setTimeout(() => {
            awaitingAnswer.splice(awaitingAnswer.indexOf(waiting), 1);
            // The client may be gone by now (killed): the order exists, the answer goes nowhere.
            if (!res.destroyed) send(res, 200, answer);
          }, orderAnswerDelayMs),
        };
        awaitingAnswer.push(waiting);
        return;
      }
      send(res, 200, answer);
    } catch (err) {
      if (drop) {
        req.socket.destroy();
        return;
      }
      if (err instanceof PrintfulHttpError) return sendError(res, err.status, err.reason, err.message);
      sendError(res, 500, 'InternalServerError', err instanceof Error ? err.message : String(err));
    }
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });

  // ------------------------------------------------------------ webhooks

  function orderOf(externalId: string): LoopbackOrder {
    const o = orders.get(externalId);
    if (!o) throw new Error(`loopback Printful: no order with external_id ${externalId}`);
    return o;
  }

  function event(type: string, data: Record<string, unknown>, o: { created?: number; retries?: number } = {}): PrintfulWebhook {
    const ev = { type, created: o.created ?? now(), retries: o.retries ?? 0, store: storeNumber, data };
    return { body: Buffer.from(JSON.stringify(ev)), event: ev };
  }

  /**
   * The body Printful POSTs for an order event; the order's state changes to match.
   *  - package_shipped: adds a shipment (USPS, tracking number) and marks the order fulfilled
   *  - order_updated with { status }: sets the status (e.g. 'inprocess')
   *  - package_returned / order_failed / order_canceled / order_put_hold with { reason }
   *  - order_remove_hold: the order is a draft again (Printful prints it only once it is confirmed)
   */
  function webhook(
    type: string,
    externalId: string,
    o: { status?: string; reason?: string; carrier?: string; service?: string; trackingNumber?: string; created?: number } = {},
  ): PrintfulWebhook {
    const order = orderOf(externalId);
    order.updated = now();
    const data: Record<string, unknown> = {};
    switch (type) {
      case 'package_shipped': {
        const id = nextShipmentId++;
        const tracking = o.trackingNumber ?? `9400${String(id).padStart(18, '0')}`;
        const shipment: LoopbackShipment = {
          id,
          carrier: o.carrier ?? 'USPS',
          service: o.service ?? 'USPS Priority Mail',
          tracking_number: tracking,
          tracking_url: `https://www.printful.com/shipment/tracking?number=${tracking}`,
          created: now(),
          ship_date: new Date().toISOString().slice(0, 10),
          shipped_at: now(),
          reshipment: false,
          items: order.items.map((it) => ({ item_id: it.id, quantity: it.quantity })),
        };
        order.shipments.push(shipment);
        order.status = 'fulfilled';
        data.shipment = shipment;
        break;
      }
      case 'order_updated':
        if (o.status) order.status = o.status;
        break;
      case 'order_failed':
        order.status = 'failed';
        break;
      case 'order_canceled':
        order.status = 'canceled';
        break;
      case 'order_put_hold':
        order.status = 'onhold';
        break;
      // Printful: taken off hold, an order is a draft again, printed only once it is confirmed.
      case 'order_remove_hold':
        order.status = 'draft';
        break;
      case 'package_returned':
        data.shipment = order.shipments.at(-1) ?? null;
        break;
    }
    if (o.reason !== undefined) data.reason = o.reason;
    data.order = structuredClone(order);
    return event(type, data, o);
  }

  /** The same event delivered again, as Printful retries it (retries + 1, same `created`). */
  function redeliver(w: PrintfulWebhook): PrintfulWebhook {
    return event(w.event.type, w.event.data, { created: w.event.created, retries: w.event.retries + 1 });
  }

  return {
    url: origin,
    port,
    token,
    /** by external_id */
    orders,
    requests,
    catalogue,
    templates,
    syncProducts,
    syncVariants,
    /** How many orders POST /orders created with this external_id. */
    createdCount: (externalId: string) => created.get(externalId) ?? 0,
    /** How many times POST /orders/{id}/confirm confirmed this order's draft. */
    confirmedCount: (externalId: string) => confirmations.get(externalId) ?? 0,
    /**
     * The next `times` API requests (matching `only`, when given) get this status in Printful's error format
     * instead, before authentication, like an outage; a 429 carries `Retry-After: 1` unless headers say
     * otherwise. With `afterHandling` the request is carried out (an order is created) and then answered
     * with the failure.
     */
    failNext(
      status: number,
      times = 1,
      headers: Record<string, string> = {},
      only: { method?: string; path?: string | RegExp; afterHandling?: boolean } = {},
    ) {
      for (let n = 0; n < times; n++) failures.push({ status, headers, method: only.method, path: only.path, afterHandling: only.afterHandling ?? false });
    },
    /** The next POST /orders is carried out (the order is created), then the socket is destroyed unanswered. */
    dropNextPostAnswer() {
      dropPosts++;
    },
    /**
     * From now on POST /orders creates the order at once and answers `ms` later (0: at once), so a test can kill
     * a client between Printful's acting on a request and the client's hearing of it.
     */
    answerOrdersAfter(ms: number) {
      orderAnswerDelayMs = ms;
    },
    /** Orders created whose answer has not been sent yet (those of one X-PF-Store-Id, when given). */
    ordersAwaitingAnswer(storeId?: string): string[] {
      return awaitingAnswer.filter((w) => storeId === undefined || w.storeId === storeId).map((w) => w.externalId);
    },
    /** Forget injected failures. */
    clearFailures() {
      failures.length = 0;
      dropPosts = 0;
    },
    setPageLimit(n: number) {
      pageLimit = n;
    },
    addTemplate,
    addSyncProduct,
    addCatalogueProduct(p: LoopbackCatalogueProduct) {
      catalogue.set(p.id, p);
    },
    webhook,
    redeliver,
    /** A webhook body of any type, as given. */
    rawWebhook: event,
    async close() {
      for (const w of awaitingAnswer.splice(0)) clearTimeout(w.timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

export type PrintfulServer = Awaited<ReturnType<typeof startPrintfulServer>>;
