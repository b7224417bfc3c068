import { pageHead } from '@/contract/pages';
import { FeaturePaused, featureOn } from '@/web/components/layout/feature-paused';
import { Link } from 'react-router';
import { paths } from '@/contract/paths';
import { buttonVariants } from '@/web/components/ui/button';
import { CommunityWall } from '@/web/features/community/components/community-wall';
import type { Category } from '@/contract/categories';
import type { CommunityPage as CommunityWallPage } from '@/contract/nominations';
import { COMMUNITY_PAGE_SIZE, communityQueryOptions, type CommunityFilter } from '@/web/features/community/api/get-community';
import { withQuery } from '@/web/lib/api-client';
import { categoriesQueryOptions } from '@/web/lib/api/get-categories';
import { getSiteSettings } from '@/web/lib/site-settings';
import { renderOnServer } from '../server-render';

export const head = pageHead({
  feature: 'community',
  title: 'Community Wall',
  description: 'The latest public certificates, awarded by people who know exactly what their friends did.',
  indexable: true,
  priority: 0.7,
  changefreq: 'daily',
});

/** /community: the wall of public certificates their nominees accepted (docs/decisions/036). */
export default function CommunityPage() {
  if (!featureOn('community')) return <FeaturePaused feature="community" />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">The public record</p>
          <h1 className="mt-2 text-4xl font-semibold tracking-tight sm:text-5xl">Community Wall</h1>
          <p className="mt-3 text-lg text-ink-soft">
            Certificates their nominators made public and their recipients accepted, for achievements the rest of the world overlooked.
          </p>
        </div>
        <Link to={paths.nominate} className={`${buttonVariants({ size: 'lg' })} self-start md:self-auto`}>
          Nominate someone
        </Link>
      </header>
      <div className="mt-8">
        <CommunityWall />
      </div>
    </div>
  );
}

/** Served with the categories and the wall's first page, sorted and filtered as the address asks. */
export const serverRender = renderOnServer(async (p) => {
  if (!getSiteSettings().features.community) return;
  const filter: CommunityFilter = {
    sort: p.search.get('sort') === 'most_liked' ? 'most_liked' : 'newest',
    category_id: p.search.get('category') ?? undefined,
  };
  await Promise.all([
    p.queryClient.prefetchQuery({ ...categoriesQueryOptions(), queryFn: () => p.fetchJson<Category[]>(withQuery('/api/categories')) }),
    p.queryClient.prefetchInfiniteQuery({
      ...communityQueryOptions(filter),
      queryFn: ({ pageParam }) =>
        p.fetchJson<CommunityWallPage>(
          withQuery('/api/community', { sort: filter.sort, category_id: filter.category_id, cursor: pageParam, limit: COMMUNITY_PAGE_SIZE }),
        ),
    }),
  ]);
});
