import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@/contract/admin-products';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/products — every product with its variants, on sale or not: what an award can be mapped to. */
export const getPrintProducts = () => apiFetch<{ products: AdminProduct[] }>('/api/admin/products');

// The same cache entry as /admin/products: a product added there is a choice here at once.
export const printProductsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.products.all, queryFn: getPrintProducts, staleTime: 60_000 });

export function usePrintProducts() {
  return useQuery(printProductsQueryOptions());
}
