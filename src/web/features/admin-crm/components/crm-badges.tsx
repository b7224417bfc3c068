import { cn } from '@/web/lib/utils';

/** A contact's tags as small chips. */
export function TagChips({ tags, className }: { tags: readonly string[]; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="rounded-full bg-gold/25 px-2 py-0.5 text-xs font-semibold text-ink">
          {t}
        </li>
      ))}
    </ul>
  );
}

/** Whether marketing consent was recorded for the contact. */
export function ConsentBadge({ granted }: { granted: boolean }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        granted ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-700/30' : 'bg-paper-dark text-ink-soft',
      )}
    >
      {granted ? 'Consent recorded' : 'No consent'}
    </span>
  );
}
