import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryBody, CategoryPatch } from '@/contract/admin-awards';
import { apiFetch } from '@/web/lib/api-client';
import { refreshCatalogue } from '@/web/lib/api/get-admin-categories';

/** POST/PATCH/DELETE /api/admin/categories…: each audited; afterwards the lists and the public catalogue are fetched again. */
export type CategoryChange =
  | { kind: 'create'; body: CategoryBody }
  | { kind: 'update'; id: string; body: CategoryPatch }
  | { kind: 'delete'; id: string; awardsTo?: string | undefined };

export function sendCategoryChange(change: CategoryChange): Promise<unknown> {
  const json = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  switch (change.kind) {
    case 'create':
      return apiFetch<AdminCategory>('/api/admin/categories', json('POST', change.body));
    case 'update':
      return apiFetch<AdminCategory>(`/api/admin/categories/${encodeURIComponent(change.id)}`, json('PATCH', change.body));
    case 'delete':
      return apiFetch<{ deleted: true; moved: number }>(`/api/admin/categories/${encodeURIComponent(change.id)}`, { method: 'DELETE', query: { awards_to: change.awardsTo } });
  }
}

export function useCategoryChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendCategoryChange, onSuccess: () => refreshCatalogue(queryClient) });
}
