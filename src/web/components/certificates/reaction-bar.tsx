import type { Certificate } from '@/contract/nominations';
import { REACTION_KINDS, REACTION_LABELS } from '@/contract/nominations-constants';
import { toast } from '@/web/components/ui/use-toast';
import { useReaction } from '@/web/lib/api/react-to-certificate';
import { cn } from '@/web/lib/utils';

/**
 * Applause, laugh, salute: one per visitor, the count moves at once (optimistic), pressing your
 * reaction again takes it back.
 */
export function ReactionBar({
  certificate,
  size = 'md',
  className,
}: {
  certificate: Pick<Certificate, 'share_id' | 'reactions' | 'my_reaction' | 'nominee_name'>;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const reaction = useReaction(certificate.share_id);
  return (
    <div role="group" aria-label={`Reactions to ${certificate.nominee_name}'s certificate`} className={cn('flex flex-wrap gap-1.5', className)}>
      {REACTION_KINDS.map((kind) => {
        const { emoji, label } = REACTION_LABELS[kind];
        const count = certificate.reactions[kind] ?? 0;
        const mine = certificate.my_reaction === kind;
        return (
          <button
            key={kind}
            type="button"
            aria-pressed={mine}
            aria-label={`${label}: ${count}`}
            title={mine ? `Take back your ${label.toLowerCase()}` : label}
            onClick={() =>
              reaction.mutate(
                { kind, current: certificate.my_reaction },
                { onError: (err) => toast({ title: 'Your reaction was not saved', description: err.message, variant: 'destructive' }) },
              )
            }
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border font-semibold tabular-nums transition-[transform,background-color,border-color] active:scale-95',
              size === 'sm' ? 'h-8 px-2.5 text-xs' : 'h-10 px-3.5 text-sm',
              mine ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-line bg-white text-ink-soft hover:border-ink hover:text-ink',
            )}
          >
            <span aria-hidden="true" className={size === 'sm' ? 'text-sm' : 'text-base'}>
              {emoji}
            </span>
            {size === 'md' ? (
              <span aria-hidden="true" className="font-medium">
                {label}
              </span>
            ) : null}
            <span aria-hidden="true">{count}</span>
          </button>
        );
      })}
    </div>
  );
}
