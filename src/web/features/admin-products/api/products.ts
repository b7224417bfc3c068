import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductList, ProductBody, VariantBody } from '@/contract/admin-products';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/products — every product with every variant and its price lists, and the currencies the shop sells in. */
export const getProducts = () => apiFetch<AdminProductList>('/api/admin/products');

export const productsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.products.all, queryFn: getProducts, staleTime: 0 });

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/**
 * The product and variant changes (POST/PATCH/DELETE /api/admin/products…, /api/admin/variants/:id): each answers
 * with the product as it now is (or `deleted`), and the list is fetched again.
 */
export type ProductChange =
  | { kind: 'create-product'; body: ProductBody }
  | { kind: 'update-product'; id: string; body: Partial<ProductBody> }
  | { kind: 'delete-product'; id: string }
  | { kind: 'create-variant'; productId: string; body: VariantBody }
  | { kind: 'update-variant'; id: string; body: Partial<VariantBody> }
  | { kind: 'delete-variant'; id: string };

function send(change: ProductChange): Promise<unknown> {
  const json = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  switch (change.kind) {
    case 'create-product':
      return apiFetch('/api/admin/products', json('POST', change.body));
    case 'update-product':
      return apiFetch(`/api/admin/products/${change.id}`, json('PATCH', change.body));
    case 'delete-product':
      return apiFetch(`/api/admin/products/${change.id}`, json('DELETE'));
    case 'create-variant':
      return apiFetch(`/api/admin/products/${change.productId}/variants`, json('POST', change.body));
    case 'update-variant':
      return apiFetch(`/api/admin/variants/${change.id}`, json('PATCH', change.body));
    case 'delete-variant':
      return apiFetch(`/api/admin/variants/${change.id}`, json('DELETE'));
  }
}

export function useProductChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.products.all }),
  });
}
