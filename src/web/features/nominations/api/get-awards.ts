import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Award } from '@/contract/awards';
import { apiFetch } from '@/web/lib/api-client';

/** Every active award (the picker searches them in the browser: there are dozens, not thousands). */
export const getAwards = () => apiFetch<Award[]>('/api/awards');

// Same key and data as the gallery's unfiltered list, so coming from the gallery costs no request.
export const awardsQueryOptions = () =>
  queryOptions({ queryKey: ['awards', {}], queryFn: getAwards, staleTime: 5 * 60_000 });

export function useAwards() {
  return useQuery(awardsQueryOptions());
}
