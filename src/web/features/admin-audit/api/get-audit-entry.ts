import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@/contract/admin-audit';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/audit/{id} — one entry with its before and after, or a security event's details. */
export const getAuditEntry = (id: string) => apiFetch<AuditEntry>(`/api/admin/audit/${encodeURIComponent(id)}`);

export const auditEntryQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.admin.audit.detail(id), queryFn: () => getAuditEntry(id), staleTime: 60_000 });

export function useAuditEntry(id: string | null) {
  return useQuery({ ...auditEntryQueryOptions(id ?? ''), enabled: id !== null });
}
