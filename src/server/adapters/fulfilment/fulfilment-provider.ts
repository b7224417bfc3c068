import type { PrintShopItem } from '@/server/db/schema/fulfilment';
import type { JobRegistration } from '@/server/modules/jobs';
/**
 * Print-on-demand fulfilment (ARCHITECTURE.md "External services"): one interface, two implementations.
 *  - printful.ts: Printful's v1 REST API (https://developers.printful.com/docs/), when PRINTFUL_API_TOKEN is set.
 *  - local-print-shop.ts: the built-in print shop (the default), which accepts orders, renders their print files
 *    into DATA_DIR and reports production and shipment through the same webhook route as Printful.
 * Both speak Printful's shapes at the edges (webhook bodies, template and product lists), so the default
 * exercises the production path. docs/decisions/083.
 */

/** A Printful product template (spec §3 "Printed-product template"). */
export interface PrintTemplate {
  id: number;
  name: string;
  product_name: string;
  variant_ids: number[];
  is_default: boolean;
  /** ISO time */
  created: string;
}

/** A Printful catalogue / store product (spec §3 "Printed product"). */
export interface PrintProduct {
  id: number;
  name: string;
  thumbnail_url: string | null;
}

/** One variant of a synced product: what the shop sells and what the provider prints. */
export interface SyncVariant {
  /** The provider's id for this variant (Printful: the sync variant id), stored as variants.fulfilment_ref. */
  ref: string;
  sku: string;
  name: string;
  size: string;
  finish: string;
  /** minor units */
  price: number;
  /** ISO 4217 upper case */
  currency: string;
  imageUrl: string | null;
  weightGrams: number;
}

/** One product of the provider's catalogue, as the sync writes it into products/variants. */
export interface SyncProduct {
  /** Printful: the sync product id; stored as products.fulfilment_ref. */
  ref: string;
  slug: string;
  name: string;
  description: string;
  kind: 'print' | 'framed';
  thumbnailUrl: string | null;
  variants: SyncVariant[];
}

export interface FulfilmentRecipient {
  name: string;
  address1: string;
  address2: string;
  city: string;
  /** ISO 3166-2 subdivision code without the country, e.g. "CA"; '' when none */
  stateCode: string;
  /** ISO 3166-1 alpha-2 */
  countryCode: string;
  zip: string;
  phone: string;
  email: string;
}

export interface FulfilmentItem {
  /** Our order line id (Printful: item external_id). */
  externalId: string;
  /**
   * The provider's variant id (variants.fulfilment_ref), or null when the shop's variant was never linked to one.
   * Printful prints only what names its variant: an item without one is refused before anything is sent.
   */
  variantRef: string | null;
  sku: string;
  /** What the shop calls it, product and variant, e.g. "Framed certificate (A4, oak)": for messages an admin reads. */
  product: string;
  name: string;
  quantity: number;
  /** minor units, per unit */
  retailPrice: number;
  /** A URL the provider downloads the 300 DPI print file from. */
  printFileUrl: string;
}

export interface FulfilmentOrderInput {
  /** Our order id: Printful's external_id. A second submission with the same id returns the first order. */
  externalId: string;
  orderNumber: string;
  /** 'STANDARD' | 'EXPRESS' (Printful's shipping method ids). */
  shipping: string;
  currency: string;
  recipient: FulfilmentRecipient;
  items: FulfilmentItem[];
  /**
   * false: create the order as a draft the provider neither prints nor charges for — an order paid with the test
   * card processor must never reach a real printer. Default true.
   */
  confirm?: boolean;
}

export interface FulfilmentOrder {
  /** The provider's order id (stored as orders.fulfilment_id). */
  id: string;
  /** The provider's status word, e.g. 'pending', 'inprocess'. */
  status: string;
  /** True when this call found an order submitted earlier (a retry) instead of creating one. */
  existing: boolean;
}

export interface ShippingRateInput {
  /** Only countryCode is always known (a cart before its address is typed); the others are '' until then. */
  recipient: Pick<FulfilmentRecipient, 'countryCode' | 'stateCode' | 'zip' | 'city' | 'address1'>;
  items: { variantRef: string | null; sku: string; quantity: number }[];
  currency: string;
  /** Ends the call, retries included, when it aborts: the checkout waits only so long (docs/decisions/087). */
  signal?: AbortSignal;
}

export interface ShippingRate {
  /** 'STANDARD' | 'EXPRESS' | … */
  id: string;
  name: string;
  /** minor units */
  rate: number;
  currency: string;
  minDeliveryDays: number | null;
  maxDeliveryDays: number | null;
}

