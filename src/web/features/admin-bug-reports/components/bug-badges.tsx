import { BUG_SEVERITY_LABELS, BUG_STATUS_LABELS, type BugSeverity, type BugStatus } from '@/contract/bug-reports';
import { cn } from '@/web/lib/utils';

const SEVERITY_STYLES: Record<BugSeverity, string> = {
  low: 'bg-paper-dark text-ink-soft',
  medium: 'bg-gold/30 text-ink',
  high: 'bg-brand-100 text-brand-800',
  critical: 'bg-brand-700 text-white',
};

/** Severity as Sentry shows a level: a coloured tag, loudest for critical. */
export function SeverityBadge({ severity, className }: { severity: BugSeverity; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 items-center justify-center rounded-md px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide uppercase',
        SEVERITY_STYLES[severity],
        className,
      )}
    >
      {BUG_SEVERITY_LABELS[severity]}
    </span>
  );
}

const STATUS_STYLES: Record<BugStatus, string> = {
  new: 'bg-brand-50 text-brand-800 ring-1 ring-brand-600/30',
  triaged: 'bg-gold/25 text-ink',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
  wont_fix: 'bg-paper-dark text-ink-soft',
};

export function BugStatusBadge({ status }: { status: BugStatus }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', STATUS_STYLES[status])}>
      {BUG_STATUS_LABELS[status]}
    </span>
  );
}
