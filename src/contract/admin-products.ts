import { z } from 'zod';
import { int4, utcTimestamp } from './fields';

/** /admin/products: products, their variants and discount codes (issue 9, docs/decisions/078). */

const text = (field: string, max: number) => z.string({ message: `${field} must be text` }).trim().max(max, { message: `${field} must be at most ${max} characters` });
const imageUrl = (field: string) =>
  text(field, 500)
    .refine((v) => v === '' || v.startsWith('/') || v.startsWith('https://'), { message: `${field} must be a path on this site (/…) or an https:// address` })
    .transform((v) => v || null)
    .nullable();

export const PRICE_MAX = 10_000_000;

export const adminVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  size: z.string(),
  finish: z.string(),
  price: z.number().int(),
  currency: z.string(),
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
export const adminProductListSchema = z.object({ products: z.array(adminProductSchema) });

export const productBodySchema = z
  .object({
    slug: text('slug', 80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'slug may contain lower-case letters, digits and single hyphens' }),
    name: text('name', 120).min(1, { message: 'Name is required' }),
    description: text('description', 2000).default(''),
    kind: z.enum(['print', 'framed', 'digital'], { message: "kind must be 'print', 'framed' or 'digital'" }),
    thumbnail_url: imageUrl('thumbnail_url').optional(),
    is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
    sort_order: int4('sort_order').default(0),
  })
  .strict();
export const productPatchSchema = productBodySchema.partial().strict();
export type ProductBody = z.input<typeof productBodySchema>;

export const variantBodySchema = z
  .object({
    sku: text('sku', 60)
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]*$/, { message: 'sku may contain letters, digits, - and _' })),
    name: text('name', 120).min(1, { message: 'Name is required' }),
    size: text('size', 120).min(1, { message: 'Size is required' }),
    finish: text('finish', 120).default(''),
    price: int4('price').max(PRICE_MAX, { message: `price must be at most ${PRICE_MAX}` }),
    currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as USD' }).default('USD'),
    weight_grams: int4('weight_grams').max(100_000, { message: 'weight_grams must be at most 100000' }).default(0),
    image_url: imageUrl('image_url').optional(),
    requires_shipping: z.boolean({ message: 'requires_shipping must be true or false' }).default(true),
    is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
    sort_order: int4('sort_order').default(0),
  })
  .strict();
export const variantPatchSchema = variantBodySchema.partial().strict();
export type VariantBody = z.input<typeof variantBodySchema>;

export const discountCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  min_subtotal: z.number().int(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;
export const discountCodeListSchema = z.object({ discount_codes: z.array(discountCodeSchema) });

const discountFields = {
  code: text('code', 40)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, { message: 'code must be 3–40 letters, digits, - or _' })),
  kind: z.enum(['percent', 'fixed'], { message: "kind must be 'percent' or 'fixed'" }),
  value: int4('value', 1),
  min_subtotal: int4('min_subtotal').max(PRICE_MAX).default(0),
  expires_at: utcTimestamp('expires_at').nullable().default(null),
  usage_limit: int4('usage_limit', 1).nullable().default(null),
  is_active: z.boolean({ message: 'is_active must be true or false' }).default(true),
};
const percentRule = (d: { kind?: string | undefined; value?: number | undefined }, ctx: z.RefinementCtx) => {
  if (d.kind === 'percent' && d.value !== undefined && d.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage discount is at most 100' });
};
export const discountCodeBodySchema = z.object(discountFields).strict().superRefine(percentRule);
export const discountCodePatchSchema = z
  .object({ ...discountFields, min_subtotal: discountFields.min_subtotal.optional(), expires_at: utcTimestamp('expires_at').nullable().optional(), usage_limit: int4('usage_limit', 1).nullable().optional(), is_active: z.boolean().optional() })
  .partial()
  .strict();
export type DiscountCodeBody = z.input<typeof discountCodeBodySchema>;

export const idParamsSchema = z.object({ id: z.uuid({ message: 'id must be a uuid' }) });
