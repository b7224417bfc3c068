import { z } from 'zod';
import { cartLineInputSchema, SHOP_LIMITS, type CartLineInput } from './shop';

/**
 * A signed-in shopper's cart as the server keeps it (issue 9, docs/decisions/071): what is bought and printed,
 * never a price — prices always come from POST /api/store/quote.
 */
export const cartLinesSchema = z
  .array(cartLineInputSchema, { message: 'lines must be a list' })
  .max(SHOP_LIMITS.lines, { message: `A cart holds at most ${SHOP_LIMITS.lines} lines` });

/** PUT /api/cart (replaces the stored cart) and POST /api/cart/merge (adds to it). */
export const cartBodySchema = z.object({ lines: cartLinesSchema }).strict();
export type CartBody = z.input<typeof cartBodySchema>;

/**
 * POST /api/cart/merge: the browser's lines, and the id it gave this cart when it first asked to merge it (kept
 * with the cart in the browser): the same id again adds nothing a second time (docs/decisions/129).
 */
export const cartMergeBodySchema = z
  .object({ lines: cartLinesSchema, merge_id: z.uuid({ message: 'merge_id must be a UUID' }).optional() })
  .strict();
export type CartMergeBody = z.input<typeof cartMergeBodySchema>;

/** How many merged carts' ids a stored cart remembers. */
export const REMEMBERED_MERGES = 20;

/** GET/PUT /api/cart and POST /api/cart/merge answer with the stored cart. */
export const storedCartSchema = z.object({
  lines: z.array(
    z.object({
      variant_id: z.uuid(),
      quantity: z.number().int(),
      design: z.object({
        award_id: z.uuid(),
        template_id: z.uuid().nullable(),
        recipient_name: z.string(),
        share_id: z.string().nullable(),
      }),
    }),
  ),
});
export type StoredCart = z.infer<typeof storedCartSchema>;
export type StoredCartLine = StoredCart['lines'][number];

/** A line's design in one spelling: absent template/share ids are null and the name is trimmed. */
export function normaliseCartLine(line: CartLineInput): StoredCartLine {
  return {
    variant_id: line.variant_id,
    quantity: line.quantity,
    design: {
      award_id: line.design.award_id,
      template_id: line.design.template_id ?? null,
      recipient_name: (line.design.recipient_name ?? '').trim(),
      share_id: line.design.share_id ?? null,
    },
  };
}

/**
 * The cart's matching rule (spec §4 widened by docs/decisions/071): two lines are the same line when they
 * buy the same variant (a variant belongs to one product) with the same thing printed on it.
 */
export function sameCartLine(a: StoredCartLine, b: StoredCartLine): boolean {
  return (
    a.variant_id === b.variant_id &&
    a.design.award_id === b.design.award_id &&
    a.design.template_id === b.design.template_id &&
    a.design.recipient_name === b.design.recipient_name &&
    a.design.share_id === b.design.share_id
  );
}

/**
 * Adds `incoming` to `stored` as the cart adds an item: a matching line's quantity rises (at most
 * SHOP_LIMITS.quantity), anything else becomes a new line after the stored ones; lines past
 * SHOP_LIMITS.lines are left out.
 */
export function mergeCartLines(stored: readonly StoredCartLine[], incoming: readonly StoredCartLine[]): StoredCartLine[] {
  const out = stored.map((l) => ({ ...l, design: { ...l.design } }));
  for (const line of incoming) {
    const hit = out.find((l) => sameCartLine(l, line));
    if (hit) hit.quantity = Math.min(SHOP_LIMITS.quantity, hit.quantity + line.quantity);
    else if (out.length < SHOP_LIMITS.lines) out.push({ ...line, design: { ...line.design } });
  }
  return out;
}
