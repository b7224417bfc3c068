import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AwardMockup, AwardMockups } from '@/contract/shop';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/store/mockups?award= — photos of an award on the printed products (the admin's active mappings). */
export const getAwardMockups = (awardId: string) => apiFetch<AwardMockups>('/api/store/mockups', { query: { award: awardId } });

export const awardMockupsQueryOptions = (awardId: string) =>
  queryOptions({ queryKey: queryKeys.store.mockups(awardId), queryFn: () => getAwardMockups(awardId), staleTime: 60_000 });

/** The mockups of the award being printed; none while no award is chosen. */
export function useAwardMockups(awardId: string | null): AwardMockup[] {
  const query = useQuery({ ...awardMockupsQueryOptions(awardId ?? ''), enabled: awardId !== null });
  return awardId ? (query.data?.mockups ?? []) : [];
}
