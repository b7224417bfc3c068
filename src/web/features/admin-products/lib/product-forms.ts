import { z } from 'zod';
import { discountCodeBodySchema, productBodySchema, variantBodySchema, type DiscountCodeBody } from '@/contract/admin-products';
import { parseMoney } from '@/web/lib/money-input';
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

/** POST /api/admin/products/:id/variants. */
export const newVariantFormSchema = z.object({
  sku: variant.sku,
  name: variant.name,
  size: variant.size,
  finish: variant.finish,
  price: moneyText('Enter a price such as 59.00').pipe(variant.price),
  weight_grams: wholeText.pipe(variant.weight_grams.unwrap()),
  requires_shipping: variant.requires_shipping.unwrap(),
});
export type NewVariantForm = z.input<typeof newVariantFormSchema>;

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