/** A verified shipment webhook, reduced to what the shop acts on. */
export type FulfilmentEvent =
  | { key: string; type: string; kind: 'in_production'; externalId: string; providerOrderId: string }
  | {
      key: string;
      type: string;
      kind: 'shipped';
      externalId: string;
      providerOrderId: string;
      carrier: string;
      service: string;
      trackingNumber: string;
      trackingUrl: string;
    }
  | { key: string; type: string; kind: 'problem'; externalId: string; providerOrderId: string; reason: string }
  /** The provider lifted its hold (Printful: the order is back to a draft, which must be confirmed again). */
  | { key: string; type: string; kind: 'hold_removed'; externalId: string; providerOrderId: string; reason: string }
  | { key: string; type: string; kind: 'ignored' };

/** The provider did not answer usefully (after its own retries); the job that called retries later. */
export class FulfilmentProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status from the provider, when there was one. */
    readonly status: number | null = null,
    /** false for answers that will not change on retry (bad request, unknown variant). */
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'FulfilmentProviderError';
  }
}

/**
 * The order cannot be put in the provider's terms (an item with no provider variant): refused before any call to the
 * provider, not retryable, with a message that tells an admin what to fix.
 */
export class FulfilmentMappingError extends FulfilmentProviderError {
  constructor(message: string) {
    super(message, null, false);
    this.name = 'FulfilmentMappingError';
  }
}

/** What confirmOrder found and did. */
export interface ConfirmedOrder {
  /** The provider's order id. */
  id: string;
  /** The provider's status word after the call. */
  status: string;
  /** true when this call confirmed a draft; false when the order was not a draft (confirmed before, or moved on). */
  confirmed: boolean;
}

export class FulfilmentWebhookAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FulfilmentWebhookAuthError';
  }
}

/** What a printer that runs inside the shop needs from it: its print files drawn, and its webhooks delivered. */
export interface LocalPrinterHooks {
  /** Renders the 300 DPI PNG and the A4 PDF of each item into DATA_DIR; returns the items with their file paths. */
  renderFiles(externalId: string, items: PrintShopItem[]): Promise<PrintShopItem[]>;
  /** Posts a webhook body to the shop's own fulfilment webhook route (the same path Printful uses). */
  deliver(body: string, token: string): Promise<boolean>;
}

/** What a provider that runs inside the shop adds (the built-in print shop): its jobs, and moving it by hand. */
export interface LocalFulfilmentProvider {
  /** The app connects it once it can draw files and take webhooks. */
  connect(hooks: LocalPrinterHooks): void;
  jobs(): JobRegistration[];
  /** An admin's "next step": moves the provider's order on now; `reason` says why it could not. */
  advanceByHand(externalId: string): Promise<{ moved: boolean; reason: string | null }>;
  /** Whether "next step" can move the order on. */
  canAdvance(externalId: string): Promise<boolean>;
}

export interface FulfilmentProvider {
  readonly name: 'printful' | 'local';
  /** Present for a provider that runs inside the shop (the built-in print shop). */
  readonly local?: LocalFulfilmentProvider;
  /** Templates and products for the admin template dashboard (fetch-all-printful-templates). */
  fetchTemplates(): Promise<{ templates: PrintTemplate[]; products: PrintProduct[] }>;
  /** The whole sellable catalogue, for sync-printful-products. */
  fetchCatalogue(): Promise<SyncProduct[]>;
  /** Idempotent by externalId: a retried submission never creates a second order. */
  submitOrder(input: FulfilmentOrderInput): Promise<FulfilmentOrder>;
  /**
   * Confirms for printing an order the provider keeps as a draft (Printful: an order taken off hold goes back to
   * draft). Idempotent: an order that is no longer a draft is left as it is. Absent for a provider without drafts.
   */
  confirmOrder?(externalId: string): Promise<ConfirmedOrder>;
  /**
   * Live shipping rates, or null when the provider does not quote them or cannot quote these items (a product it
   * does not print): the shop's settings apply.
   */
  shippingRates(input: ShippingRateInput): Promise<ShippingRate[] | null>;
  /**
   * Checks a webhook request's authentication and reads it. `secret` is the value the caller presented
   * (the `token` query parameter of the webhook URL registered with the provider). Throws
   * FulfilmentWebhookAuthError when it is wrong; an unreadable body throws another Error.
   */
  readWebhook(body: Buffer, secret: string | undefined): FulfilmentEvent;
}
