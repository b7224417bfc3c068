import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteBody } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/store/quote: today's prices of a cart, whether each line can still be bought, and its totals. */
export const getQuote = (body: QuoteBody, signal?: AbortSignal) =>
  apiFetch<Quote>('/api/store/quote', { method: 'POST', body: JSON.stringify(body), ...(signal ? { signal } : {}) });

export const quoteQueryOptions = (body: QuoteBody) =>
  queryOptions({
    queryKey: queryKeys.store.quote(body),
    queryFn: ({ signal }) => getQuote(body, signal),
    staleTime: 30_000,
  });

/** The quote of a cart; while a changed cart is re-priced, the previous answer stays on screen. */
export function useQuote(body: QuoteBody, enabled = true) {
  return useQuery({ ...quoteQueryOptions(body), enabled, placeholderData: keepPreviousData });
}
