import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';

/** A radio answer shown as a card; the input stays a real radio (arrow keys move between answers). */
export function OptionCard({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer items-start gap-3 rounded-2xl border bg-white p-3.5 text-sm transition-colors',
        'has-focus-visible:ring-4 has-focus-visible:ring-brand-200',
        checked ? 'border-brand-600 shadow-[inset_0_0_0_1px_var(--color-brand-600)]' : 'border-line hover:border-ink/40',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}
