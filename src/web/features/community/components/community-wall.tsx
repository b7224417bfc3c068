import { ArrowDown, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FALLBACK_CATEGORY_COLOR } from '@/contract/catalog-constants';
import { countOf } from '@/contract/format';
import { paths } from '@/contract/paths';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { useCategories } from '@/web/lib/api/get-categories';
import { useRefreshAfterHydration } from '@/web/lib/hydration';
import { queryKeys } from '@/web/lib/query-keys';
import { cn } from '@/web/lib/utils';
import { useCommunity, type CommunityFilter } from '../api/get-community';
import { useInView } from '../hooks/use-in-view';
import { CommunityCard, CommunityCardSkeleton } from './community-card';

const SORTS: { value: CommunityFilter['sort']; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'most_liked', label: 'Most liked' },
];

const chip = (active: boolean) =>
  cn(
    'inline-flex h-9 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-semibold whitespace-nowrap transition-colors',
    active ? 'border-ink bg-ink text-white' : 'border-line bg-white text-ink-soft hover:border-ink hover:text-ink',
  );

/** /community: the public wall, newest or most liked, by category, loading more as you scroll. */
export function CommunityWall() {
  const [params, setParams] = useSearchParams();
  const sort: CommunityFilter['sort'] = params.get('sort') === 'most_liked' ? 'most_liked' : 'newest';
  const categoryId = params.get('category') ?? undefined;
  const categories = useCategories();
  const wall = useCommunity({ sort, category_id: categoryId });
  useRefreshAfterHydration(queryKeys.community.all);
  const { ref: sentinel, inView } = useInView<HTMLDivElement>('600px');
  const items = wall.data?.pages.flatMap((p) => p.items) ?? [];

  // Near the end of the list, the next page comes by itself; the button is there for keyboards and old browsers.
  useEffect(() => {
    if (inView && wall.hasNextPage && !wall.isFetchingNextPage && !wall.isError) void wall.fetchNextPage();
  }, [inView, wall]);

  const set = (key: 'sort' | 'category', value: string | undefined) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  const categoryName = categories.data?.find((c) => c.id === categoryId)?.name;

  return (
    <div>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div role="group" aria-label="Sort" className="inline-flex shrink-0 self-start rounded-full border border-line bg-white p-1 whitespace-nowrap">
          {SORTS.map((s) => (
            <button
              key={s.value}
              type="button"
              aria-pressed={sort === s.value}
              onClick={() => set('sort', s.value === 'newest' ? undefined : s.value)}
              className={cn(
                'h-9 rounded-full px-4 text-sm font-semibold transition-colors',
                sort === s.value ? 'bg-brand-600 text-white' : 'text-ink-soft hover:text-ink',
              )}
            >
              {s.label}
            </button>
          ))}
        </div>
        <div role="group" aria-label="Category" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:justify-end md:overflow-visible md:px-0">
          <button type="button" aria-pressed={!categoryId} onClick={() => set('category', undefined)} className={chip(!categoryId)}>
            All
          </button>
          {(categories.data ?? []).map((c) => (
            <button key={c.id} type="button" aria-pressed={categoryId === c.id} onClick={() => set('category', c.id)} className={chip(categoryId === c.id)}>
              <span className="size-2 rounded-full" style={{ backgroundColor: c.color ?? FALLBACK_CATEGORY_COLOR }} aria-hidden="true" />
              {c.name}
            </button>
          ))}
        </div>
      </div>

      <p className="sr-only" role="status" aria-live="polite">
        {wall.isPending ? 'Loading...' : `${countOf(items.length, 'certificate', 'certificates')} shown${wall.hasNextPage ? ', more below' : ''}.`}
      </p>

      {wall.isError && !items.length ? (
        <Notice tone="error" title="The wall did not load" className="mt-8">
          {wall.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void wall.refetch()}>
            Try again
          </button>
        </Notice>
      ) : null}

      {wall.isPending ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <CommunityCardSkeleton key={i} />
          ))}
        </div>
      ) : null}

      {!wall.isPending && !wall.isError && items.length === 0 ? (
        <div className="mx-auto mt-10 max-w-lg rounded-3xl border border-dashed border-line bg-white p-10 text-center">
          <Sparkles className="mx-auto size-10 text-gold-dark" aria-hidden="true" />
          <h2 className="mt-4 text-2xl font-semibold">{categoryName ? `Nothing in ${categoryName} yet` : 'The wall is bare'}</h2>
          <p className="mt-2 text-ink-soft">
            {categoryName
              ? 'Nobody has been publicly honoured in this category. Somebody you know surely qualifies.'
              : 'Public certificates appear here once they are filed. The committee is waiting for its first case.'}
          </p>
          <Link to={paths.nominate} className={cn(buttonVariants(), 'mt-6')}>
            Nominate someone
          </Link>
        </div>
      ) : null}

      {items.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((c, i) => (
            <li key={c.share_id} className="flex min-w-0">
              <CommunityCard c={c} eager={i === 0} />
            </li>
          ))}
          {wall.isFetchingNextPage
            ? Array.from({ length: 3 }, (_, i) => (
                <li key={`s${i}`} className="flex flex-col">
                  <CommunityCardSkeleton />
                </li>
              ))
            : null}
        </ul>
      ) : null}

      <div ref={sentinel} className="mt-10 flex flex-col items-center gap-3">
        {wall.hasNextPage ? (
          <Button variant="secondary" onClick={() => void wall.fetchNextPage()} disabled={wall.isFetchingNextPage}>
            <ArrowDown aria-hidden="true" />
            {wall.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        ) : items.length > 6 ? (
          <p className="text-sm text-muted">You have reached the beginning of recorded history.</p>
        ) : null}
        {wall.isError && items.length ? <p className="text-sm text-brand-700">More could not be loaded: {wall.error.message}</p> : null}
      </div>
    </div>
  );
}
