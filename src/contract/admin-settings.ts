import { z } from 'zod';
import { COUNTRY_OPTIONS, regionsOf } from './address';
import { EXTRA_CURRENCIES_MAX, SHOP_CURRENCIES } from './currencies';
import { PRICE_MAX } from './admin-products';
import { int4 } from './fields';

/**
 * /admin/settings (issue 14, docs/decisions/104): the site's settings in six groups, each saved on its own with
 * PUT /api/admin/settings/{group}. These body schemas are what the server accepts and what the admin's forms
 * validate with, so a rule is written once. A 400 names the field (`shipping.express.max_days`).
 */

export const SETTINGS_GROUPS = ['brand', 'contact', 'home', 'shop', 'funnel', 'features'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SETTINGS_GROUP_LABELS: Record<SettingsGroup, string> = {
  brand: 'Brand',
  contact: 'Contact & social',
  home: 'Home page',
  shop: 'Shop',
  funnel: 'Sales funnel',
  features: 'Features',
};

const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label}: at most ${max} characters` });
const required = (max: number, label: string) => text(max, label).min(1, { message: `${label} is required` });

/** An empty string (the link is hidden) or an https:// address. */
const socialUrl = (label: string) =>
  text(300, label).refine(
    (v) => {
      if (v === '') return true;
      if (!v.startsWith('https://')) return false;
      try {
        return Boolean(new URL(v).hostname.includes('.'));
      } catch {
        return false;
      }
    },
    { message: `${label}: an https:// address, or empty to hide the link` },
  );

export const brandSettingsSchema = z
  .object({
    brand_name: required(60, 'Brand name'),
    company_name: required(120, 'Parent company'),
  })
  .strict();

export const contactSettingsSchema = z
  .object({
    support_email: text(254, 'Contact email').pipe(z.email({ message: 'Contact email must be an email address such as hello@example.com' })),
    social: z
      .object({
        tiktok: socialUrl('TikTok'),
        x: socialUrl('X'),
        instagram: socialUrl('Instagram'),
      })
      .strict(),
  })
  .strict();

export const HOME_STATS_MAX = 6;
export const homeStatSchema = z
  .object({
    value: required(16, 'The figure'),
    label: required(40, 'What it counts'),
  })
  .strict();
export const homeSettingsSchema = z
  .object({
    stats: z
      .array(homeStatSchema, { message: 'stats must be a list' })
      .min(1, { message: 'Keep at least one figure' })
      .max(HOME_STATS_MAX, { message: `At most ${HOME_STATS_MAX} figures fit the block` }),
  })
  .strict();

export const DELIVERY_DAYS_MAX = 90;

/** A price in each of the shop's other currencies (docs/decisions/134): currency → minor units. */
const pricesSchema = z
  .record(z.string(), int4('Price').max(PRICE_MAX, { message: `Price must be at most ${PRICE_MAX}` }), { message: 'prices must map currencies to prices' })
  .superRefine((prices, ctx) => {
    for (const code of Object.keys(prices)) {
      if (!(SHOP_CURRENCIES as readonly string[]).includes(code)) ctx.addIssue({ code: 'custom', path: [code], message: `${code} is not a currency the shop can sell in` });
    }
  })
  .default({});

export const shippingMethodSchema = z
  .object({
    label: required(40, 'Label'),
    price: int4('Price').max(PRICE_MAX, { message: `Price must be at most ${PRICE_MAX}` }),
    prices: pricesSchema,
    min_days: int4('Fastest delivery').max(DELIVERY_DAYS_MAX, { message: `At most ${DELIVERY_DAYS_MAX} business days` }),
    max_days: int4('Slowest delivery').max(DELIVERY_DAYS_MAX, { message: `At most ${DELIVERY_DAYS_MAX} business days` }),
  })
  .strict()
  .refine((m) => m.max_days >= m.min_days, { message: 'The slowest delivery cannot be sooner than the fastest', path: ['max_days'] });

const COUNTRY_CODES = new Set(COUNTRY_OPTIONS.map((c) => c.code));
const COUNTRY_NAME = new Map(COUNTRY_OPTIONS.map((c) => [c.code, c.name]));

/** A zone's price and delivery promise for one method; its label is the method's own (`shipping.*.label`). */
const zoneMethodSchema = z
  .object({
    price: int4('Price').max(PRICE_MAX, { message: `Price must be at most ${PRICE_MAX}` }),
    prices: pricesSchema,
    min_days: int4('Fastest delivery').max(DELIVERY_DAYS_MAX, { message: `At most ${DELIVERY_DAYS_MAX} business days` }),
    max_days: int4('Slowest delivery').max(DELIVERY_DAYS_MAX, { message: `At most ${DELIVERY_DAYS_MAX} business days` }),
  })
  .strict()
  .refine((m) => m.max_days >= m.min_days, { message: 'The slowest delivery cannot be sooner than the fastest', path: ['max_days'] });

export const SHIPPING_ZONES_MAX = 20;
export const SELLER_ADDRESS_MAX = 300;
export const ZONE_NAME_MAX = 60;

