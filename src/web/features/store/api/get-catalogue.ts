import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreCatalogue } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/store/products: active products and variants with prices, the currency, shipping and test mode. */
export const getCatalogue = () => apiFetch<StoreCatalogue>('/api/store/products');

export const catalogueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.store.catalogue(), queryFn: getCatalogue, staleTime: 60_000 });

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}
