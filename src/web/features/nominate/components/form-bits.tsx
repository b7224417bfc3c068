import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** One numbered part of the nomination form. */
export function FormStep({ step, title, lead, children, labelId }: { step: number; title: string; lead?: ReactNode; children: ReactNode; labelId?: string }) {
  return (
    <fieldset className="min-w-0 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div className="flex items-start gap-3" aria-hidden="true">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-ink font-display text-sm font-semibold text-white">{step}</span>
        <div className="min-w-0">
          <p id={labelId} className="font-display text-xl leading-7 font-semibold">
            {title}
          </p>
          {lead ? <p className="mt-0.5 text-sm text-ink-soft">{lead}</p> : null}
        </div>
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </fieldset>
  );
}

interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  error?: string | undefined;
  description?: ReactNode;
  /** Characters typed so far; with maxLength shows a counter. */
  count?: number;
}

/**
 * A labelled textarea with hint or error (never both, as TextField: docs/decisions/060) and a character counter,
 * wired for screen readers.
 */
export function TextAreaField({ label, error, description, count, maxLength, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  const left = maxLength !== undefined && count !== undefined ? maxLength - count : undefined;
  const showHint = description && !error;
  const describedBy = [showHint ? `${id}-hint` : null, left !== undefined ? `${id}-count` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        {left !== undefined ? (
          <span
            id={`${id}-count`}
            className={cn('text-xs tabular-nums', left <= 20 ? 'font-semibold text-brand-700' : 'text-muted')}
            aria-label={`${count} of ${maxLength} characters used`}
          >
            {count}/{maxLength}
          </span>
        ) : null}
      </div>
      {showHint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
          {description}
        </p>
      ) : null}
      <textarea
        id={id}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'mt-1.5 block min-h-28 w-full resize-y rounded-xl border bg-white px-3.5 py-3 text-base text-ink shadow-sm placeholder:text-muted/70',
          'focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none',
          error ? 'border-brand-600' : 'border-line',
        )}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
