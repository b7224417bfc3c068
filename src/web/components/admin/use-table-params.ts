import { useCallback } from 'react';
import { useUrlParams } from '@/web/hooks/use-debounced-search-param';

export type SortDir = 'asc' | 'desc';

/**
 * An admin list's page and sort order in the URL (`?page=2&sort=title&dir=asc`), so a view can be shared and Back
 * works. Only the sort keys given are read; anything else falls back to the default.
 */
export function useTableParams<K extends string>({ sorts, defaultSort, defaultDir = 'asc' }: { sorts: readonly K[]; defaultSort: K; defaultDir?: SortDir }) {
  const [params, setParams] = useUrlParams();
  const rawSort = params.get('sort');
  const sort = (sorts as readonly string[]).includes(rawSort ?? '') ? (rawSort as K) : defaultSort;
  const dir: SortDir = params.get('dir') === 'desc' ? 'desc' : params.get('dir') === 'asc' ? 'asc' : sort === defaultSort ? defaultDir : 'asc';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = useCallback((p: number) => setParams({ page: p > 1 ? String(p) : undefined }, { push: true }), [setParams]);
  /** A header clicked: sort by it, or the other way round when it already sorts; back to page 1. */
  const toggleSort = useCallback(
    (key: string) => {
      const nextDir: SortDir = key === sort && dir === 'asc' ? 'desc' : 'asc';
      setParams({ sort: key === defaultSort && nextDir === defaultDir ? undefined : key, dir: key === defaultSort && nextDir === defaultDir ? undefined : nextDir, page: undefined });
    },
    [sort, dir, defaultSort, defaultDir, setParams],
  );
  return { params, setParams, page, setPage, sort, dir, toggleSort };
}
