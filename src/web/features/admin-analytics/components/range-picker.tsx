import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { RANGE_PRESETS, type DateRange, type RangePeriod } from '../lib/date-range';

/**
 * The range of the report, as Plausible picks it: Today, 7 days, 30 days, 90 days, 12 months, or two dates. The choice
 * lives in the URL (?period=, ?from=&to=), so a report can be bookmarked and shared.
 */
export function RangePicker({
  range,
  onPreset,
  onCustom,
}: {
  range: DateRange;
  onPreset(period: Exclude<RangePeriod, 'custom'>): void;
  onCustom(from: string, to: string): void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  // A preset (or Back) moved the range: the date fields show it.
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range.from, range.to]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (from && to) onCustom(from <= to ? from : to, from <= to ? to : from);
  };

  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div
        role="group"
        aria-label="Date range"
        className="flex max-w-full gap-1 overflow-x-auto rounded-full border border-line bg-white p-1 shadow-sm"
      >
        {RANGE_PRESETS.map((p) => {
          const active = range.period === p.period;
          return (
            <button
              key={p.period}
              type="button"
              aria-pressed={active}
              onClick={() => onPreset(p.period)}
              className={cn(
                'h-9 rounded-full px-3.5 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none',
                active ? 'bg-ink text-white' : 'text-ink-soft hover:bg-paper-dark hover:text-ink',
              )}
            >
              {p.label}
            </button>
          );
        })}
      </div>
      <form onSubmit={submit} aria-label="Custom date range" className="flex flex-wrap items-end gap-2">
        <DateInput label="From" value={from} onChange={setFrom} max={to} />
        <DateInput label="To" value={to} onChange={setTo} min={from} />
        <Button type="submit" variant={range.period === 'custom' ? 'primary' : 'outline'} size="sm" className="h-10">
          Show these dates
        </Button>
      </form>
    </div>
  );
}

function DateInput({ label, value, onChange, min, max }: { label: string; value: string; onChange(v: string): void; min?: string; max?: string }) {
  const id = `analytics-${label.toLowerCase()}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-ink-soft">
        {label}
      </label>
      <input
        id={id}
        type="date"
        required
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block h-10 rounded-xl border border-line bg-white px-3 text-sm shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
      />
    </div>
  );
}
