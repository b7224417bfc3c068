import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: string;
  /** Shown under the field instead of the hint, linked with aria-describedby, and marks the field invalid. */
  error?: string | undefined;
  /** A hint under the label; an error takes its place, so the field never says two things at once. */
  description?: ReactNode;
  /**
   * Characters typed so far: with `maxLength` (a hard limit, the browser stops there) or `advised` (a soft one,
   * the schema holds the hard limit) it shows a counter, which warns near or past the limit.
   */
  count?: number;
  /** Characters past which the counter warns. */
  advised?: number;
  /** What the hint says once the text is past `advised`. */
  advisedNote?: string;
  /** Extra classes for the textarea itself (`className` is the wrapper's). */
  textareaClassName?: string;
  id?: string;
}

/**
 * The one labelled textarea (the TextField of longer text): its hint or its error (never both, docs/decisions/060)
 * and an optional character counter, all wired for screen readers. Bound to a form: `FormTextArea` (form.tsx).
 */
export function TextAreaField({
  label,
  error,
  description,
  count,
  advised,
  advisedNote,
  maxLength,
  className,
  textareaClassName,
  id,
  ...props
}: TextAreaFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const limit = advised ?? maxLength;
  const counted = count !== undefined && limit !== undefined;
  const warn = counted && (advised !== undefined ? count > advised : limit - count <= 20);
  const hint = error ? null : warn && advisedNote ? advisedNote : description;
  const describedBy = [hint ? `${fieldId}-hint` : null, counted ? `${fieldId}-count` : null, error ? `${fieldId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={fieldId} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        {counted ? (
          <span
            id={`${fieldId}-count`}
            className={cn('text-xs tabular-nums', warn ? 'font-semibold text-brand-700' : 'text-muted')}
            aria-label={`${count} of ${limit} characters used`}
          >
            {count}/{limit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${fieldId}-hint`} className={cn('mt-0.5 text-xs', warn && advisedNote ? 'font-medium text-brand-700' : 'text-muted')}>
          {hint}
        </p>
      ) : null}
      {/* eslint-disable-next-line no-restricted-syntax -- the one textarea the rule sends everyone to */}
      <textarea
        id={fieldId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'mt-1.5 block min-h-20 w-full resize-y rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-muted/70',
          'focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none',
          error ? 'border-brand-600' : 'border-line',
          textareaClassName,
        )}
        {...props}
      />
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
