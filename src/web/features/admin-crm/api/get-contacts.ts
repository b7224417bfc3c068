import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CrmContactList, CrmContactsQuery } from '@/contract/crm';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/crm/contacts — search, tag, consent and account filters, sort and page (docs/decisions/103). */
export const getContacts = (filter: CrmContactsQuery) => apiFetch<CrmContactList>('/api/admin/crm/contacts', { query: { ...filter } });

export const contactsQueryOptions = (filter: CrmContactsQuery) =>
  queryOptions({ queryKey: queryKeys.admin.crm.list(filter), queryFn: () => getContacts(filter), staleTime: 0 });

export function useContacts(filter: CrmContactsQuery) {
  return useQuery({ ...contactsQueryOptions(filter), placeholderData: keepPreviousData });
}
