import { z } from 'zod';
import { COUNTRY_OPTIONS } from '@/contract/address';
import { funnelSettingsBodySchema, shopSettingsBodySchema, TAX_BPS_MAX, type SettingsValues } from '@/contract/admin-settings';
import { SHOP_CURRENCIES } from '@/contract/currencies';
import { minorToText, parseMoney } from '@/web/lib/money-input';

/**
 * The shop and funnel forms hold what a person types (amounts as "5.99", rates as "20", days as text); these
 * schemas turn that into the request body and then check it with the contract's own schema (decision 060: derived,
 * never a second copy of a rule). Brand, contact, home and features use the contract's schemas as they are.
 */

const wholeNumber = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { message: `${label}: a whole number` })
    .transform(Number);

const amount = (label: string) =>
  z.string().transform((v, ctx) => {
    const minor = parseMoney(v);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: `${label}: an amount such as 5.99` });
      return z.NEVER;
    }
    return minor;
  });

/** "20" or "7.25" (%) → basis points. */
const percent = z.string().transform((v, ctx) => {
  const bps = parseMoney(v.replace(/%\s*$/, ''));
  if (bps === null || bps > TAX_BPS_MAX) {
    ctx.addIssue({ code: 'custom', message: 'A rate from 0 to 100 %, such as 20 or 7.25' });
    return z.NEVER;
  }
  return bps;
});

/**
 * A method's prices in the other currencies as typed (docs/decisions/134): one text per currency the shop may sell
 * in, '' where it has none. Read when the form is sent (pricesOf), since which of them must be amounts depends on the
 * currencies ticked.
 */
const pricesForm = z.record(z.string(), z.string());

const methodForm = z.object({ label: z.string(), price: amount('Price'), prices: pricesForm, min_days: wholeNumber('Fastest'), max_days: wholeNumber('Slowest') });

export const COUNTRY_NAMES = new Map(COUNTRY_OPTIONS.map((c) => [c.code, c.name]));

const zoneMethodForm = z.object({ price: amount('Price'), prices: pricesForm, min_days: wholeNumber('Fastest'), max_days: wholeNumber('Slowest') });

/** "DE, FR it" → ['DE', 'FR', 'IT']: the codes as typed; the contract says which are not countries. */
export const countryCodes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/** A shipping zone as typed: its countries as one text of codes, express with a switch (its fields kept while off). */
const zoneForm = z
  .object({
    name: z.string(),
    countries: z.string(),
    standard: zoneMethodForm,
    express_offered: z.boolean(),
    express: z.object({ price: z.string(), prices: pricesForm, min_days: z.string(), max_days: z.string() }),
  })
  .transform((zone, ctx) => {
    let express = null;
    if (zone.express_offered) {
      const parsed = zoneMethodForm.safeParse(zone.express);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['express', ...issue.path] });
        return z.NEVER;
      }
      express = parsed.data;
    }
    return { name: zone.name, countries: countryCodes(zone.countries), standard: zone.standard, express };
  });

/**
 * A method's price list as the body has it: currency → minor units, blanks left out (the server names a currency
 * the shop sells in that is left without a price). A slip in a currency that is ticked is said under its field; one
 * in a currency not ticked, whose field is hidden, is dropped rather than refused out of sight. Prices in currencies
 * not sold in are kept: an admin may prepare a currency before ticking it.
 */
function pricesOf(texts: Record<string, string>, sold: readonly string[], path: (string | number)[], refuse: (issue: { path: (string | number)[]; message: string }) => void): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const [code, text] of Object.entries(texts)) {
    if (!text.trim()) continue;
    const minor = parseMoney(text);
    if (minor !== null) prices[code] = minor;
    else if (sold.includes(code)) refuse({ path: [...path, 'prices', code], message: `Price in ${code}: an amount such as 5.99` });
  }
  return prices;
}

export const shopFormSchema = z
  .object({
    currency: z.string(),
    /** The other currencies ticked; the own one never among them (the form shows it no box). */
    currencies: z.array(z.string()),
    shipping: z.object({ standard: methodForm, express: methodForm }),
    shipping_zones: z.array(zoneForm),
    ships_elsewhere: z.boolean(),
    seller: z.object({ address: z.string(), tax_id: z.string() }),
    tax_rates: z
      .array(z.object({ country: z.string().min(1, { message: 'Choose a country' }), region: z.string(), rate: percent }))
      .superRefine((rows, ctx) => {
        const seen = new Set<string>();
        rows.forEach((r, i) => {
          const key = taxKey(r);
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'country'], message: `${COUNTRY_NAMES.get(r.country) ?? r.country}${r.region ? ` (${r.region})` : ''} is already listed` });
          seen.add(key);
        });
      }),
  })
  .transform((v, ctx) => {
    const currencies = v.currencies.filter((c) => c !== v.currency);
    let refused = false;
    const refuse = (issue: { path: (string | number)[]; message: string }) => {
      refused = true;
      ctx.addIssue({ code: 'custom', ...issue });
    };
    const priced = <M extends { prices: Record<string, string> }>(m: M, path: (string | number)[]) => ({ ...m, prices: pricesOf(m.prices, currencies, path, refuse) });
    const body: z.input<typeof shopSettingsBodySchema> = {
      currency: v.currency,
      currencies,
      shipping: { standard: priced(v.shipping.standard, ['shipping', 'standard']), express: priced(v.shipping.express, ['shipping', 'express']) },
      shipping_zones: v.shipping_zones.map((zone, i) => ({
        ...zone,
        standard: priced(zone.standard, ['shipping_zones', i, 'standard']),
        express: zone.express && priced(zone.express, ['shipping_zones', i, 'express']),
      })),
      ships_elsewhere: v.ships_elsewhere,
      seller: v.seller,
      tax_rates: Object.fromEntries(v.tax_rates.map((r) => [taxKey(r), r.rate])),
    };
    return refused ? z.NEVER : body;
  })
  .pipe(shopSettingsBodySchema);
