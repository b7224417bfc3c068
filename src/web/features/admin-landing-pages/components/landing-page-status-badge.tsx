import { LANDING_PAGE_STATUS_LABELS, type LandingPageStatus } from '@/contract/landing-pages';
import { cn } from '@/web/lib/utils';

export function LandingPageStatusBadge({ status }: { status: LandingPageStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        status === 'published' ? 'bg-emerald-100 text-emerald-900' : 'bg-paper-dark text-ink-soft',
      )}
      data-testid="landing-status"
    >
      <span className={cn('size-1.5 rounded-full', status === 'published' ? 'bg-emerald-600' : 'bg-muted')} aria-hidden="true" />
      {LANDING_PAGE_STATUS_LABELS[status]}
    </span>
  );
}
