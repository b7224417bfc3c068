import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { DEFAULT_SKELETON_COUNT } from '@/contract/catalog-constants';
import { paths } from '@/contract/paths';
import { Button } from '@/web/components/ui/button';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { useAwards } from '@/web/lib/api/get-awards';
import { groupAwardsByCategory } from '@/web/lib/group-awards';
import { AwardCard, AwardCardSkeleton } from './award-card';

const SEARCH_DEBOUNCE_MS = 250;

interface AwardGalleryProps {
  /** Show at most this many awards (the home page shows 8). */
  limit?: number;
  /** The gallery page has a search box whose text lives in the URL as ?search=. */
  searchable?: boolean;
  /** Heading level of the category groups; award titles sit one level below. */
  groupHeadingLevel?: 2 | 3;
}

const grid = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

export function AwardGallery({ limit, searchable = false, groupHeadingLevel = 2 }: AwardGalleryProps) {
  const GroupHeading = groupHeadingLevel === 2 ? 'h2' : 'h3';
  const { text, setText, search, commit } = useDebouncedSearchParam({ delay: SEARCH_DEBOUNCE_MS, enabled: searchable });
  const inputId = useId();

  const { data, isPending, isError, refetch, isFetching } = useAwards({
    ...(search ? { search } : {}),
    ...(limit ? { limit } : {}),
  });

  const searchBox = searchable ? (
    // A plain GET form: before the JavaScript runs (or without it) Enter or the Search button loads
    // /gallery?search=…, which the server renders; afterwards the results follow the typing, and submitting shows
    // them at once instead of after the pause.
    <form
      role="search"
      action={paths.gallery}
      method="get"
      className="mx-auto flex max-w-xl items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        commit();
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Search awards
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input
          id={inputId}
          name="search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search awards..."
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          className={`h-13 w-full rounded-full border-2 border-line bg-white pl-11 text-base shadow-sm outline-none placeholder:text-muted focus:border-brand-600 ${text ? 'pr-12' : 'pr-4'}`}
        />
        {text ? (
          <button
            type="button"
            onClick={() => setText('')}
            aria-label="Clear search"
            className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full p-1.5 text-muted hover:bg-paper-dark hover:text-ink"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="shrink-0 px-4 sm:px-7">
        Search
      </Button>
    </form>
  ) : null;

  if (isPending) {
    return (
      <div aria-busy="true">
        {searchBox}
        <p className="sr-only" role="status">
          Loading...
        </p>
        <div className={`${grid} mt-8`}>
          {Array.from({ length: limit ?? DEFAULT_SKELETON_COUNT }, (_, i) => (
            <AwardCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }

  if (isError) {
    return (
      <div>
        {searchBox}
        <div role="alert" className="mx-auto mt-8 max-w-md rounded-3xl border border-line bg-white p-8 text-center">
          <GroupHeading className="text-xl font-semibold">The awards cabinet is stuck</GroupHeading>
          <p className="mt-2 text-ink-soft">We couldn&apos;t load the awards just now. It&apos;s us, not you.</p>
          <Button className="mt-5" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const groups = groupAwardsByCategory(data);
  return (
    <div aria-busy={isFetching}>
      {searchBox}
      {searchable ? (
        <p role="status" className="mt-4 text-center text-sm font-medium text-muted">
          Found {data.length} award(s)
        </p>
      ) : null}
      {data.length === 0 ? (
        <div className="mx-auto mt-8 max-w-md rounded-3xl border border-dashed border-line bg-white p-8 text-center">
          <GroupHeading className="text-xl font-semibold">No award for that. Yet.</GroupHeading>
          <p className="mt-2 text-ink-soft">
            {search
              ? `Nothing matches “${search}”. Try a shorter word, or browse every award.`
              : 'The committee has not approved any awards yet. Check back soon.'}
          </p>
          {search ? (
            <Button className="mt-5" variant="secondary" onClick={() => setText('')}>
              Show all awards
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="mt-8 space-y-12">
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`group-${group.key}`}>
              <GroupHeading id={`group-${group.key}`} className="flex items-center gap-3 font-sans text-lg font-bold">
                <span
                  data-testid="category-badge"
                  className="inline-flex items-center gap-2 rounded-full border border-line bg-white px-3 py-1 text-sm"
                >
                  <span className="size-3 rounded-full" style={{ backgroundColor: group.color }} aria-hidden="true" />
                  {group.name}
                </span>
                <span className="text-sm font-medium text-muted">
                  {group.awards.length} <span className="sr-only">awards</span>
                </span>
              </GroupHeading>
              <div className={`${grid} mt-5`}>
                {group.awards.map((award) => (
                  <AwardCard key={award.id} award={award} headingLevel={groupHeadingLevel === 2 ? 3 : 4} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
