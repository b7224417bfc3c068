import { pageHead } from '@/contract/pages';
import { StorePage } from '@/web/features/store/components/store-page';
import type { StoreCatalogue } from '@/contract/shop';
import { catalogueQueryOptions } from '@/web/features/store/api/get-catalogue';
import { findAwardByParam } from '@/web/features/store/lib/award-param';
import { shareIdFrom } from '@/web/features/store/lib/variant-options';
import { withQuery } from '@/web/lib/api-client';
import type { Award } from '@/contract/awards';
import { storeHead } from '@/web/features/store/lib/store-head';
import { awardsQueryOptions } from '@/web/lib/api/get-awards';
import { getSiteSettings } from '@/web/lib/site-settings';
import { prefetchAwards, prefetchCertificate, prefetchMockups, prefetchTemplates, renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Store',
  description:
    'Printed certificates and frames worth hanging. Shipped worldwide in 7–14 business days, express available.',
  keywords: ['printed certificate', 'framed certificate', 'gift'],
  indexable: true,
  priority: 0.9,
  changefreq: 'weekly',
});

export default function StoreRoute() {
  return <StorePage />;
}

/**
 * Served with the award asked for, or the certificate's, or the gallery's first award, and its pictures. The cart's
 * engine comes with the page: "Add to cart" is usable as soon as the page is (docs/decisions/082).
 */
export const serverRender = renderOnServer(
  async (p) => {
    const shareId = p.search.get('certificate') ? shareIdFrom(p.search.get('certificate')!) : null;
    const [list, , , cert] = await Promise.all([
      prefetchAwards(p),
      prefetchTemplates(p),
      p.queryClient.prefetchQuery({ ...catalogueQueryOptions(), queryFn: () => p.fetchJson<StoreCatalogue>(withQuery('/api/store/products')) }),
      shareId ? prefetchCertificate(p, shareId) : null,
    ]);
    const awardParam = p.search.get('award');
    // By id or by slug, as the page chooses it (features/store/lib/award-param.ts).
    const awardId = shareId
      ? (cert?.award.id ?? null)
      : awardParam === null
        ? (list[0]?.id ?? null)
        : (findAwardByParam(list, awardParam)?.id ?? awardParam);
    if (awardId) await prefetchMockups(p, awardId);
  },
  {
    alsoLoads: ['lib/cart-engine.tsx'],
    // The store of one award is that award's product page.
    head: (p) =>
      storeHead(
        p.search,
        p.queryClient.getQueryData<Award[]>(awardsQueryOptions({}).queryKey),
        p.queryClient.getQueryData<StoreCatalogue>(catalogueQueryOptions().queryKey),
        getSiteSettings().brand_name,
      ),
  },
);
