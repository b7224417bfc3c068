import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '@/contract/auth';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/auth/config — the sign-in methods this server offers (the sign-in form and the admin settings read it). */
export const getAuthConfig = () => apiFetch<AuthConfig>('/api/auth/config');

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.config(), queryFn: getAuthConfig, staleTime: 5 * 60_000 });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
