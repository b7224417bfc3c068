import { pageHead } from '@/contract/pages';
import { lazy, Suspense } from 'react';
import { HOME_GALLERY_LIMIT } from '@/contract/catalog-constants';
import { AwardGallery } from '@/web/features/awards/components/award-gallery';
import { HomePage } from '@/web/features/home/components/home-page';
import { useAuth } from '@/web/lib/auth';
import { prefetchAwards, renderOnServer } from '../server-render';

export const head = pageHead({
  title: 'Official Awards for Unofficial Achievements',
  description:
    'Nominate friends for gloriously trivial feats, customise a satirical certificate, share it in seconds and get it printed and shipped worldwide.',
  keywords: ['nominate a friend', 'award certificate'],
  indexable: true,
  priority: 1,
  changefreq: 'weekly',
});

// Admins only, so it never weighs on a visitor's first page (docs/decisions/082).
const AdminHomeTools = lazy(() => import('@/web/features/fulfilment-admin/components/admin-home-tools'));

/** / — the home page, ending with the first awards of the gallery; admins also get the print-room tools. */
export default function HomeRoute() {
  const { isAdmin } = useAuth();
  return (
    <>
      <HomePage gallery={<AwardGallery limit={HOME_GALLERY_LIMIT} groupHeadingLevel={3} />} />
      {isAdmin ? (
        <Suspense fallback={null}>
          <AdminHomeTools />
        </Suspense>
      ) : null}
    </>
  );
}

/** Served with the gallery's first awards in the page. */
export const serverRender = renderOnServer(async (p) => {
  await prefetchAwards(p, { limit: HOME_GALLERY_LIMIT });
});
