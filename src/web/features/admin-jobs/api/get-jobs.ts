import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobList } from '@/contract/fulfilment';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface JobsFilter {
  /** waiting = created, retry or active; none = every state. */
  state?: 'waiting' | 'failed' | undefined;
  /** One queue, e.g. "mail.send". */
  name?: string | undefined;
}

/** GET /api/admin/jobs — the newest 200 jobs matching the filter, and counts per queue and state (all jobs). */
export const getJobs = (filter: JobsFilter) => apiFetch<JobList>('/api/admin/jobs', { query: { ...filter } });

export const jobsQueryOptions = (filter: JobsFilter) =>
  queryOptions({ queryKey: queryKeys.admin.jobs.list({ ...filter }), queryFn: () => getJobs(filter), staleTime: 0 });

/** Jobs move on their own: the page follows every 10 seconds while it is open. */
export function useJobs(filter: JobsFilter) {
  return useQuery({ ...jobsQueryOptions(filter), placeholderData: keepPreviousData, refetchInterval: 10_000 });
}
