import {
  FulfilmentMappingError,
  FulfilmentProviderError,
  type ConfirmedOrder,
  type FulfilmentEvent,
  type FulfilmentItem,
  type FulfilmentOrder,
  type FulfilmentOrderInput,
  type FulfilmentProvider,
  type PrintProduct,
  type PrintTemplate,
  type ShippingRate,
  type ShippingRateInput,
  type SyncProduct,
  type SyncVariant,
} from './fulfilment-provider';
import { checkWebhookToken, parsePrintfulWebhook } from './printful-webhook';

/**
 * Printful's v1 REST API (https://developers.printful.com/docs/) behind the FulfilmentProvider interface.
 *
 * Every answer is Printful's envelope: `{ code, result, paging? }` on success and
 * `{ code, result: "<message>", error: { reason, message } }` on errors. Inside one call a 429 waits for its
 * Retry-After, a 5xx / network error / timeout backs off exponentially (500 ms, 1 s, 2 s…), up to maxAttempts
 * attempts; then a retryable FulfilmentProviderError tells the calling job to try again later. Other 4xx
 * answers throw a non-retryable FulfilmentProviderError at once.
 *
 * Orders are idempotent by external_id: submitOrder looks the order up (`GET /orders/@{external_id}`) first,
 * and again before every retried POST whose answer was lost, so a retry never creates a second order.
 * Every item names its sync variant (`sync_variant_id`): Printful takes no SKU, so an item without one is refused
 * before any call (FulfilmentMappingError). An order Printful took off hold is a draft again: confirmOrder (and a
 * submission that finds such a draft) confirms it (`POST /orders/{id}/confirm`).
 *
 * Tested against the loopback server in src/server/test/loopback/printful-server.ts.
 */

export interface PrintfulOptions {
  token: string;
  /** The `token` query parameter of the webhook URL registered with Printful. */
  webhookSecret: string;
  /** default https://api.printful.com */
  apiUrl?: string;
  /** Sent as X-PF-Store-Id (needed with account-level tokens). */
  storeId?: string;
  /** Attempts per call, including the first. default 4 */
  maxAttempts?: number;
  /** How the adapter waits between attempts (tests shorten it). */
  sleep?: (ms: number) => Promise<void>;
  /** Upper bound for a 429's Retry-After. default 60 000 ms */
  maxRetryAfterMs?: number;
}

const REQUEST_TIMEOUT_MS = 20_000;
const PAGE_LIMIT = 100;
const MAX_PAGES = 50;
const DEFAULT_RETRY_AFTER_MS = 5_000;
const BACKOFF_BASE_MS = 500;
/** Sync variant → catalogue variant ids kept for shipping quotes (they change only when a variant is re-made). */
const MAX_CATALOGUE_IDS = 5_000;

interface PrintfulPaging {
  total: number;
  offset: number;
  limit: number;
}

interface PrintfulEnvelope<T = unknown> {
  code: number;
  result: T;
  paging?: PrintfulPaging;
  error?: { reason?: string; message?: string };
}

interface PfTemplate {
  id: number;
  product_id: number;
  title: string;
  available_variant_ids?: number[];
  created_at?: number;
}

interface PfCatalogueProduct {
  product: { id: number; title?: string; image?: string | null };
}

interface PfSyncProductSummary {
  id: number;
  name?: string;
  is_ignored?: boolean;
}

interface PfSyncVariant {
  id: number;
  external_id?: string;
  variant_id?: number;
  name: string;
  sku?: string | null;
  retail_price: string | number;
  currency?: string;
  size?: string | null;
  color?: string | null;
  product?: { name?: string; image?: string | null };
  is_ignored?: boolean;
}

interface PfSyncProductDetail {
  sync_product: { id: number; external_id?: string; name: string; thumbnail_url?: string | null; is_ignored?: boolean };
  sync_variants: PfSyncVariant[];
}

