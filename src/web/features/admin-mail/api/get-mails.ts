import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailList, MailListQuery } from '@/contract/admin-mail';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/mail — the outbox, newest first, 25 a page, with counts per state. */
export const getMails = (filter: MailListQuery) => apiFetch<MailList>('/api/admin/mail', { query: { ...filter } });

export const mailsQueryOptions = (filter: MailListQuery) => queryOptions({ queryKey: queryKeys.admin.mail.list(filter), queryFn: () => getMails(filter), staleTime: 0 });

/** Mail moves on its own (queued → logged within a second or two): the list follows every 10 seconds while open. */
export function useMails(filter: MailListQuery) {
  return useQuery({ ...mailsQueryOptions(filter), placeholderData: keepPreviousData, refetchInterval: 10_000 });
}
