import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNomination } from '@/contract/nominations';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/nominations/:id — one nomination with everything an admin may see. */
export const getAdminNomination = (id: string) =>
  apiFetch<AdminNomination>(`/api/admin/nominations/${encodeURIComponent(id)}`);

export const adminNominationQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.nominations.detail(id), queryFn: () => getAdminNomination(id), staleTime: 0 });

export function useAdminNomination(id: string | null) {
  return useQuery({ ...adminNominationQueryOptions(id ?? ''), enabled: id !== null });
}
