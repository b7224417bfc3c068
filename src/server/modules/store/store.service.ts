import { and, asc, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { AwardMockup, CartLineInput, DesignSummary, Product, Quote, QuotedLine, ShippingMethod, ShippingMethodId } from '@/contract/shop';
import { cartLineInputSchema } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { awardProductTemplates, awards, nominations, products, templates, variantPrices, variants } from '@/server/db/schema/index';
import { checkDiscount, type DiscountCheck } from '../discounts';
import { shopCurrencies, type ShopSettings } from '../settings';
import type { LocalImageSizes } from './image-size';
import { destinationTax } from '../tax';
import { orderTotals, shareDiscount, type TaxLine } from './pricing';
import type { SalesTaxProvider } from '@/server/adapters/tax/tax-provider';
import { TaxProviderError } from '@/server/adapters/tax/tax-provider';
import { HttpError } from '@/server/lib/http-errors';
import type { ShippingRateQuoter } from './shipping-rates';

type DbLike = Pick<Db, 'select'>;

/**
 * The active catalogue in one currency: active products with their active variants priced in it — at their own price
 * when it is their currency, else at their price list's (docs/decisions/134). A variant with neither is not shown.
 */
export async function listCatalogue(db: DbLike, currency: string): Promise<Product[]> {
  const rows = await db
    .select({ p: products, v: variants, listed: variantPrices.price })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .leftJoin(variantPrices, and(eq(variantPrices.variantId, variants.id), eq(variantPrices.currency, currency)))
    .where(and(eq(products.isActive, true), eq(variants.isActive, true), or(eq(variants.currency, currency), isNotNull(variantPrices.price))))
    .orderBy(asc(products.sortOrder), asc(products.name), asc(variants.sortOrder), asc(variants.name));
  const byId = new Map<string, Product>();
  for (const { p, v, listed } of rows) {
    let product = byId.get(p.id);
    if (!product) {
      product = { id: p.id, slug: p.slug, name: p.name, description: p.description, kind: p.kind, thumbnail_url: p.thumbnailUrl, variants: [] };
      byId.set(p.id, product);
    }
    product.variants.push({
      id: v.id,
      sku: v.sku,
      name: v.name,
      size: v.size,
      finish: v.finish,
      price: v.currency === currency ? v.price : listed!,
      currency,
      weight_grams: v.weightGrams,
      image_url: v.imageUrl,
      requires_shipping: v.requiresShipping,
    });
  }
  return [...byId.values()];
}

/**
 * The photos of an award on the printed products (award_product_templates, docs/decisions/087): active mappings with
 * a mockup, of an active award, an active product and (when the mapping names one) an active variant; newest first.
 */
export async function listAwardMockups(db: DbLike, awardId: string, sizes: Pick<LocalImageSizes, 'get'>): Promise<AwardMockup[]> {
  const rows = await db
    .select({
      productId: products.id,
      productName: products.name,
      variantId: awardProductTemplates.variantId,
      variantName: variants.name,
      url: awardProductTemplates.mockupUrl,
      awardTitle: awards.title,
    })
    .from(awardProductTemplates)
    .innerJoin(awards, eq(awards.id, awardProductTemplates.awardId))
    .innerJoin(products, eq(products.id, awardProductTemplates.productId))
    .leftJoin(variants, eq(variants.id, awardProductTemplates.variantId))
    .where(
      and(
        eq(awardProductTemplates.awardId, awardId),
        eq(awardProductTemplates.isActive, true),
        isNotNull(awardProductTemplates.mockupUrl),
        eq(awards.isActive, true),
        eq(products.isActive, true),
        or(isNull(awardProductTemplates.variantId), eq(variants.isActive, true)),
      ),
    )
    .orderBy(desc(awardProductTemplates.createdAt), desc(awardProductTemplates.id))
    .limit(100);
  return Promise.all(
    rows.map(async (r): Promise<AwardMockup> => {
      const size = await sizes.get(r.url!);
      return {
        product_id: r.productId,
        variant_id: r.variantId,
        url: r.url!,
        width: size?.width ?? null,
        height: size?.height ?? null,
        alt: `${r.productName}${r.variantName ? `, ${r.variantName}` : ''}, with the ${r.awardTitle} certificate`,
      };
    }),
  );
}

/** A price in a currency: the own price in the shop's own currency, else the price list's (undefined: not priced). */
const priceIn = (m: { price: number; prices: Record<string, number> }, shop: Pick<ShopSettings, 'currency'>, currency: string): number | undefined =>
  currency === shop.currency ? m.price : m.prices[currency];

/** The shop's own shipping methods in a currency (default: its own); a method not priced in it is not offered. */
export function shippingMethods(shop: ShopSettings, currency = shop.currency): ShippingMethod[] {
  return (['standard', 'express'] as const).flatMap((id) => {
    const { prices: _prices, ...m } = shop.shipping[id];
    const price = priceIn(shop.shipping[id], shop, currency);
    return price === undefined ? [] : [{ id, ...m, price }];
  });
}


/**
 * Where prints can go and at what price (docs/decisions/131): the methods of the zone that holds the country (its
 * prices and promises, the methods' own labels; express only where the zone offers it), else the shop's own methods
 * when it ships elsewhere, else none — `ships` false. Before a country is known: the shop's own methods.
 */
export function shippingTo(shop: ShopSettings, country: string | null | undefined, currency = shop.currency): { methods: ShippingMethod[]; ships: boolean } {
  if (!country) return { methods: shippingMethods(shop, currency), ships: true };
  const zone = shop.shipping_zones.find((z) => z.countries.includes(country));
  if (zone) {
    const methods: ShippingMethod[] = [];
    for (const id of ['standard', 'express'] as const) {
      const zm = zone[id];
      const price = zm ? priceIn(zm, shop, currency) : undefined;
      if (zm && price !== undefined) methods.push({ id, label: shop.shipping[id].label, price, min_days: zm.min_days, max_days: zm.max_days });
    }
    return { methods, ships: true };
  }
  return shop.ships_elsewhere ? { methods: shippingMethods(shop, currency), ships: true } : { methods: [], ships: false };
}

/** A priced line, with what checkout needs to freeze it on an order. */
export interface PricedLine extends QuotedLine {
  sku: string;
  /** The print provider's variant id (variants.fulfilment_ref), for its live shipping rates. */
  fulfilmentRef: string | null;
  /** Set when available: what is printed, resolved from the database. */
  resolved: DesignSummary | null;
}

type VariantRow = { v: typeof variants.$inferSelect; p: typeof products.$inferSelect };
type AwardRow = { id: string; title: string; isActive: boolean; imageUrl: string | null };
type TemplateRow = { id: string; isActive: boolean };

/** What pricing reads of the catalogue: every variant with its product and price lists, every award, every template. */
export interface PricingCatalogue {
  variants: Map<string, VariantRow>;
  /** variant id → currency → price, the price lists beside each variant's own price (docs/decisions/134). */
  prices: Map<string, Map<string, number>>;
  awards: Map<string, AwardRow>;
  templates: TemplateRow[];
}

async function loadPricingCatalogue(db: DbLike): Promise<PricingCatalogue> {
  const [variantRows, priceRows, awardRows, templateRows] = await Promise.all([
    db.select({ v: variants, p: products }).from(variants).innerJoin(products, eq(products.id, variants.productId)),
    db.select({ variantId: variantPrices.variantId, currency: variantPrices.currency, price: variantPrices.price }).from(variantPrices),
    db.select({ id: awards.id, title: awards.title, isActive: awards.isActive, imageUrl: awards.imageUrl }).from(awards),
    db.select({ id: templates.id, isActive: templates.isActive }).from(templates).orderBy(asc(templates.sortOrder), asc(templates.name)),
  ]);
  const prices = new Map<string, Map<string, number>>();
  for (const r of priceRows) {
    let of = prices.get(r.variantId);
    if (!of) prices.set(r.variantId, (of = new Map()));
    of.set(r.currency, r.price);
  }
  return { variants: new Map(variantRows.map((r) => [r.v.id, r])), prices, awards: new Map(awardRows.map((a) => [a.id, a])), templates: templateRows };
}

/**
 * The catalogue as pricing reads it, kept in memory (issue 25: the quote and the checkout priced every cart with
 * three queries). It lives as long as the catalogue's response cache (`ttlMs`, 10 s) and is dropped with it: at
 * once on the instance where an admin changed the catalogue, within `ttlMs` on the others — the same staleness the
 * shopper's catalogue pages already have (docs/decisions/117). Concurrent misses share one load.
 */
export class PricingCache {
  #loading: Promise<PricingCatalogue> | null = null;
  #loadedAt = 0;
  #generation = 0;

  constructor(private readonly ttlMs: number) {}

  get(db: DbLike): Promise<PricingCatalogue> {
    if (this.#loading && performance.now() - this.#loadedAt < this.ttlMs) return this.#loading;
    const generation = this.#generation;
    this.#loadedAt = performance.now();
    const loading = loadPricingCatalogue(db);
    this.#loading = loading;
    // A failed load is not kept; nor is one that a clear() overtook (it may predate the change).
    loading.then(
      () => {
        if (generation !== this.#generation && this.#loading === loading) this.#loading = null;
      },
      () => {
        if (this.#loading === loading) this.#loading = null;
      },
    );
    return loading;
  }

  clear() {
    this.#generation++;
    this.#loading = null;
  }
}

/**
 * Prices lines from the database (never from the caller) and checks each can still be bought. With `pricing`, the
 * catalogue comes from its memory; nominations (a line of a shared certificate) are always read.
 */
export async function priceLines(db: DbLike, lines: readonly CartLineInput[], currency: string, pricing?: PricingCache): Promise<PricedLine[]> {
  const parsed = lines.map((l) => cartLineInputSchema.parse(l));
  const shareIds = [...new Set(parsed.flatMap((l) => (l.design.share_id ? [l.design.share_id] : [])))];
  const [catalogue, nominationRows] = await Promise.all([
    pricing ? pricing.get(db) : loadPricingCatalogue(db),
    shareIds.length ? db.select().from(nominations).where(inArray(nominations.shareId, shareIds)) : [],
  ]);
  const nominationByShare = new Map(nominationRows.map((n) => [n.shareId, n]));
  const templateRows = catalogue.templates;
  const variantById = catalogue.variants;
  const awardById = catalogue.awards;
  const activeTemplates = new Set(templateRows.filter((t) => t.isActive).map((t) => t.id));
  const defaultTemplate = templateRows.find((t) => t.isActive)?.id ?? null;

  return parsed.map((line): PricedLine => {
    const row = variantById.get(line.variant_id);
    // Its own price in its own currency, else its price list's in this one (docs/decisions/134).
    const unitPrice = row ? (row.v.currency === currency ? row.v.price : catalogue.prices.get(row.v.id)?.get(currency)) : undefined;
    const base = {
      variant_id: line.variant_id,
      product_id: row?.p.id ?? null,
      product_name: row?.p.name ?? 'Product no longer sold',
      variant_name: row?.v.name ?? '',
      image_url: row?.v.imageUrl ?? row?.p.thumbnailUrl ?? null,
      sku: row?.v.sku ?? '',
      fulfilmentRef: row?.v.fulfilmentRef ?? null,
      unit_price: unitPrice ?? 0,
      quantity: line.quantity,
      line_total: (unitPrice ?? 0) * line.quantity,
      requires_shipping: row?.v.requiresShipping ?? false,
    };
    const unavailable = (reason: string, design: DesignSummary | null = null): PricedLine => ({
      ...base,
      available: false,
      unavailable_reason: reason,
      design,
      resolved: null,
    });
    if (!row || !row.v.isActive || !row.p.isActive) return unavailable('This product is no longer available.');
    if (unitPrice === undefined) return unavailable(`This product is not sold in ${currency}.`);

    let design: DesignSummary;
    if (line.design.share_id) {
      const n = nominationByShare.get(line.design.share_id);
      if (!n || n.hidden || n.status === 'declined') return unavailable('This certificate is no longer available for printing.');
      const award = awardById.get(n.awardId);
      design = {
        award_id: n.awardId,
        award_title: award?.title ?? 'Award',
        template_id: n.templateId,
        recipient_name: n.nomineeName,
        share_id: n.shareId,
        certificate_number: n.certificateNumber,
      };
    } else {
      const award = awardById.get(line.design.award_id);
      if (!award || !award.isActive) return unavailable('This award is no longer available.');
      const templateId = line.design.template_id && activeTemplates.has(line.design.template_id) ? line.design.template_id : defaultTemplate;
      design = {
        award_id: award.id,
        award_title: award.title,
        template_id: templateId,
        recipient_name: line.design.recipient_name ?? '',
        share_id: null,
        certificate_number: null,
      };
    }
    return { ...base, available: true, unavailable_reason: null, design, resolved: design };
  });
}

export interface QuoteInput {
  lines: readonly CartLineInput[];
  shippingMethod?: ShippingMethodId | null | undefined;
  country?: string | null | undefined;
  /** State and postal code of the address, when known: the provider's live rates and taxes may need them. */
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
  /** The currency to price in: one the shop sells in (default: its own; docs/decisions/134). */
  currency?: string | null | undefined;
  /** The street, when known: US sales tax is worked out for the address itself. */
  city?: string | null | undefined;
  line1?: string | null | undefined;
  discountCode?: string | undefined;
}

export interface QuoteOptions {
  /** Live shipping prices from the print provider; without it (or when it answers null) the settings' prices apply. */
  shippingRates?: ShippingRateQuoter | undefined;
  /** The catalogue kept in memory for pricing; without it the catalogue is read. */
  pricing?: PricingCache | undefined;
  /** US sales tax, when the shop collects it (docs/decisions/133); without it US orders pay none. */
  salesTax?: SalesTaxProvider | undefined;
}

export interface FullQuote {
  quote: Quote;
  lines: PricedLine[];
  discount: DiscountCheck;
}

/**
 * The shipping methods on offer and their prices: those of the destination's zone (shippingTo), priced by the print
 * provider's live rates once the country is known and the provider quotes them (only the methods both offer), else
 * at the settings' prices (docs/decisions/087, 131). A country the shop does not ship to gets none.
 */
async function shippingOffer(
  shop: ShopSettings,
  currency: string,
  input: QuoteInput,
  shipped: PricedLine[],
  opts: QuoteOptions,
): Promise<{ methods: ShippingMethod[]; source: 'provider' | 'settings'; ships: boolean }> {
  const { methods, ships } = shippingTo(shop, input.country, currency);
  if (!ships) return { methods, source: 'settings', ships };
  if (!opts.shippingRates || !input.country || shipped.length === 0) return { methods, source: 'settings', ships };
  const prices = await opts.shippingRates.prices({
    country: input.country,
    state: input.state ?? '',
    postalCode: input.postalCode ?? '',
    currency,
    items: shipped.map((l) => ({ variantRef: l.fulfilmentRef, sku: l.sku, quantity: l.quantity })),
  });
  if (!prices) return { methods, source: 'settings', ships };
  return {
    methods: methods.flatMap((m) => (prices[m.id] === undefined ? [] : [{ ...m, price: prices[m.id]! }])),
    source: 'provider',
    ships,
  };
}

/**
 * The one pricing path: the cart's summary, the checkout's summary and the order all come from here.
 * Unavailable lines are shown but never counted.
 */
export async function quote(db: DbLike, shop: ShopSettings, input: QuoteInput, testMode: boolean, opts: QuoteOptions = {}): Promise<FullQuote> {
  const currency = input.currency ?? shop.currency;
  const offered = shopCurrencies(shop);
  if (!offered.includes(currency)) {
    throw new HttpError(400, 'CURRENCY_NOT_SOLD', `We don’t sell in ${currency}. Choose ${offered.join(', ')}.`, 'currency');
  }
  const lines = await priceLines(db, input.lines, currency, opts.pricing);
  const counted = lines.filter((l) => l.available);
  const subtotal = counted.reduce((s, l) => s + l.line_total, 0);
  const discount = await checkDiscount(db, input.discountCode, subtotal, currency, shop.currency);
  const requiresShipping = counted.some((l) => l.requires_shipping);
  const offer = requiresShipping
    ? await shippingOffer(shop, currency, input, counted.filter((l) => l.requires_shipping), opts)
    : { methods: shippingMethods(shop, currency), source: 'settings' as const, ships: true };
  const methods = offer.methods;
  // A method the provider does not offer to this address is not chosen (checkout refuses it, naming the field).
  const chosen = requiresShipping && input.shippingMethod ? methods.find((m) => m.id === input.shippingMethod) : undefined;
  const method = chosen?.id ?? null;
  const shipping = chosen?.price ?? 0;
  const dest = destinationTax(shop, input.country, input.state, !!opts.salesTax);
  const lineTotals = counted.map((l) => l.line_total);
  const before = orderTotals({ lineTotals, discount: discount.rule, shipping, taxes: dest.components, inclusive: dest.inclusive });
  const providerTaxes = dest.provider && opts.salesTax && (input.postalCode ?? '') !== '' ? await providerTaxesOf(opts.salesTax, currency, counted, before, input) : undefined;
  const totals = providerTaxes ? orderTotals({ lineTotals, discount: discount.rule, shipping, taxes: [], inclusive: false, providerTaxes }) : before;
  return {
    lines,
    discount,
    quote: {
      currency,
      test_mode: testMode,
      lines: lines.map(({ sku: _sku, resolved: _resolved, fulfilmentRef: _ref, ...l }) => l),
      subtotal: totals.subtotal,
      discount: discount.rule ? { code: discount.rule.code, amount: totals.discount, description: discount.rule.description } : null,
      discount_error: discount.error,
      requires_shipping: requiresShipping,
      shipping_methods: methods,
      shipping_method: method,
      shipping_source: offer.source,
      ships_to_country: offer.ships,
      shipping_total: totals.shipping,
      tax_rate_bps: totals.taxes.reduce((sum, t) => sum + t.rate_bps, 0),
      prices_include_tax: dest.inclusive,
      tax_lines: totals.taxes,
      tax_total: totals.tax,
      total: totals.total,
    },
  };
}

/**
 * US sales tax from the provider for this address: each line after its share of the discount, and the shipping. The
 * provider not answering is a 502 (nothing charged; the shopper may try again); an address it cannot tax, a 400 on the
 * postal code.
 */
async function providerTaxesOf(provider: SalesTaxProvider, currency: string, counted: PricedLine[], totals: { discount: number; shipping: number }, input: QuoteInput): Promise<TaxLine[]> {
  const amounts = shareDiscount(
    counted.map((l) => l.line_total),
    totals.discount,
  );
  // A line the discount paid for entirely is not sent (nothing to tax; providers want positive amounts).
  const lines = counted.flatMap((l, i) => (amounts[i]! > 0 ? [{ reference: String(i), amount: amounts[i]!, quantity: l.quantity, digital: !l.requires_shipping }] : []));
  if (!lines.length && totals.shipping <= 0) return [];
  try {
    const components = await provider.calculate({
      currency,
      lines,
      shipping: totals.shipping,
      address: { country: input.country ?? '', state: input.state ?? '', postalCode: input.postalCode ?? '', city: input.city ?? '', line1: input.line1 ?? '' },
    });
    return components.map((c) => ({ name: c.name, rate_bps: c.rateBps, amount: c.amount }));
  } catch (err) {
    if (!(err instanceof TaxProviderError)) throw err;
    if (!err.retryable) throw new HttpError(400, 'ADDRESS_NOT_TAXABLE', 'We could not work out the sales tax for this address. Please check the ZIP code.', 'shipping_address.postal_code');
    throw new HttpError(502, 'TAX_PROVIDER_UNAVAILABLE', 'We could not work out the sales tax just now. Nothing was charged; please try again in a moment.');
  }
}
