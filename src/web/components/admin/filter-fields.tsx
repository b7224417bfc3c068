import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/web/lib/utils';

const input =
  'block h-11 w-full rounded-xl border border-line bg-white text-base shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none';

/**
 * The search box of an admin list. Pair it with useDebouncedSearchParam so its text lives in the URL:
 * `<SearchField label="Search" value={text} onChange={setText} placeholder="Title or tagline" />`.
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className,
  maxLength,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  className?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1.5">
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className={cn(input, 'pr-4 pl-10')}
        />
      </div>
    </div>
  );
}

/** A date filter (YYYY-MM-DD, or '' for none); `min`/`max` keep a "from" before its "to". */
export function DateField({
  label,
  value,
  onChange,
  className,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  className?: string;
  min?: string | undefined;
  max?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input id={id} type="date" value={value} min={min} max={max} onChange={(e) => onChange(e.target.value)} className={cn(input, 'mt-1.5 px-3.5')} />
    </div>
  );
}

/** A number filter (min/max sort order and the like), '' for none. */
export function NumberField({ label, value, onChange, className, min }: { label: string; value: string; onChange(v: string): void; className?: string; min?: number }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input id={id} type="number" inputMode="numeric" min={min} value={value} onChange={(e) => onChange(e.target.value)} className={cn(input, 'mt-1.5 px-3.5')} />
    </div>
  );
}

/**
 * The row of filters above an admin table: a labelled search form that never submits (filters apply as they change).
 * A grid on wide screens, its columns `columns` (a literal `lg:grid-cols-…` class, default four equal ones); `row`:
 * the filters side by side as wide as they are (a segmented choice beside a select). No class of its own is
 * overridden by a caller's (cn does not merge Tailwind classes).
 */
export function FilterBar({
  label,
  children,
  columns = 'lg:grid-cols-4',
  layout = 'grid',
}: {
  label: string;
  children: React.ReactNode;
  columns?: string;
  layout?: 'grid' | 'row';
}) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      className={layout === 'row' ? 'mt-6 flex flex-wrap items-end gap-x-6 gap-y-3' : cn('mt-6 grid gap-3 sm:grid-cols-2', columns)}
    >
      {children}
    </form>
  );
}
