import { z } from 'zod';
import { SHOP_CURRENCIES } from './currencies';
import { int4, utcTimestamp } from './fields';

/** /admin/products: products, their variants and discount codes (issue 9, docs/decisions/078). */

const text = (field: string, max: number) => z.string({ message: `${field} must be text` }).trim().max(max, { message: `${field} must be at most ${max} characters` });
const imageUrl = (field: string) =>
  text(field, 500)
    .refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), { message: `${field} must be a path on this site (/…) or an https:// address` })
    .transform((v) => v || null)
    .nullable();

export const PRICE_MAX = 10_000_000;

/**
 * A variant's price list (docs/decisions/134): currency → price in its minor units, for the currencies the shop may sell
 * in besides the variant's own. A currency left out is one the variant is not sold in. Each price has the limits of
 * `price`; a currency the shop does not sell in yet may be priced ahead of switching it on in the settings. The
 * variant's own currency is refused by the service (it knows a PATCH's variant).
 */
export const variantPricesSchema = z
  .record(z.string(), z.number({ message: 'A price must be a whole number of cents' }), { message: 'prices must map currencies to prices, such as {"EUR": 5900}' })
  .superRefine((prices, ctx) => {
    for (const [code, price] of Object.entries(prices)) {
      if (!(SHOP_CURRENCIES as readonly string[]).includes(code)) {
        ctx.addIssue({ code: 'custom', path: [code], message: `${code} is not a currency the shop can sell in: choose from ${SHOP_CURRENCIES.join(', ')}` });
      } else if (!Number.isInteger(price) || price < 0 || price > PRICE_MAX) {
        ctx.addIssue({ code: 'custom', path: [code], message: `The ${code} price must be a whole number of cents from 0 to ${PRICE_MAX}` });
      }
    }
  });

export const adminVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  size: z.string(),
  finish: z.string(),
  price: z.number().int(),
  currency: z.string(),
  /** Its prices in other currencies (docs/decisions/134); it is not sold in a currency missing here and not its own. */
  prices: z.record(z.string(), z.number().int()),
  weight_grams: z.number().int(),
  image_url: z.string().nullable(),
  requires_shipping: z.boolean(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminProductSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['print', 'framed', 'digital']),
  thumbnail_url: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  variants: z.array(adminVariantSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.object({
  products: z.array(adminProductSchema),
  /** The shop's own currency: a new variant's. */
  currency: z.string(),
  /** Every currency the shop sells in (settings), its own first: the price lists the editor offers. */
  currencies: z.array(z.string()),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

const productFields = {
  slug: text('slug', 80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'slug may contain lower-case letters, digits and single hyphens' }),
  name: text('name', 120).min(1, { message: 'Name is required' }),
  description: text('description', 2000),
  kind: z.enum(['print', 'framed', 'digital'], { message: "kind must be 'print', 'framed' or 'digital'" }),
  thumbnail_url: imageUrl('thumbnail_url'),
  is_active: z.boolean({ message: 'is_active must be true or false' }),
  sort_order: int4('sort_order'),
};
export const productBodySchema = z
  .object({
    ...productFields,
    description: productFields.description.default(''),
    thumbnail_url: productFields.thumbnail_url.optional(),
    is_active: productFields.is_active.default(true),
    sort_order: productFields.sort_order.default(0),
  })
  .strict();
/**
 * A change names only what changes. Built from the fields without their defaults: zod 4's `.partial()` keeps a
 * default, so a PATCH of the price alone would have put every defaulted field back to its default.
 */
export const productPatchSchema = z.object(productFields).partial().strict();
export type ProductBody = z.input<typeof productBodySchema>;

const variantFields = {
  sku: text('sku', 60)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]*$/, { message: 'sku may contain letters, digits, - and _' })),
  name: text('name', 120).min(1, { message: 'Name is required' }),
  size: text('size', 120).min(1, { message: 'Size is required' }),
  finish: text('finish', 120),
  price: int4('price').max(PRICE_MAX, { message: `price must be at most ${PRICE_MAX}` }),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as USD' }),
  /** Replaces the whole price list: a currency left out is no longer sold in (absent from a PATCH: kept as it is). */
  prices: variantPricesSchema,
  weight_grams: int4('weight_grams').max(100_000, { message: 'weight_grams must be at most 100000' }),
  image_url: imageUrl('image_url'),
  requires_shipping: z.boolean({ message: 'requires_shipping must be true or false' }),
  is_active: z.boolean({ message: 'is_active must be true or false' }),
  sort_order: int4('sort_order'),
};
export const variantBodySchema = z
  .object({
    ...variantFields,
    finish: variantFields.finish.default(''),
    currency: variantFields.currency.default('USD'),
    prices: variantFields.prices.default({}),
    weight_grams: variantFields.weight_grams.default(0),
    image_url: variantFields.image_url.optional(),
    requires_shipping: variantFields.requires_shipping.default(true),
    is_active: variantFields.is_active.default(true),
    sort_order: variantFields.sort_order.default(0),
  })
  .strict();
/** Only what changes, like productPatchSchema: a price change leaves the price list, weight and sale as they are. */
export const variantPatchSchema = z.object(variantFields).partial().strict();
export type VariantBody = z.input<typeof variantBodySchema>;

export const discountCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  min_subtotal: z.number().int(),
  /** The currency of a fixed `value` and of `min_subtotal` (docs/decisions/134); null: the shop's own. */
  currency: z.string().nullable(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export const discountCodeListSchema = z.object({
  discount_codes: z.array(discountCodeSchema),
  /** The shop's own currency: what a code's null `currency` means. */
  currency: z.string(),
  /** Every currency the shop sells in, its own first: what a code's amounts may be in. */
  currencies: z.array(z.string()),
});
export type DiscountCodeList = z.infer<typeof discountCodeListSchema>;

const discountFields = {
  code: text('code', 40)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, { message: 'code must be 3–40 letters, digits, - or _' })),
  kind: z.enum(['percent', 'fixed'], { message: "kind must be 'percent' or 'fixed'" }),
  value: int4('value', 1),
  min_subtotal: int4('min_subtotal').max(PRICE_MAX),
  /**
   * The currency of a fixed amount and of the minimum: such a code works on orders in it only. Null: the shop's own.
   * Whether the shop sells in it is the service's to say (it reads the settings).
   */
  currency: z
    .string({ message: 'currency must be a three-letter code such as EUR' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as EUR' })
    .nullable(),
  expires_at: utcTimestamp('expires_at').nullable(),
  usage_limit: int4('usage_limit', 1).nullable(),
  is_active: z.boolean({ message: 'is_active must be true or false' }),
};
const percentRule = (d: { kind?: string | undefined; value?: number | undefined }, ctx: z.RefinementCtx) => {
  if (d.kind === 'percent' && d.value !== undefined && d.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage discount is at most 100' });
};
export const discountCodeBodySchema = z
  .object({
    ...discountFields,
    min_subtotal: discountFields.min_subtotal.default(0),
    currency: discountFields.currency.default(null),
    expires_at: discountFields.expires_at.default(null),
    usage_limit: discountFields.usage_limit.default(null),
    is_active: discountFields.is_active.default(true),
  })
  .strict()
  .superRefine(percentRule);
/** Only what changes (no defaults: switching a code off leaves its minimum as it is). */
export const discountCodePatchSchema = z.object(discountFields).partial().strict();
export type DiscountCodeBody = z.input<typeof discountCodeBodySchema>;

export const idParamsSchema = z.object({ id: z.uuid({ message: 'id must be a uuid' }) });
