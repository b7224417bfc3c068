import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Funnel } from '@/contract/funnel';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/funnel[?award=]: the hero product, its award, the shipping methods and the offers to come. */
export const getFunnel = (awardId: string | null) => apiFetch<Funnel>('/api/funnel', { query: { award: awardId } });

export const funnelQueryOptions = (awardId: string | null) =>
  queryOptions({ queryKey: queryKeys.funnel.offer(awardId), queryFn: () => getFunnel(awardId), staleTime: 60_000 });

export function useFunnelOffer(awardId: string | null) {
  return useQuery(funnelQueryOptions(awardId));
}
