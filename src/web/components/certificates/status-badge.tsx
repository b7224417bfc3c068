import type { NominationStatus } from '@/contract/nominations';
import { cn } from '@/web/lib/utils';

const STYLES: Record<NominationStatus | 'hidden', { label: string; className: string }> = {
  pending: { label: 'Awaiting reply', className: 'bg-gold/25 text-ink' },
  claimed: { label: 'Accepted', className: 'bg-emerald-100 text-emerald-900' },
  declined: { label: 'Declined', className: 'bg-paper-dark text-ink-soft' },
  hidden: { label: 'Hidden', className: 'bg-brand-100 text-brand-800' },
};

export function StatusBadge({ status, className }: { status: NominationStatus | 'hidden'; className?: string }) {
  const s = STYLES[status];
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', s.className, className)}>{s.label}</span>;
}
