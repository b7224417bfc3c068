import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailResend } from '@/contract/admin-mail';
import { apiFetch } from '@/web/lib/api-client';
import { queryKeys } from '@/web/lib/query-keys';

/** POST /api/admin/mail/{id}/resend — the same mail again, as a new outbox row through the mail job (audited). */
export const resendMail = ({ id }: { id: string }) => apiFetch<MailResend>(`/api/admin/mail/${encodeURIComponent(id)}/resend`, { method: 'POST' });

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.mail.all }),
  });
}
