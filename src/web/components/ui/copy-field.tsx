import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/web/components/ui/button';
import { useCopy } from '@/web/hooks/use-copy';
import { cn } from '@/web/lib/utils';

/** A read-only link with a Copy button; the text selects itself on focus for copying by hand. */
export function CopyField({
  label,
  value,
  buttonLabel = 'Copy link',
  copiedMessage = 'Link copied',
  description,
  tone = 'default',
  testId,
}: {
  label: string;
  value: string;
  buttonLabel?: string;
  copiedMessage?: string;
  description?: React.ReactNode;
  tone?: 'default' | 'gold';
  testId?: string;
}) {
  const id = useId();
  const { copied, copy } = useCopy();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {description ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-soft">
          {description}
        </p>
      ) : null}
      <div className="mt-2 flex min-w-0 flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          aria-describedby={description ? `${id}-hint` : undefined}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(
            'h-11 min-w-0 flex-1 truncate rounded-xl border px-3.5 font-mono text-sm text-ink focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none',
            tone === 'gold' ? 'border-gold/60 bg-gold/10' : 'border-line bg-paper',
          )}
        />
        <Button type="button" variant={tone === 'gold' ? 'gold' : 'secondary'} onClick={() => void copy(value, copiedMessage)} className="shrink-0">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : buttonLabel}
        </Button>
      </div>
    </div>
  );
}
