import { z } from 'zod';
import { currencySymbol } from '@/contract/format';
import { discountCodeBodySchema, productBodySchema, variantBodySchema, type DiscountCodeBody } from '@/contract/admin-products';
import { minorToText, parseMoney } from '@/web/lib/money-input';
import { moneyText } from '@/web/lib/money-text';

/**
 * The catalogue's forms (docs/decisions/060): each field is the contract's own rule, after turning what a person types
 * ("59.00", "250", a day) into what the API takes (minor units, a number, a timestamp).
 */

const variant = variantBodySchema.shape;
const discount = discountCodeBodySchema.shape;

/** A whole number as typed; empty is 0 (the contract says whether it may be). */
const wholeText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? 0 : Number(v)));

/** POST /api/admin/products: the product's own fields; its variants come after. */
export const newProductFormSchema = productBodySchema.pick({ name: true, slug: true, kind: true, thumbnail_url: true, description: true });
export type NewProductForm = z.input<typeof newProductFormSchema>;

/** The price of one variant, changed in its row. */
export const variantPriceFormSchema = z.object({ price: moneyText('Enter a price such as 59.00').pipe(variant.price) });

/**
 * A variant's prices in other currencies as typed, one field a currency (docs/decisions/134): each read like the price
 * ("64.00"), an empty one left out — the variant is not sold in that currency — then the contract's rules.
 */
const priceListText = z
  .record(z.string(), z.string())
  .transform((typed, ctx) => {
    const prices: Record<string, number> = {};
    for (const [currency, text] of Object.entries(typed)) {
      if (!text.trim()) continue;
      const minor = parseMoney(text);
      if (minor === null) ctx.addIssue({ code: 'custom', path: [currency], message: 'Enter a price such as 59.00, or leave it empty' });
      else prices[currency] = minor;
    }
    return prices;
  })
  .pipe(variant.prices.unwrap());

/** PATCH /api/admin/variants/:id { prices }: the whole price list, from the variant's prices dialog. */
export const variantPriceListFormSchema = z.object({ prices: priceListText });
export type VariantPriceListForm = z.input<typeof variantPriceListFormSchema>;

/** The price list's fields as they start: each currency's price as text, empty where the variant is not sold. */
export const priceListDefaults = (currencies: readonly string[], prices: Readonly<Record<string, number>> = {}): Record<string, string> =>
  Object.fromEntries(currencies.map((c) => [c, prices[c] === undefined ? '' : minorToText(prices[c])]));

/** POST /api/admin/products/:id/variants, with its prices in the shop's other currencies. */
export const newVariantFormSchema = z.object({
  sku: variant.sku,
  name: variant.name,
  size: variant.size,
  finish: variant.finish,
  price: moneyText('Enter a price such as 59.00').pipe(variant.price),
  prices: priceListText,
  weight_grams: wholeText.pipe(variant.weight_grams.unwrap()),
  requires_shipping: variant.requires_shipping.unwrap(),
});
export type NewVariantForm = z.input<typeof newVariantFormSchema>;

/** "Price in EUR (€)"; "Price in CHF" where the sign is the code. */
export function priceInLabel(currency: string): string {
  const symbol = currencySymbol(currency);
  return symbol === currency ? `Price in ${currency}` : `Price in ${currency} (${symbol})`;
}

/**
 * The currencies a variant's price list offers: those the shop sells in besides the variant's own, then any it is
 * priced in that the shop does not sell in yet (priced ahead; shown, so saving the list never drops them unseen).
 */
export function priceListCurrencies(shopCurrencies: readonly string[], own: string, prices: Readonly<Record<string, number>> = {}): string[] {
  const offered = shopCurrencies.filter((c) => c !== own);
  return [...offered, ...Object.keys(prices).filter((c) => c !== own && !offered.includes(c)).sort()];
}

/** A discount's value as typed: a whole percentage, or an amount in minor units; null when it is neither. */
function discountValue(kind: DiscountCodeBody['kind'], text: string): number | null {
  const value = kind === 'percent' ? Number(text.trim()) : parseMoney(text);
  return value && Number.isInteger(value) && value > 0 ? value : null;
}

/** POST /api/admin/discount-codes: the value is read by its kind, the last day ends at midnight UTC. */
export const newDiscountCodeFormSchema = z
  .object({
    code: discount.code,
    kind: discount.kind,
    value: z.string(),
    /** '' is the shop's own currency (sent as null, which the server stores for it). */
    currency: z
      .string()
      .transform((c) => c || null)
      .pipe(discount.currency.unwrap()),
    min_subtotal: z
      .string()
      .trim()
      .transform((v, ctx) => {
        const minor = v ? parseMoney(v) : 0;
        if (minor === null) ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 50.00' });
        return minor ?? z.NEVER;
      })
      .pipe(discount.min_subtotal.unwrap()),
    expires_at: z
      .string()
      .transform((day) => (day ? `${day}T23:59:59Z` : null))
      .pipe(discount.expires_at.unwrap()),
    usage_limit: z
      .string()
      .trim()
      .transform((v) => (v ? Number(v) : null))
      .pipe(discount.usage_limit.unwrap()),
  })
  .superRefine((v, ctx) => {
    if (discountValue(v.kind, v.value) === null) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: v.kind === 'percent' ? 'Enter a whole percentage, 1–100' : 'Enter an amount such as 5.00' });
    }
  })
  .transform((v): DiscountCodeBody => ({ ...v, value: discountValue(v.kind, v.value) ?? 0 }))
  // The contract's rules across fields (a percentage is at most 100).
  .pipe(discountCodeBodySchema);
export type NewDiscountCodeForm = z.input<typeof newDiscountCodeFormSchema>;
