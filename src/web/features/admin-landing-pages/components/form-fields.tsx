import { useId, type ComponentProps, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { cn } from '@/web/lib/utils';

/**
 * A textarea bound to one field of a useZodForm form, with its hint or its error (never both, as TextField:
 * docs/decisions/060) and a counter against `advised` (a soft limit: the schema holds the hard one).
 */
export function FormTextArea<TIn extends FieldValues, TOut>({
  control,
  name,
  label,
  description,
  advised,
  advisedNote,
  className,
  textareaClassName,
  ...props
}: Omit<ComponentProps<'textarea'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'id'> & {
  control: Control<TIn, unknown, TOut>;
  name: FieldPath<TIn>;
  label: string;
  description?: ReactNode;
  /** Characters past which the counter warns. */
  advised?: number;
  /** What the warning says. */
  advisedNote?: string;
  textareaClassName?: string;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | undefined) ?? '';
  const error = fieldState.error?.message;
  const over = advised !== undefined && value.length > advised;
  const hint = error ? null : over && advisedNote ? advisedNote : description;
  const describedBy = [hint ? `${id}-hint` : null, advised !== undefined ? `${id}-count` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        {advised !== undefined ? (
          <span id={`${id}-count`} className={cn('text-xs tabular-nums', over ? 'font-semibold text-brand-700' : 'text-muted')} aria-label={`${value.length} of ${advised} characters`}>
            {value.length}/{advised}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={cn('mt-0.5 text-xs', over ? 'font-medium text-brand-700' : 'text-muted')}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        ref={field.ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'mt-1.5 block min-h-24 w-full resize-y rounded-xl border bg-white px-3.5 py-3 text-base text-ink shadow-sm placeholder:text-muted/70',
          'focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none',
          error ? 'border-brand-600' : 'border-line',
          textareaClassName,
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

/** One card of the editor: a fieldset with its title and one line on what it is for. */
export function EditorCard({ title, lead, children, actions }: { title: string; lead?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-6">
      <legend className="sr-only">{title}</legend>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-display text-xl font-semibold" aria-hidden="true">
            {title}
          </p>
          {lead ? <p className="mt-0.5 text-sm text-ink-soft">{lead}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4 grid gap-4">{children}</div>
    </fieldset>
  );
}
