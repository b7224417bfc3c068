import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@/contract/account';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export const getAccount = () => apiFetch<Account>('/api/account');

export const accountQueryOptions = () => queryOptions({ queryKey: queryKeys.account.detail(), queryFn: getAccount, staleTime: 0 });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
