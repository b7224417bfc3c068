import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '@/contract/admin-awards';
import { apiFetch } from '@/web/lib/api-client';
import { refreshCatalogue } from '@/web/lib/api/get-admin-categories';

/** POST /api/admin/awards/import/preview — what the file would do, row by row, with errors and lines; changes nothing. */
export const previewAwardImport = (csv: string) => apiFetch<ImportPreview>('/api/admin/awards/import/preview', { method: 'POST', body: JSON.stringify({ csv }) });

/** POST /api/admin/awards/import — all or nothing, in one transaction. */
export const commitAwardImport = (csv: string) => apiFetch<ImportResult>('/api/admin/awards/import', { method: 'POST', body: JSON.stringify({ csv }) });

export function usePreviewImport() {
  return useMutation({ mutationFn: previewAwardImport });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: commitAwardImport, onSuccess: () => refreshCatalogue(queryClient) });
}
