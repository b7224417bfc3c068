import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailDetail } from '@/contract/admin-mail';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/admin/mail/{id} — one mail as it would arrive: subject, text, HTML and links (mails that went to the log). */
export const getMail = (id: string) => apiFetch<MailDetail>(`/api/admin/mail/${encodeURIComponent(id)}`);

export const mailQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.admin.mail.detail(id), queryFn: () => getMail(id), staleTime: 0 });

export function useMail(id: string | null) {
  return useQuery({
    ...mailQueryOptions(id ?? ''),
    enabled: id !== null,
    // A mail on its way is followed until it has arrived or failed.
    refetchInterval: (query) => (query.state.data && ['queued', 'sending'].includes(query.state.data.state) ? 2_000 : false),
  });
}
