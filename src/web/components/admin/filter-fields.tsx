import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/web/lib/utils';

const input =
  'block h-11 w-full rounded-xl border border-line bg-white text-base shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none';

/**
 * The search box of an admin list. Pair it with useDebouncedSearchParam so its text lives in the URL:
 * `<SearchField label="Search" value={text} onChange={setText} placeholder="Title or tagline" />`.
 */
export function SearchField({ label, value, onChange, placeholder, className }: { label: string; value: string; onChange(v: string): void; placeholder?: string; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="relative mt-1.5">
        <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className={cn(input, 'pr-4 pl-10')} />
      </div>
    </div>
  );
}

/** A date filter (YYYY-MM-DD, or '' for none). */
export function DateField({ label, value, onChange, className }: { label: string; value: string; onChange(v: string): void; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className={cn(input, 'mt-1.5 px-3.5')} />
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

/** The row of filters above an admin table: a labelled search form that never submits (filters apply as they change). */
export function FilterBar({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <form role="search" aria-label={label} onSubmit={(e) => e.preventDefault()} className={cn('mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {children}
    </form>
  );
}
