import { z } from 'zod';

/**
 * The shop's settings (settings key 'shop'): currency, shipping methods, shipping zones and tax rates
 * (docs/decisions/072, 073). Defaults apply per field; admins edit them in /admin/settings (issue 14).
 */
/** A price in each extra currency (docs/decisions/134): currency → minor units. */
const pricesSchema = z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().min(0)).catch({});

const methodSchema = z.object({
  label: z.string().min(1),
  price: z.number().int().min(0),
  prices: pricesSchema.default({}),
  min_days: z.number().int().min(0),
  max_days: z.number().int().min(0),
});

const zoneMethodSchema = z.object({ price: z.number().int().min(0), prices: pricesSchema.default({}), min_days: z.number().int().min(0), max_days: z.number().int().min(0) });
const zoneSchema = z.object({
  name: z.string().min(1),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)),
  standard: zoneMethodSchema,
  express: zoneMethodSchema.nullable(),
});

export const shopSettingsSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/).catch('USD'),
  /** The other currencies the shop sells in, each with its price list (docs/decisions/134). */
  currencies: z.array(z.string().regex(/^[A-Z]{3}$/)).catch([]),
  shipping: z
    .object({ standard: methodSchema, express: methodSchema })
    .catch({
      standard: { label: 'Standard', price: 599, prices: {}, min_days: 7, max_days: 14 },
      express: { label: 'Express', price: 1999, prices: {}, min_days: 3, max_days: 5 },
    }),
  /** Overrides of the rate table (docs/decisions/133): country ("DE") or province ("CA-QC") → basis points (2000 = 20 %). */
  tax_rates: z.record(z.string().regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/), z.number().int().min(0).max(10_000)).catch({}),
  /** Shipping zones (docs/decisions/131): their own prices and promises; a country in none gets `shipping`. */
  shipping_zones: z.array(zoneSchema).catch([]),
  /** Prints go to countries in no zone (at `shipping`); false: the checkout refuses them. */
  ships_elsewhere: z.boolean().catch(true),
  /** The seller's address and tax number on invoices (docs/decisions/132); the name is the parent company's. */
  seller: z.object({ address: z.string(), tax_id: z.string() }).catch({ address: '', tax_id: '' }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The currencies the shop sells in, its own first (docs/decisions/134). */
export const shopCurrencies = (shop: Pick<ShopSettings, 'currency' | 'currencies'>): string[] => [shop.currency, ...shop.currencies.filter((c) => c !== shop.currency)];

export const DEFAULT_SHOP_SETTINGS: ShopSettings = shopSettingsSchema.parse({});
