import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmContact } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/crm/contacts/:id — the contact with its account, notes and timeline. */
export const getContact = (id: string) => apiFetch<CrmContact>(`/api/admin/crm/contacts/${encodeURIComponent(id)}`);

export const contactQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.admin.crm.detail(id), queryFn: () => getContact(id), staleTime: 0 });

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id));
}
