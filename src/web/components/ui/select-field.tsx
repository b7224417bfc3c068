import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string;
  error?: string | undefined;
  description?: ReactNode;
  options: readonly { value: string; label: string }[];
  /** A first, empty choice ("Choose…"). */
  placeholder?: string;
  id?: string;
}

/** A labelled native select (the phone's own picker, keyboard type-ahead) with its hint or its error, like TextField. */
export function SelectField({ label, error, description, options, placeholder, id, className, ...select }: SelectFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
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
        <select
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block h-11 w-full appearance-none rounded-xl border bg-white pr-10 pl-3.5 text-base text-ink shadow-sm',
            'focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:bg-paper-dark disabled:text-muted',
            error ? 'border-brand-600' : 'border-line',
          )}
          {...select}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute inset-y-0 right-3 my-auto size-4 text-muted" aria-hidden="true" />
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="mt-1.5 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
