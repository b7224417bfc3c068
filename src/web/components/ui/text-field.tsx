import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** Shown under the field instead of the hint, linked with aria-describedby, and marks the field invalid. */
  error?: string | undefined;
  /** A hint under the label; an error takes its place, so the field never says two things at once. */
  description?: ReactNode;
  /** For passwords: a button that shows and hides what was typed. */
  revealable?: boolean;
  id?: string;
}

/** A labelled input with its hint or its error (never both) wired up for screen readers. */
export function TextField({ label, error, description, revealable, id, className, type = 'text', ...input }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const [revealed, setRevealed] = useState(false);
  const hint = error ? null : description;
  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {hint ? (
        <p id={`${fieldId}-hint`} className="mt-0.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <div className="relative mt-1.5">
        <input
          id={fieldId}
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block h-11 w-full rounded-xl border bg-white px-3.5 text-base text-ink shadow-sm placeholder:text-muted/70',
            'focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:bg-paper-dark disabled:text-muted',
            error ? 'border-brand-600' : 'border-line',
            revealable && 'pr-12',
          )}
          {...input}
        />
        {revealable ? (
          <button
            type="button"
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={revealed}
            className="absolute inset-y-0 right-1 my-1 flex w-10 items-center justify-center rounded-lg text-muted hover:bg-paper-dark hover:text-ink"
          >
            {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
