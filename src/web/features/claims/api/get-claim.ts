import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@/contract/nominations';
import { ApiRequestError, apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/claims/:token — 404 CLAIM_NOT_FOUND for unknown tokens, 410 CLAIM_USED once answered. */
export const getClaim = (token: string) => apiFetch<Claim>(`/api/claims/${encodeURIComponent(token)}`);

export const claimQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.claims.detail(token),
    queryFn: () => getClaim(token),
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
  });

export function useClaim(token: string) {
  return useQuery(claimQueryOptions(token));
}
