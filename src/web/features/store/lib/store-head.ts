import type { Award } from '@/contract/awards';
import { hrefs } from '@/contract/paths';
import type { HeadOverrides } from '@/contract/seo';
import type { StoreCatalogue } from '@/contract/shop';
import { findAwardByParam } from './award-param';

/**
 * The head of /store?award={id or slug}, the product page of one award (docs/decisions/121): its own title, its one
 * canonical address (`/store?award={slug}`), and Product / Offer structured data with the price of every printed
 * variant on sale. The store without an award, with a certificate, or with an award it does not offer keeps the
 * store's own head (null).
 */
export function storeHead(search: URLSearchParams, awards: readonly Award[] | undefined, catalogue: StoreCatalogue | undefined, brand: string): HeadOverrides | null {
  const param = search.getAll('award');
  if (param.length !== 1 || search.has('certificate')) return null;
  const award = findAwardByParam(awards, param[0]!);
  if (!award) return null;
  const offers = (catalogue?.products ?? []).flatMap((product) =>
    product.variants.map((v) => ({
      name: `${product.name}, ${v.name}`,
      sku: v.sku,
      price: v.price,
      currency: v.currency,
      image: v.image_url ?? product.thumbnail_url,
    })),
  );
  const lead = award.tagline ? `${award.tagline} ` : '';
  return {
    title: `${award.title}: Printed Certificate`,
    description: `${lead}${award.description} Printed on heavyweight paper, framed if you like, shipped worldwide.`.slice(0, 300),
    canonicalPath: hrefs.storeAward(award.slug),
    ...(offers.length
      ? {
          product: {
            name: `${award.title} certificate`,
            description: award.description,
            // What is printed (the certificate with a placeholder name), then the award's emblem.
            images: [`/api/certificates/preview.svg?award_id=${encodeURIComponent(award.id)}`, ...(award.image_url ? [award.image_url] : [])],
            brand,
            offers,
          },
        }
      : {}),
  };
}
