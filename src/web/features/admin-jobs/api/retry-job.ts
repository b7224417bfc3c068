import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/admin/jobs/:name/:jobId/retry — a failed job, or one waiting for its next attempt, runs now (audited). */
export const retryJob = ({ name, id }: { name: string; id: string }) =>
  apiFetch<{ retried: true }>(`/api/admin/jobs/${encodeURIComponent(name)}/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.jobs.all }),
  });
}