interface PfOrder {
  id: number;
  external_id?: string | null;
  status: string;
}

/** GET /store/variants/{id}: the sync variant (older answers wrap it as { sync_variant, sync_product }). */
interface PfSyncVariantLookup {
  variant_id?: number;
  sync_variant?: { variant_id?: number };
}

interface PfShippingRate {
  id: string;
  name: string;
  rate: string | number;
  currency: string;
  minDeliveryDays?: number | null;
  maxDeliveryDays?: number | null;
}

/** One HTTP exchange with Printful, classified. */
type Outcome =
  | { kind: 'ok'; status: number; body: PrintfulEnvelope }
  | { kind: 'not_found'; status: 404; message: string }
  | { kind: 'error'; status: number; message: string }
  | {
      kind: 'retry';
      status: number | null;
      message: string;
      delayMs: number;
      /** true when Printful may have acted on the request even though we got no usable answer */
      ambiguous: boolean;
    };

type RetryOutcome = Extract<Outcome, { kind: 'retry' }>;

/** "24.00" → 2400, "4.35" → 435, exactly (no float arithmetic). */
export function toMinorUnits(value: string | number): number {
  const s = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) throw new FulfilmentProviderError(`Printful sent an unreadable amount: ${JSON.stringify(value)}`, null, false);
  const whole = Number(m[2]);
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let minor = whole * 100 + Number(fraction.slice(0, 2));
  // More than two decimals (Printful sends two): round half up on the third.
  if (Number(fraction[2]) >= 5) minor += 1;
  return m[1] ? -minor : minor;
}

