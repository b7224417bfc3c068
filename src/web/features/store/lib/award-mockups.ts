import type { AwardMockup } from '@/contract/shop';

/**
 * The mockup to show for a product (newest first from the server): the one of this exact variant, else the one of
 * the whole product. With `anyVariant` (a product card, before a size is chosen) another variant's will do too.
 */
export function pickMockup(mockups: readonly AwardMockup[], productId: string, variantId: string | null, o: { anyVariant?: boolean } = {}): AwardMockup | null {
  const ofProduct = mockups.filter((m) => m.product_id === productId);
  return (
    (variantId ? ofProduct.find((m) => m.variant_id === variantId) : undefined) ??
    ofProduct.find((m) => m.variant_id === null) ??
    (o.anyVariant ? ofProduct[0] : undefined) ??
    null
  );
}

/** The size attributes of a mockup's <img>: its own when the server read them, else a 4:3 box the CSS keeps. */
export function mockupSize(m: AwardMockup, fallbackWidth: number): { width: number; height: number } {
  if (m.width && m.height) return { width: m.width, height: m.height };
  return { width: fallbackWidth, height: Math.round((fallbackWidth * 3) / 4) };
}
