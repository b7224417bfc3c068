import { useQuery } from '@tanstack/react-query';
import type { AwardAuditList } from '@/contract/admin-awards';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/awards-audit?award_id= — an award's history (awards_audit), newest first. */
export const getAwardAudit = (filter: { award_id?: string | undefined; page?: number | undefined }) =>
  apiFetch<AwardAuditList>('/api/admin/awards-audit', { query: { ...filter } });

export function useAwardAudit(awardId: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.awards.audit({ award_id: awardId ?? undefined }),
    queryFn: () => getAwardAudit({ award_id: awardId ?? undefined }),
    enabled: awardId !== null,
    staleTime: 0,
  });
}
