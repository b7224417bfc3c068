import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartLineInput, QuoteBody } from '@/contract/shop';
import { getQuote } from '@/web/lib/api/get-quote';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * Today's prices (in `currency`, docs/decisions/134) and availability of the cart's lines (POST /api/store/quote), with the lines the answer is
 * for: while a changed cart is re-priced the previous answer stays, and each line finds its own price by
 * what it is, not by its place.
 */
export function useCartQuote(lines: CartLineInput[], currency?: string) {
  const body: QuoteBody = { lines, ...(currency ? { currency } : {}) };
  return useQuery({
    queryKey: queryKeys.store.quote(body),
    queryFn: async ({ signal }) => ({ lines, quote: await getQuote(body, signal) }),
    enabled: lines.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