export type ShopForm = z.input<typeof shopFormSchema>;
export type ShopFormOutput = z.output<typeof shopFormSchema>;

/** Every currency the shop may sell in → its price as text, '' where the method has none. */
const priceTexts = (prices: Record<string, number>): Record<string, string> =>
  Object.fromEntries(SHOP_CURRENCIES.map((c) => [c, prices[c] === undefined ? '' : minorToText(prices[c])]));

const methodText = (m: SettingsValues['shop']['shipping']['standard']) => ({
  label: m.label,
  price: minorToText(m.price),
  prices: priceTexts(m.prices),
  min_days: String(m.min_days),
  max_days: String(m.max_days),
});

type ZoneMethod = SettingsValues['shop']['shipping_zones'][number]['standard'];
const zoneMethodText = (m: ZoneMethod) => ({ price: minorToText(m.price), prices: priceTexts(m.prices), min_days: String(m.min_days), max_days: String(m.max_days) });

/** A new zone's fields: the shop's own prices and promises, as the form holds them now, to start from. */
export const newZoneForm = (shipping: ShopForm['shipping']): ShopForm['shipping_zones'][number] => {
  const copy = ({ price, prices, min_days, max_days }: ShopForm['shipping']['standard']) => ({ price, prices: { ...prices }, min_days, max_days });
  return { name: '', countries: '', standard: copy(shipping.standard), express_offered: true, express: copy(shipping.express) };
};

export const toShopForm = (s: SettingsValues['shop']): ShopForm => ({
  currency: s.currency,
  // Only those the form has a box for: the contract refuses any other.
  currencies: s.currencies.filter((c) => c !== s.currency && (SHOP_CURRENCIES as readonly string[]).includes(c)),
  shipping: { standard: methodText(s.shipping.standard), express: methodText(s.shipping.express) },
  shipping_zones: s.shipping_zones.map((zone) => ({
    name: zone.name,
    countries: zone.countries.join(', '),
    standard: zoneMethodText(zone.standard),
    express_offered: zone.express !== null,
    express: zoneMethodText(zone.express ?? s.shipping.express),
  })),
  ships_elsewhere: s.ships_elsewhere,
  seller: s.seller,
  tax_rates: Object.entries(s.tax_rates)
    .map(([key, bps]) => {
      const [country = '', region = ''] = key.split('-');
      return { country, region, rate: String(bps / 100) };
    })
    .sort((a, b) => (COUNTRY_NAMES.get(a.country) ?? a.country).localeCompare(COUNTRY_NAMES.get(b.country) ?? b.country) || a.region.localeCompare(b.region)),
});

/** A tax override's key: the country, or the country and its province ("CA-QC"). */
const taxKey = (r: { country: string; region: string }) => (r.region ? `${r.country}-${r.region}` : r.country);

const offerForm = z.object({ variant_sku: z.string(), discount_percent: wholeNumber('Discount'), headline: z.string(), pitch: z.string() });

export const funnelFormSchema = z
  .object({
    enabled: z.boolean(),
    hero: z.object({ variant_sku: z.string(), award_id: z.string(), template_slug: z.string(), headline: z.string(), pitch: z.string() }),
    offer_minutes: wholeNumber('Offer time'),
    oto1: offerForm,
    downsell: offerForm,
  })
  .transform((v) => ({ ...v, hero: { ...v.hero, award_id: v.hero.award_id || null, template_slug: v.hero.template_slug || null } }))
  .pipe(funnelSettingsBodySchema);
export type FunnelForm = z.input<typeof funnelFormSchema>;

const offerText = (o: SettingsValues['funnel']['oto1']) => ({ ...o, discount_percent: String(o.discount_percent) });

export const toFunnelForm = (f: SettingsValues['funnel']): FunnelForm => ({
  enabled: f.enabled,
  hero: { ...f.hero, award_id: f.hero.award_id ?? '', template_slug: f.hero.template_slug ?? '' },
  offer_minutes: String(f.offer_minutes),
  oto1: offerText(f.oto1),
  downsell: offerText(f.downsell),
});
