import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreCatalogue } from '@/contract/shop';
import { apiFetch, withQuery } from '@/web/lib/api-client';
import { useCurrency } from '@/web/lib/currency';
import { queryKeys } from '@/web/lib/query-keys';
import { getSiteSettings } from '@/web/lib/site-settings';

/** The currency the catalogue is asked in: undefined for the shop's own (the address the server renders with). */
const asked = (currency?: string) => (currency && currency !== getSiteSettings().currencies[0] ? currency : undefined);

/** GET /api/store/products?currency=: active products and variants with prices in a currency, shipping and test mode. */
export const getCatalogue = (currency?: string) => apiFetch<StoreCatalogue>(withQuery('/api/store/products', { currency: asked(currency) }));

export const catalogueQueryOptions = (currency?: string) =>
  queryOptions({ queryKey: queryKeys.store.catalogue(asked(currency)), queryFn: () => getCatalogue(currency), staleTime: 60_000 });

/** The catalogue in the shopper's currency (docs/decisions/134); while another currency loads, the last one stays. */
export function useCatalogue() {
  const { currency } = useCurrency();
  return useQuery({ ...catalogueQueryOptions(currency), placeholderData: keepPreviousData });
}
