import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

type ParamChanges = Record<string, string | null | undefined>;

/**
 * A copy of `params` with the changes applied: a value sets its key, an empty value or undefined
 * removes it (so the URL never carries `?search=`).
 */
export function withParams(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/**
 * Filters live in the URL (shareable, back-button friendly): `setParams({ status: 'hidden' })`
 * changes keys in place of the current entry, without jumping to the top of the page.
 */
export function useUrlParams() {
  const [params, setSearchParams] = useSearchParams();
  const setParams = useCallback(
    (changes: ParamChanges, { push = false }: { push?: boolean } = {}) =>
      setSearchParams((prev) => withParams(prev, changes), { replace: !push, preventScrollReset: true }),
    [setSearchParams],
  );
  return [params, setParams] as const;
}

export interface DebouncedSearchParamOptions {
  /** The URL key (default `search`). */
  name?: string;
  /** How long typing must pause before the URL follows, in ms. */
  delay?: number;
  /** Keys dropped whenever the search changes (a page number means nothing for new results). */
  resets?: readonly string[];
  /** False: the URL is neither read nor written (a gallery without a search box). */
  enabled?: boolean;
}

/**
 * A search box whose text lives in the URL (docs/decisions/062). The box answers every keystroke
 * (`text`, `setText`); once typing pauses for `delay` ms the trimmed text is written to `?search=`
 * (replacing the history entry), and `search` — what queries should use — follows. When the URL
 * changes some other way (Back, a link with ?search=), the box shows it.
 */
export function useDebouncedSearchParam({ name = 'search', delay = 300, resets = [], enabled = true }: DebouncedSearchParamOptions = {}) {
  const [params, setParams] = useUrlParams();
  const search = enabled ? (params.get(name) ?? '').trim() : '';
  const [text, setText] = useState(search);
  const resetKeys = resets.join(',');

  // The URL moved on its own: show it, unless the box already says the same (keeps a trailing space being typed).
  useEffect(() => setText((current) => (current.trim() === search ? current : search)), [search]);

  const write = useCallback(
    (value: string) => {
      const resetChanges = Object.fromEntries(resetKeys.split(',').filter(Boolean).map((k) => [k, undefined]));
      setParams({ ...resetChanges, [name]: value });
    },
    [name, resetKeys, setParams],
  );

  useEffect(() => {
    if (!enabled || text.trim() === search) return;
    const timer = setTimeout(() => write(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [enabled, text, search, delay, write]);

  /** Writes the box to the URL at once (a submitted search form does not wait for typing to pause). */
  const commit = useCallback(() => {
    if (enabled && text.trim() !== search) write(text.trim());
  }, [enabled, text, search, write]);

  return { text, setText, search, commit };
}
