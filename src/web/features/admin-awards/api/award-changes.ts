import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAward, AwardBody, AwardPatch } from '@/contract/admin-awards';
import { apiFetch } from '@/web/lib/api-client';
import { refreshCatalogue } from '@/web/lib/api/get-admin-categories';

/**
 * Every change to awards (POST/PATCH/DELETE /api/admin/awards…): each is audited on the server, and afterwards the
 * admin lists and the public catalogue this browser holds are fetched again.
 */
export type AwardChange =
  | { kind: 'create'; body: AwardBody }
  | { kind: 'update'; id: string; body: AwardPatch }
  | { kind: 'delete'; id: string }
  | { kind: 'bulk'; ids: string[]; is_active: boolean }
  | { kind: 'move'; id: string; direction: 'up' | 'down' }
  | { kind: 'upload-image'; id: string; file: File }
  | { kind: 'remove-image'; id: string };

const json = (method: string, body?: unknown) => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const awardUrl = (id: string, rest = '') => `/api/admin/awards/${encodeURIComponent(id)}${rest}`;

export function sendAwardChange(change: AwardChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return apiFetch<AdminAward>('/api/admin/awards', json('POST', change.body));
    case 'update':
      return apiFetch<AdminAward>(awardUrl(change.id), json('PATCH', change.body));
    case 'delete':
      return apiFetch(awardUrl(change.id), json('DELETE'));
    case 'bulk':
      return apiFetch<{ updated: number }>('/api/admin/awards/bulk', json('POST', { ids: change.ids, is_active: change.is_active }));
    case 'move':
      return apiFetch<AdminAward>(awardUrl(change.id, '/move'), json('POST', { direction: change.direction }));
    case 'upload-image': {
      const form = new FormData();
      form.append('image', change.file);
      return apiFetch<AdminAward>(awardUrl(change.id, '/image'), { method: 'POST', body: form });
    }
    case 'remove-image':
      return apiFetch<AdminAward>(awardUrl(change.id, '/image'), json('DELETE'));
  }
}

export function useAwardChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendAwardChange, onSuccess: () => refreshCatalogue(queryClient) });
}