/**
 * A shipping zone (issue 28, docs/decisions/131): the countries it covers, its standard price and promise, and its
 * express one — or null where express is not offered. A country belongs to one zone at most.
 */
const shippingZoneSchema = z
  .object({
    name: required(ZONE_NAME_MAX, 'Zone name'),
    countries: z
      .array(z.string({ message: 'A country is a code such as GB' }).trim().toUpperCase(), { message: 'countries must be a list of country codes' })
      .min(1, { message: 'Add at least one country to the zone' })
      .max(COUNTRY_OPTIONS.length, { message: `A zone has at most ${COUNTRY_OPTIONS.length} countries` })
      .superRefine((codes, ctx) => {
        const seen = new Set<string>();
        codes.forEach((code) => {
          // Said on the list (not the entry), which is the one field the admin's form has for it.
          if (!COUNTRY_CODES.has(code)) ctx.addIssue({ code: 'custom', message: `${code} is not an ISO country code such as GB` });
          else if (seen.has(code)) ctx.addIssue({ code: 'custom', message: `${COUNTRY_NAME.get(code)} is listed twice` });
          seen.add(code);
        });
      }),
    standard: zoneMethodSchema,
    express: zoneMethodSchema.nullable(),
  })
  .strict();

const shippingZonesSchema = z
  .array(shippingZoneSchema, { message: 'shipping_zones must be a list of zones' })
  .max(SHIPPING_ZONES_MAX, { message: `At most ${SHIPPING_ZONES_MAX} shipping zones` })
  .superRefine((zones, ctx) => {
    const zoneOf = new Map<string, number>();
    const names = new Set<string>();
    zones.forEach((zone, z) => {
      const name = zone.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: [z, 'name'], message: `There is already a zone called ${zone.name}` });
      names.add(name);
      for (const code of new Set(zone.countries)) {
        const other = zoneOf.get(code);
        if (other !== undefined) {
          ctx.addIssue({ code: 'custom', path: [z, 'countries'], message: `${COUNTRY_NAME.get(code) ?? code} is already in the zone ${zones[other]!.name}` });
        } else zoneOf.set(code, z);
      }
    });
  });

/** 10 000 basis points = 100 %. */
export const TAX_BPS_MAX = 10_000;
export const taxRateSchema = int4('Tax rate').max(TAX_BPS_MAX, { message: 'A tax rate is at most 100 %' });

