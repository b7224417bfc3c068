import { Bug, CheckCircle2, Mail, Send, ShoppingBag, Sparkles, UserRound, XCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { CrmTimelineEntry, CrmTimelineKind } from '@/contract/crm';
import { cn } from '@/web/lib/utils';
import { formatWhen, TIMELINE_LINK_LABELS, timelineHref } from '../lib/crm-format';

const KINDS: Record<CrmTimelineKind, { icon: LucideIcon; label: string; tone: string }> = {
  nomination_sent: { icon: Send, label: 'Nomination sent', tone: 'bg-brand-50 text-brand-700' },
  nomination_received: { icon: Sparkles, label: 'Nomination received', tone: 'bg-gold/25 text-gold-dark' },
  claim_accepted: { icon: CheckCircle2, label: 'Claim accepted', tone: 'bg-emerald-50 text-emerald-700' },
  claim_declined: { icon: XCircle, label: 'Claim declined', tone: 'bg-paper-dark text-ink-soft' },
  order: { icon: ShoppingBag, label: 'Order', tone: 'bg-sky-50 text-sky-800' },
  bug_report: { icon: Bug, label: 'Bug report', tone: 'bg-orange-50 text-orange-800' },
  mail: { icon: Mail, label: 'Mail sent', tone: 'bg-paper-dark text-ink-soft' },
  account: { icon: UserRound, label: 'Account', tone: 'bg-paper-dark text-ink' },
};

/** Everything that happened with the address, newest first: an icon per kind, what and when, and a link to it. */
export function ContactTimeline({ entries, truncated }: { entries: CrmTimelineEntry[]; truncated: boolean }) {
  if (!entries.length) {
    return <p className="mt-3 text-sm text-muted">Nothing on record any more: the sources of this contact were removed. Its tags, consent and notes are kept.</p>;
  }
  return (
    <>
      <ol className="mt-4 space-y-0" data-testid="crm-timeline">
        {entries.map((e, i) => {
          const kind = KINDS[e.kind];
          const Icon = kind.icon;
          return (
            <li key={`${e.kind}-${e.at}-${i}`} className="relative flex gap-3 pb-5 last:pb-0" data-kind={e.kind}>
              {i < entries.length - 1 ? <span className="absolute top-9 bottom-0 left-4 w-px bg-line" aria-hidden="true" /> : null}
              <span className={cn('relative flex size-8 shrink-0 items-center justify-center rounded-full', kind.tone)}>
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1 pt-0.5">
                <p className="text-sm">
                  <span className="sr-only">{kind.label}: </span>
                  <span className="font-semibold break-words">{e.title}</span>
                </p>
                <p className="text-xs text-muted">
                  <time dateTime={e.at}>{formatWhen(e.at)}</time>
                  {e.detail ? <> · {e.detail}</> : null}
                </p>
                {e.link ? (
                  <Link to={timelineHref(e.link)} className="mt-0.5 inline-block text-xs font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {TIMELINE_LINK_LABELS[e.link.type]}
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {truncated ? <p className="mt-4 text-xs text-muted">Only the latest entries are shown. The data export holds everything.</p> : null}
    </>
  );
}
