import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLandingPage, LandingPageBody } from '@/contract/landing-pages';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/**
 * Every change to a landing page (POST/PATCH/DELETE /api/admin/landing-pages…, …/publish, …/unpublish): each is
 * audited by the server and answers with the page as it now is (or `deleted`); the list and the page are fetched
 * again, and the public page's cached copy is dropped.
 */
export type LandingPageChange =
  | { kind: 'create'; body: LandingPageBody }
  | { kind: 'update'; id: string; body: Partial<LandingPageBody> }
  | { kind: 'publish'; id: string }
  | { kind: 'unpublish'; id: string }
  | { kind: 'delete'; id: string };

function send(change: LandingPageChange): Promise<AdminLandingPage | { deleted: true }> {
  const base = '/api/admin/landing-pages';
  switch (change.kind) {
    case 'create':
      return apiFetch(base, { method: 'POST', body: JSON.stringify(change.body) });
    case 'update':
      return apiFetch(`${base}/${change.id}`, { method: 'PATCH', body: JSON.stringify(change.body) });
    case 'publish':
      return apiFetch(`${base}/${change.id}/publish`, { method: 'POST' });
    case 'unpublish':
      return apiFetch(`${base}/${change.id}/unpublish`, { method: 'POST' });
    case 'delete':
      return apiFetch(`${base}/${change.id}`, { method: 'DELETE' });
  }
}

export function useLandingPageChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result, change) => {
      if ('id' in result) queryClient.setQueryData(queryKeys.admin.landingPages.detail(result.id), result);
      if (change.kind === 'delete') queryClient.removeQueries({ queryKey: queryKeys.admin.landingPages.detail(change.id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.landingPages.all, refetchType: 'active' }),
        queryClient.invalidateQueries({ queryKey: queryKeys.landingPages.all }),
      ]);
    },
  });
}
