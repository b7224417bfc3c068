import type { MailState } from '@/contract/admin-mail';
import { timeAgo } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  logged: 'Logged',
  failed: 'Failed',
};

/** What each state means, in one line (the panel says it under the badge). */
export const MAIL_STATE_ABOUT: Record<MailState, string> = {
  queued: 'Waiting for the mail job, usually for a second or two.',
  sending: 'The mail job has it in hand right now.',
  sent: 'The mail server accepted it. What happens next is between it and the inbox.',
  logged: 'No mail server is set, so it went to the server log and this outbox. Consider it delivered to you.',
  failed: 'The last attempt failed. The mail job tries again with growing pauses, for about half a day.',
};

const STATE_STYLES: Record<MailState, string> = {
  queued: 'bg-sky-100 text-sky-900',
  sending: 'bg-sky-100 text-sky-900',
  sent: 'bg-emerald-100 text-emerald-900',
  logged: 'bg-gold/25 text-ink',
  failed: 'bg-brand-100 text-brand-800',
};

export function MailStateBadge({ state, className }: { state: MailState; className?: string }) {
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', STATE_STYLES[state], className)}>{MAIL_STATE_LABELS[state]}</span>;
}

/** The mails the shop writes, by kind (the server's names); an unknown kind shows as written. */
const KIND_LABELS: Record<string, string> = {
  verify_email: 'Address check',
  reset_password: 'Password reset',
  nomination_claim: 'Claim link',
  nomination_receipt: 'Nomination receipt',
  order_confirmation: 'Order confirmation',
  order_payment_failed: 'Payment failed',
  order_refunded: 'Refund',
  order_shipped: 'Shipped',
  bug_report_critical: 'Critical bug report',
};
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
export const exactTime = (iso: string) => exact.format(new Date(iso));

/** "5 minutes ago", with the exact time on hover and for machines. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={exactTime(iso)} className="whitespace-nowrap">
      {timeAgo(iso)}
    </time>
  );
}
