import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditList, AuditListQuery } from '@/contract/admin-audit';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/audit — admin actions and security events, newest first, 50 a page. */
export const getAudit = (filter: AuditListQuery) => apiFetch<AuditList>('/api/admin/audit', { query: { ...filter } });

export const auditQueryOptions = (filter: AuditListQuery) =>
  queryOptions({ queryKey: queryKeys.admin.audit.list(filter), queryFn: () => getAudit(filter), staleTime: 0 });

export function useAudit(filter: AuditListQuery) {
  return useQuery({ ...auditQueryOptions(filter), placeholderData: keepPreviousData });
}