export const shopSettingsBodySchema = z
  .object({
    currency: z
      .string({ message: 'Currency must be a three-letter code such as USD' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { message: 'Currency must be a three-letter code such as USD' }),
    /** The other currencies the shop sells in (docs/decisions/134); each needs its prices (checked by the service). */
    currencies: z
      .array(
        z.string({ message: 'A currency is a code such as EUR' }).trim().toUpperCase().refine((c) => (SHOP_CURRENCIES as readonly string[]).includes(c), { message: `Choose from ${SHOP_CURRENCIES.join(', ')}` }),
        { message: 'currencies must be a list of currency codes' },
      )
      .max(EXTRA_CURRENCIES_MAX, { message: `At most ${EXTRA_CURRENCIES_MAX} other currencies` })
      .refine((list) => new Set(list).size === list.length, { message: 'A currency is listed twice' })
      .default([]),
    shipping: z.object({ standard: shippingMethodSchema, express: shippingMethodSchema }).strict(),
    /**
     * Overrides of the rate table (docs/decisions/133): a country ("DE") or a province or state ("CA-QC") → basis points
     * (2000 = 20 %); 0 where the shop collects none. Destinations not listed follow the table.
     */
    tax_rates: z.record(z.string(), taxRateSchema, { message: 'tax_rates must map country codes to rates' }).superRefine((rates, ctx) => {
      for (const key of Object.keys(rates)) {
        const [country = '', region, ...rest] = key.split('-');
        if (!COUNTRY_CODES.has(country) || rest.length) {
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is not an ISO country code such as GB (or a province such as CA-QC)` });
        } else if (region !== undefined && !regionsOf(country)?.some((r) => r.code === region)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `${key}: ${region} is not a state or province of ${country}` });
        }
      }
    }),
    /** Zones with their own prices and promises; a country in none gets `shipping` (or is refused: ships_elsewhere). */
    shipping_zones: shippingZonesSchema,
    /** Whether prints go to countries in no zone, at the `shipping` prices; false: the checkout refuses them. */
    ships_elsewhere: z.boolean({ message: 'ships_elsewhere must be true or false' }),
    /** The seller as invoices name it beside the parent company (docs/decisions/132): its address and tax number. */
    seller: z
      .object({
        address: text(SELLER_ADDRESS_MAX, 'Registered address').refine((v) => v.split('\n').length <= 6, { message: 'Registered address: at most 6 lines' }),
        tax_id: text(40, 'Tax number'),
      })
      .strict(),
  })
  .strict();

const skuSchema = z
  .string({ message: 'Choose a product variant' })
  .trim()
  .toUpperCase()
  .min(1, { message: 'Choose a product variant' })
  .max(100, { message: 'A SKU has at most 100 characters' });

export const funnelOfferBodySchema = z
  .object({
    variant_sku: skuSchema,
    discount_percent: int4('Discount').max(90, { message: 'A discount is at most 90 %' }),
    headline: required(120, 'Headline'),
    pitch: required(600, 'Pitch'),
  })
  .strict();

export const funnelSettingsBodySchema = z
  .object({
    enabled: z.boolean({ message: 'enabled must be true or false' }),
    hero: z
      .object({
        variant_sku: skuSchema,
        /** null: the gallery's first active award. */
        award_id: z.uuid({ message: 'Choose an award' }).nullable(),
        /** null: the award's default design. */
        template_slug: text(100, 'Design')
          .nullable()
          .transform((v) => v || null),
        headline: required(120, 'Headline'),
        pitch: required(600, 'Pitch'),
      })
      .strict(),
    offer_minutes: int4('Offer time', 1).max(120, { message: 'The offers stay open at most 120 minutes' }),
    oto1: funnelOfferBodySchema,
    downsell: funnelOfferBodySchema,
  })
  .strict();

export const featureSettingsSchema = z
  .object({
    quiz: z.boolean({ message: 'quiz must be true or false' }),
    community: z.boolean({ message: 'community must be true or false' }),
    bug_reports: z.boolean({ message: 'bug_reports must be true or false' }),
  })
  .strict();

/** Each group's body schema, by group. */
export const settingsBodySchemas = {
  brand: brandSettingsSchema,
  contact: contactSettingsSchema,
  home: homeSettingsSchema,
  shop: shopSettingsBodySchema,
  funnel: funnelSettingsBodySchema,
  features: featureSettingsSchema,
} as const satisfies Record<SettingsGroup, z.ZodType>;

export type BrandSettings = z.output<typeof brandSettingsSchema>;
export type ContactSettings = z.output<typeof contactSettingsSchema>;
export type HomeSettings = z.output<typeof homeSettingsSchema>;
export type ShopSettingsBody = z.output<typeof shopSettingsBodySchema>;
export type FunnelSettingsBody = z.output<typeof funnelSettingsBodySchema>;
export type FeatureSettings = z.output<typeof featureSettingsSchema>;
export type SettingsValues = { [G in SettingsGroup]: z.output<(typeof settingsBodySchemas)[G]> };

// ---- answers (plain shapes: no transforms, so the server can serialise them) ----

const pricesView = z.record(z.string(), z.number().int());
const methodView = z.object({ label: z.string(), price: z.number().int(), prices: pricesView, min_days: z.number().int(), max_days: z.number().int() });
const zoneMethodView = z.object({ price: z.number().int(), prices: pricesView, min_days: z.number().int(), max_days: z.number().int() });
const zoneView = z.object({ name: z.string(), countries: z.array(z.string()), standard: zoneMethodView, express: zoneMethodView.nullable() });
const offerView = z.object({ variant_sku: z.string(), discount_percent: z.number().int(), headline: z.string(), pitch: z.string() });

export const settingsValuesSchema = z.object({
  brand: z.object({ brand_name: z.string(), company_name: z.string() }),
  contact: z.object({ support_email: z.string(), social: z.object({ tiktok: z.string(), x: z.string(), instagram: z.string() }) }),
  home: z.object({ stats: z.array(z.object({ value: z.string(), label: z.string() })) }),
  shop: z.object({
    currency: z.string(),
    currencies: z.array(z.string()),
    shipping: z.object({ standard: methodView, express: methodView }),
    tax_rates: z.record(z.string(), z.number().int()),
    shipping_zones: z.array(zoneView),
    ships_elsewhere: z.boolean(),
    seller: z.object({ address: z.string(), tax_id: z.string() }),
  }),
  funnel: z.object({
    enabled: z.boolean(),
    hero: z.object({ variant_sku: z.string(), award_id: z.string().nullable(), template_slug: z.string().nullable(), headline: z.string(), pitch: z.string() }),
    offer_minutes: z.number().int(),
    oto1: offerView,
    downsell: offerView,
  }),
  features: z.object({ quiz: z.boolean(), community: z.boolean(), bug_reports: z.boolean() }),
});

const lastChangeSchema = z.object({ at: z.string(), by: z.string().nullable() });

export const adminSettingsSchema = z.object({
  values: settingsValuesSchema,
  /** The last audited change of each group (who and when), or null when it still has its defaults. */
  changed: z.object(Object.fromEntries(SETTINGS_GROUPS.map((g) => [g, lastChangeSchema.nullable()])) as Record<SettingsGroup, z.ZodNullable<typeof lastChangeSchema>>),
  /** What the shop and funnel sections choose from: catalogue variants and the currencies they are priced in. */
  choices: z.object({
    variants: z.array(
      z.object({ sku: z.string(), name: z.string(), product_name: z.string(), price: z.number().int(), currency: z.string(), is_active: z.boolean() }),
    ),
    currencies: z.array(z.string()),
  }),
  /** How long another server instance may keep showing the previous settings (its cache), in seconds. */
  cache_seconds: z.number().int(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
