import type { FastifyBaseLogger } from 'fastify';
import type { Award } from '@/contract/awards';
import { hrefs } from '@/contract/paths';
import type { StoreCatalogue } from '@/contract/shop';
import type { HeadOverrides, HeadResolver } from './html-shell';

export const STORE_PAGE = /^\/store$/;

/** An award's product page: its one address, by the award's slug (docs/decisions/121). */
export const storeAwardPath = (slug: string) => hrefs.storeAward(slug);

/** GET an API path as an anonymous caller: the same answers (and visibility rules) the page renders from. */
export type AnonymousGet = (apiPath: string) => Promise<{ status: number; body: unknown }>;

/**
 * Served HTML of /store?award={id or slug}: the product page of one award — its own title, canonical address
 * (`/store?award={slug}`), and Product / Offer structured data with the prices of every printed variant on sale.
 * The store without an award, or with one the store does not offer, keeps the store's own head.
 */
export function storeHead(get: AnonymousGet, brand: () => Promise<string>, log: FastifyBaseLogger): HeadResolver {
  return async (_match, query): Promise<HeadOverrides | null> => {
    const param = query.getAll('award');
    if (param.length !== 1 || query.has('certificate')) return null;
    try {
      const [awards, catalogue] = await Promise.all([get('/api/awards'), get('/api/store/products')]);
      if (awards.status !== 200) return null;
      const list = awards.body as Award[];
      // As the page chooses it (features/store/lib/award-param.ts): by id, else by slug.
      const award = list.find((a) => a.id === param[0]) ?? list.find((a) => a.slug === param[0]);
      if (!award) return null;
      const offers =
        catalogue.status === 200
          ? (catalogue.body as StoreCatalogue).products.flatMap((product) =>
              product.variants.map((v) => ({
                name: `${product.name}, ${v.name}`,
                sku: v.sku,
                price: v.price,
                currency: v.currency,
                image: v.image_url ?? product.thumbnail_url,
              })),
            )
          : [];
      const lead = award.tagline ? `${award.tagline} ` : '';
      return {
        title: `${award.title}: Printed Certificate`,
        description: `${lead}${award.description} Printed on heavyweight paper, framed if you like, shipped worldwide.`.slice(0, 300),
        canonicalPath: storeAwardPath(award.slug),
        ...(offers.length
          ? {
              product: {
                name: `${award.title} certificate`,
                description: award.description,
                // What is printed (the certificate with a placeholder name), then the award's emblem.
                images: [`/api/certificates/preview.svg?award_id=${encodeURIComponent(award.id)}`, ...(award.image_url ? [award.image_url] : [])],
                brand: await brand(),
                offers,
              },
            }
          : {}),
      };
    } catch (err) {
      // The page still works with the store's own head.
      log.warn({ err }, 'store product head tags failed');
      return null;
    }
  };
}
