import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@/contract/users';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

export interface UsersFilter {
  search?: string;
  page?: number;
}

export const getUsers = (filter: UsersFilter) => apiFetch<AdminUserList>('/api/admin/users', { query: { ...filter } });

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({ queryKey: queryKeys.admin.users.list(filter), queryFn: () => getUsers(filter), staleTime: 0 });

export function useUsers(filter: UsersFilter) {
  return useQuery({ ...usersQueryOptions(filter), placeholderData: keepPreviousData });
}
