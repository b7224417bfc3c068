import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyNominations } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/account/nominations — made by me, and received (claimed) by me. */
export const getMyNominations = () => apiFetch<MyNominations>('/api/account/nominations');

// Under account: dropped when someone signs in or out (main.tsx).
export const myNominationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.account.nominations(), queryFn: getMyNominations, staleTime: 0 });

export function useMyNominations() {
  return useQuery(myNominationsQueryOptions());
}
