import type { Product, Variant } from '@/contract/shop';

/** How a variant is shown on the preview: which frame (or none) goes around the certificate. */
export type MockupKind = 'black' | 'oak' | 'gold' | 'paper' | 'pdf';

export function mockupKind(product: Pick<Product, 'kind'>, variant: Pick<Variant, 'finish'> | null): MockupKind {
  if (product.kind === 'digital') return 'pdf';
  if (product.kind === 'print') return 'paper';
  const finish = (variant?.finish ?? '').toLowerCase();
  if (finish.includes('oak')) return 'oak';
  if (finish.includes('gold')) return 'gold';
  return 'black';
}

/** The distinct values of one variant property, in catalogue order. */
function distinct(variants: Variant[], key: 'size' | 'finish'): string[] {
  return [...new Set(variants.map((v) => v[key]))];
}

/**
 * A product's choices as two questions (size, then finish), each asked only when there is more than one
 * answer; the variant is the one with both answers.
 */
export function variantChoices(product: Product) {
  return { sizes: distinct(product.variants, 'size'), finishes: distinct(product.variants, 'finish') };
}

export function findVariant(product: Product, size: string | null, finish: string | null): Variant | null {
  return (
    product.variants.find((v) => v.size === size && v.finish === finish) ??
    product.variants.find((v) => v.size === size) ??
    product.variants[0] ??
    null
  );
}

/** The lowest price of a product ("from $24.00"). */
export function lowestPrice(product: Product): number | null {
  return product.variants.length ? Math.min(...product.variants.map((v) => v.price)) : null;
}

/** A share id from what a shopper pastes: the code itself, or a certificate link that ends in it. */
export function shareIdFrom(text: string): string | null {
  const trimmed = text.trim();
  const m = /(?:^|\/certificate\/)([0-9A-Za-z]{16})(?:[/?#].*)?$/.exec(trimmed);
  return m ? m[1]! : null;
}