/** 1234 → "12.34" */
export function fromMinorUnits(minor: number): string {
  if (!Number.isInteger(minor)) throw new RangeError(`amount in minor units must be an integer, got ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function messageOf(body: unknown, status: number): string {
  if (isObject(body)) {
    const error = body.error;
    if (isObject(error) && typeof error.message === 'string' && error.message) return error.message;
    if (typeof body.result === 'string' && body.result) return body.result;
  }
  return `Printful answered HTTP ${status}`;
}

export class PrintfulFulfilmentProvider implements FulfilmentProvider {
  readonly name = 'printful' as const;
  private readonly token: string;
  private readonly webhookSecret: string;
  private readonly apiUrl: string;
  private readonly storeId: string | undefined;
  private readonly maxAttempts: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetryAfterMs: number;
  private readonly catalogueVariantIds = new Map<string, number>();

  constructor(opts: PrintfulOptions) {
    this.token = opts.token;
    this.webhookSecret = opts.webhookSecret;
    this.apiUrl = (opts.apiUrl ?? 'https://api.printful.com').replace(/\/+$/, '');
    this.storeId = opts.storeId || undefined;
    this.maxAttempts = Math.max(1, Math.floor(opts.maxAttempts ?? 4));
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxRetryAfterMs = opts.maxRetryAfterMs ?? 60_000;
  }

  // ---------------------------------------------------------------- HTTP

  /** One attempt; never throws (network failures become a retry outcome). */
  private async attempt(method: 'GET' | 'POST', path: string, body: unknown, attemptNo: number, signal?: AbortSignal): Promise<Outcome> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.storeId) headers['x-pf-store-id'] = this.storeId;
    const backoff = BACKOFF_BASE_MS * 2 ** (attemptNo - 1);

    let status: number;
    let retryAfter: string | null;
    let text: string;
    try {
      const res = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([AbortSignal.timeout(REQUEST_TIMEOUT_MS), signal]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      text = await res.text();
    } catch (err) {
      return { kind: 'retry', status: null, message: `network error: ${describe(err)}`, delayMs: backoff, ambiguous: true };
    }

    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }

    if (status === 429) {
      return { kind: 'retry', status, message: messageOf(json, status), delayMs: this.retryAfterMs(retryAfter), ambiguous: false };
    }
    if (status >= 500) return { kind: 'retry', status, message: messageOf(json, status), delayMs: backoff, ambiguous: true };
    if (status >= 200 && status < 300) {
      if (!isObject(json) || !('result' in json)) {
        return { kind: 'retry', status, message: 'Printful sent an unreadable answer', delayMs: backoff, ambiguous: true };
      }
      return { kind: 'ok', status, body: json as unknown as PrintfulEnvelope };
    }
    if (status === 404) return { kind: 'not_found', status, message: messageOf(json, status) };
    return { kind: 'error', status, message: messageOf(json, status) };
  }

  private retryAfterMs(header: string | null): number {
    let ms = DEFAULT_RETRY_AFTER_MS;
    if (header !== null && header.trim() !== '') {
      const v = header.trim();
      if (/^\d+(\.\d+)?$/.test(v)) ms = Number(v) * 1000;
      else {
        const at = Date.parse(v);
        if (!Number.isNaN(at)) ms = Math.max(0, at - Date.now());
      }
    }
    return Math.min(ms, this.maxRetryAfterMs);
  }

  private exhausted(method: string, path: string, last: RetryOutcome, attempts: number): FulfilmentProviderError {
    return new FulfilmentProviderError(
      `Printful ${method} ${path.split('?')[0]}: ${last.message} (gave up after ${attempts} attempt${attempts === 1 ? '' : 's'})`,
      last.status,
      true,
    );
  }

  /** The caller stopped waiting: no more attempts. */
  private aborted(method: string, path: string, signal: AbortSignal): FulfilmentProviderError {
    const why = signal.reason instanceof Error && signal.reason.name === 'TimeoutError' ? 'no answer in time' : 'the caller stopped waiting';
    return new FulfilmentProviderError(`Printful ${method} ${path.split('?')[0]}: ${why}`, null, true);
  }

  /** A wait between attempts that ends early when the caller stops waiting. */
  private async pause(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal) return this.sleep(ms);
    if (signal.aborted) return;
    let onAbort!: () => void;
    const stopped = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    await Promise.race([this.sleep(ms), stopped]);
    signal.removeEventListener('abort', onAbort);
  }

  /** A request with retries. A 404 returns null when allowed, and throws otherwise. */
  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    o: { allow404?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<PrintfulEnvelope<T> | null> {
    let last: RetryOutcome | undefined;
    for (let n = 1; n <= this.maxAttempts; n++) {
      if (last) await this.pause(last.delayMs, o.signal);
      if (o.signal?.aborted) throw this.aborted(method, path, o.signal);
      const out = await this.attempt(method, path, body, n, o.signal);
      switch (out.kind) {
        case 'ok':
          return out.body as PrintfulEnvelope<T>;
        case 'not_found':
          if (o.allow404) return null;
          throw new FulfilmentProviderError(out.message, out.status, false);
        case 'error':
          throw new FulfilmentProviderError(out.message, out.status, false);
        case 'retry':
          last = out;
      }
    }
    throw this.exhausted(method, path, last!, this.maxAttempts);
  }

  private async get<T>(path: string): Promise<PrintfulEnvelope<T>> {
    return (await this.request<T>('GET', path))!;
  }

  /** Every item of a paged list endpoint (at most MAX_PAGES pages). */
  private async all<T>(path: string, itemsOf: (result: unknown) => T[]): Promise<T[]> {
    const items: T[] = [];
    let offset = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const env = await this.get<unknown>(`${path}${sep}offset=${offset}&limit=${PAGE_LIMIT}`);
      const batch = itemsOf(env.result);
      items.push(...batch);
      offset += batch.length;
      const total = env.paging?.total;
      if (batch.length === 0 || total === undefined || offset >= total) break;
    }
    return items;
  }

  // ---------------------------------------------------------------- templates and catalogue

  async fetchTemplates(): Promise<{ templates: PrintTemplate[]; products: PrintProduct[] }> {
    const raw = await this.all<PfTemplate>('/product-templates', (r) => {
      if (Array.isArray(r)) return r as PfTemplate[];
      if (isObject(r) && Array.isArray(r.items)) return r.items as PfTemplate[];
      return [];
    });

    const products = new Map<number, PrintProduct>();
    for (const t of raw) {
      if (products.has(t.product_id)) continue;
      const env = await this.request<PfCatalogueProduct>('GET', `/products/${encodeURIComponent(String(t.product_id))}`, undefined, { allow404: true });
      const p = env?.result?.product;
      products.set(t.product_id, {
        id: t.product_id,
        name: p?.title || `Product ${t.product_id}`,
        thumbnail_url: p?.image ?? null,
      });
    }

    const seen = new Set<number>();
    const templates = raw.map((t): PrintTemplate => {
      const isDefault = !seen.has(t.product_id);
      seen.add(t.product_id);
      const created = typeof t.created_at === 'number' && Number.isFinite(t.created_at) ? new Date(t.created_at * 1000) : new Date(0);
      return {
        id: t.id,
        name: t.title,
        product_name: products.get(t.product_id)!.name,
        variant_ids: t.available_variant_ids ?? [],
        is_default: isDefault,
        created: created.toISOString(),
      };
    });
    return { templates, products: [...products.values()] };
  }

  async fetchCatalogue(): Promise<SyncProduct[]> {
    const list = await this.all<PfSyncProductSummary>('/store/products', (r) => (Array.isArray(r) ? (r as PfSyncProductSummary[]) : []));
    const out: SyncProduct[] = [];
    for (const summary of list) {
      if (summary.is_ignored) continue;
      const { result } = await this.get<PfSyncProductDetail>(`/store/products/${encodeURIComponent(String(summary.id))}`);
      const sp = result.sync_product;
      if (sp.is_ignored) continue;
      const slug = slugify(sp.name);
      out.push({
        ref: String(sp.id),
        slug: slug ? `${slug}-${sp.id}` : `product-${sp.id}`,
        name: sp.name,
        description: '',
        kind: /frame/i.test(sp.name) ? 'framed' : 'print',
        thumbnailUrl: sp.thumbnail_url ?? null,
        variants: (result.sync_variants ?? [])
          .filter((sv) => !sv.is_ignored)
          .map(
            (sv): SyncVariant => ({
              ref: String(sv.id),
              sku: sv.sku || `PF-${sv.id}`,
              name: sv.name,
              size: sv.size ?? '',
              finish: sv.color ?? '',
              price: toMinorUnits(sv.retail_price),
              currency: (sv.currency ?? 'USD').toUpperCase(),
              imageUrl: sv.product?.image ?? null,
              weightGrams: 0,
            }),
          ),
      });
    }
    return out;
  }

  // ---------------------------------------------------------------- orders

  private orderPath(externalId: string): string {
    return `/orders/@${encodeURIComponent(externalId)}`;
  }

  /** The order Printful holds under our external id, or null. */
  private async findOrder(externalId: string): Promise<FulfilmentOrder | null> {
    const env = await this.request<PfOrder>('GET', this.orderPath(externalId), undefined, { allow404: true });
    return env ? { id: String(env.result.id), status: env.result.status, existing: true } : null;
  }

  /**
   * Each item with the Printful sync variant it prints as. Printful takes an item only by a variant of its own (no
   * SKU): an item the shop never linked to one is refused here, before anything is sent, in words an admin acts on.
   */
  private mapItems(items: FulfilmentItem[]): { item: FulfilmentItem; syncVariantId: number }[] {
    const unlinked = items.filter((item) => !item.variantRef || !/^\d+$/.test(item.variantRef));
    if (unlinked.length) {
      const names = [...new Set(unlinked.map((item) => `${item.product}, SKU ${item.sku},`))];
      const one = names.length === 1;
      throw new FulfilmentMappingError(
        `${names.join(' and ')} ${one ? 'has' : 'have'} no Printful variant: give ${one ? 'a Printful product that SKU' : 'Printful products those SKUs'} ` +
          'and run Sync Printful products on the admin home, then resubmit.',
      );
    }
    return items.map((item) => ({ item, syncVariantId: Number(item.variantRef) }));
  }

  async submitOrder(input: FulfilmentOrderInput): Promise<FulfilmentOrder> {
    const items = this.mapItems(input.items);
    const earlier = await this.findOrder(input.externalId);
    if (earlier) {
      // Sent before and left a draft by a hold Printful has lifted since: to be printed, it must be confirmed again.
      if (earlier.status === 'draft' && input.confirm !== false) {
        const confirmed = await this.confirmOrder(input.externalId);
        return { id: confirmed.id, status: confirmed.status, existing: true };
      }
      return earlier;
    }

    const r = input.recipient;
    const body = {
      external_id: input.externalId,
      shipping: input.shipping,
      recipient: {
        name: r.name,
        address1: r.address1,
        ...(r.address2 ? { address2: r.address2 } : {}),
        city: r.city,
        ...(r.stateCode ? { state_code: r.stateCode } : {}),
        country_code: r.countryCode,
        zip: r.zip,
        ...(r.phone ? { phone: r.phone } : {}),
        ...(r.email ? { email: r.email } : {}),
      },
      items: items.map(({ item, syncVariantId }) => ({
        external_id: item.externalId,
        sync_variant_id: syncVariantId,
        quantity: item.quantity,
        retail_price: fromMinorUnits(item.retailPrice),
        name: item.name,
        files: [{ type: 'default', url: item.printFileUrl }],
      })),
      retail_costs: { currency: input.currency.toUpperCase() },
    };

    // A draft (confirm=false) is kept at Printful but never printed or charged: for orders paid with test cards.
    const path = `/orders?confirm=${input.confirm === false ? 'false' : 'true'}`;
    let last: RetryOutcome | undefined;
    for (let n = 1; n <= this.maxAttempts; n++) {
      if (last) {
        await this.sleep(last.delayMs);
        // The lost answer may have been a success: look before posting again.
        if (last.ambiguous) {
          const found = await this.findOrder(input.externalId);
          if (found) return found;
        }
      }
      const out = await this.attempt('POST', path, body, n);
      if (out.kind === 'ok') {
        const order = out.body.result as PfOrder;
        return { id: String(order.id), status: order.status, existing: false };
      }
      if (out.kind === 'retry') {
        last = out;
        continue;
      }
      // Another submission of the same order won the race.
      if (out.status === 400 && /external[\s_-]*id/i.test(out.message) && /already exists/i.test(out.message)) {
        const found = await this.findOrder(input.externalId);
        if (found) return found;
      }
      throw new FulfilmentProviderError(out.message, out.status, false);
    }
    throw this.exhausted('POST', path, last!, this.maxAttempts);
  }

  /**
   * `POST /orders/{id}/confirm`: approves a draft for printing (Printful charges the store then). The order is looked
   * up first, and again before a retry whose answer was lost: an order that is no longer a draft is not confirmed
   * twice (Printful refuses to confirm anything but a draft).
   */
  async confirmOrder(externalId: string): Promise<ConfirmedOrder> {
    const found = await this.findOrder(externalId);
    if (!found) throw new FulfilmentProviderError(`Printful has no order ${externalId} to confirm`, 404, false);
    if (found.status !== 'draft') return { id: found.id, status: found.status, confirmed: false };
    const path = `/orders/${encodeURIComponent(found.id)}/confirm`;
    let last: RetryOutcome | undefined;
    for (let n = 1; n <= this.maxAttempts; n++) {
      if (last) {
        await this.sleep(last.delayMs);
        if (last.ambiguous) {
          const now = await this.findOrder(externalId);
          if (now && now.status !== 'draft') return { id: now.id, status: now.status, confirmed: true };
        }
      }
      const out = await this.attempt('POST', path, undefined, n);
      if (out.kind === 'ok') {
        const order = out.body.result as PfOrder;
        return { id: String(order.id ?? found.id), status: order.status ?? 'pending', confirmed: true };
      }
      if (out.kind === 'retry') {
        last = out;
        continue;
      }
      throw new FulfilmentProviderError(out.message, out.status, false);
    }
    throw this.exhausted('POST', path, last!, this.maxAttempts);
  }

  /**
   * The catalogue variant a sync variant prints (`GET /store/variants/{id}` → variant_id): POST /shipping/rates takes
   * catalogue variant ids (or external_variant_id / warehouse_product_variant_id), not sync variant ids or SKUs.
   * Remembered, so a cart is looked up once. null when Printful does not know the sync variant.
   */
  private async catalogueVariantId(syncVariantId: string, signal?: AbortSignal): Promise<number | null> {
    const known = this.catalogueVariantIds.get(syncVariantId);
    if (known !== undefined) return known;
    const env = await this.request<PfSyncVariantLookup>('GET', `/store/variants/${encodeURIComponent(syncVariantId)}`, undefined, { allow404: true, signal });
    const id = env?.result?.variant_id ?? env?.result?.sync_variant?.variant_id;
    if (typeof id !== 'number' || !Number.isInteger(id)) return null;
    if (this.catalogueVariantIds.size >= MAX_CATALOGUE_IDS) this.catalogueVariantIds.clear();
    this.catalogueVariantIds.set(syncVariantId, id);
    return id;
  }

  /**
   * POST /shipping/rates: `recipient` { country_code, state_code, zip, city, address1 } (only what is known) and
   * `items` [{ variant_id, quantity }] with catalogue variant ids; the answer is `result: [{ id, name, rate,
   * currency, minDeliveryDays, maxDeliveryDays }]`. An item Printful does not print (no sync variant) cannot be
   * quoted: null, and the shop's own prices apply.
   */
  async shippingRates(input: ShippingRateInput): Promise<ShippingRate[] | null> {
    if (input.items.length === 0 || input.items.some((item) => !item.variantRef)) return null;
    const refs = [...new Set(input.items.map((item) => item.variantRef!))];
    const ids = new Map<string, number>();
    for (const ref of refs) {
      const id = await this.catalogueVariantId(ref, input.signal);
      if (id === null) return null;
      ids.set(ref, id);
    }
    const r = input.recipient;
    const body = {
      recipient: {
        ...(r.address1 ? { address1: r.address1 } : {}),
        ...(r.city ? { city: r.city } : {}),
        country_code: r.countryCode,
        ...(r.stateCode ? { state_code: r.stateCode } : {}),
        ...(r.zip ? { zip: r.zip } : {}),
      },
      // Printful documents the ids of ItemInfo as strings.
      items: input.items.map((item) => ({ variant_id: String(ids.get(item.variantRef!)), quantity: item.quantity })),
      currency: input.currency.toUpperCase(),
    };
    const env = (await this.request<PfShippingRate[]>('POST', '/shipping/rates', body, { signal: input.signal }))!;
    const rates = Array.isArray(env.result) ? env.result : [];
    return rates.map((rate) => ({
      id: rate.id,
      name: rate.name,
      rate: toMinorUnits(rate.rate),
      currency: (rate.currency ?? input.currency).toUpperCase(),
      minDeliveryDays: rate.minDeliveryDays ?? null,
      maxDeliveryDays: rate.maxDeliveryDays ?? null,
    }));
  }

  // ---------------------------------------------------------------- webhooks

  readWebhook(body: Buffer, secret: string | undefined): FulfilmentEvent {
    checkWebhookToken(this.webhookSecret, secret);
    return parsePrintfulWebhook(body);
  }
}
