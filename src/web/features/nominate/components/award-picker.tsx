import { Award as AwardIcon, Check, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type Ref } from 'react';
import type { Award } from '@/contract/awards';
import { FALLBACK_CATEGORY_COLOR } from '@/contract/catalog-constants';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { groupAwardsByCategory } from '@/web/lib/group-awards';
import { cn } from '@/web/lib/utils';
import { filterAwards } from '../lib/award-search';

function Emblem({ award, className, lazy }: { award: Award; className?: string; lazy?: boolean }) {
  return award.image_url ? (
    <img
      src={award.image_url}
      alt=""
      width={240}
      height={240}
      className={cn('shrink-0 rounded-full bg-paper object-contain', className)}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
    />
  ) : (
    <span className={cn('flex shrink-0 items-center justify-center rounded-full bg-paper-dark text-muted', className)}>
      <AwardIcon className="size-1/2" aria-hidden="true" />
    </span>
  );
}

interface AwardPickerProps {
  awards: Award[] | undefined;
  loading: boolean;
  value: string;
  onChange(id: string): void;
  /** Called after a choice is made with the keyboard or pointer (the form moves focus on). */
  onChosen?(award: Award): void;
  error?: string | undefined;
  /** react-hook-form's ref: focused when the field is invalid. */
  inputRef?: Ref<HTMLInputElement>;
  labelId: string;
}

/**
 * A searchable award list grouped by category (WAI-ARIA combobox with an inline listbox): type to
 * narrow it, arrows to move, Enter to choose. Once chosen it folds into a card with "Change".
 */
export function AwardPicker({ awards, loading, value, onChange, onChosen, error, inputRef, labelId }: AwardPickerProps) {
  const selected = awards?.find((a) => a.id === value);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputId = useId();
  const errorId = useId();
  const localInput = useRef<HTMLInputElement | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const filtered = useMemo(() => filterAwards(awards ?? [], query), [awards, query]);
  const groups = useMemo(() => groupAwardsByCategory(filtered), [filtered]);
  // The keyboard walks the awards in the order they are shown (grouped).
  const flat = useMemo(() => groups.flatMap((g) => g.awards), [groups]);
  const activeAward = flat[Math.min(active, flat.length - 1)];
  const optionId = (id: string) => `${listId}-opt-${id}`;

  useEffect(() => setActive(0), [query]);
  // Keep the keyboard's option in view by scrolling the list only (never the page).
  const keyboardMoved = useRef(false);
  useEffect(() => {
    if (!keyboardMoved.current || !activeAward) return;
    keyboardMoved.current = false;
    const list = listRef.current;
    const el = document.getElementById(optionId(activeAward.id));
    if (!list || !el) return;
    const header = 36; // the sticky category label
    if (el.offsetTop - header < list.scrollTop) list.scrollTop = el.offsetTop - header;
    else if (el.offsetTop + el.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = el.offsetTop + el.offsetHeight - list.clientHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeAward?.id]);

  function choose(a: Award) {
    onChange(a.id);
    setOpen(false);
    setQuery('');
    onChosen?.(a);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    const last = flat.length - 1;
    keyboardMoved.current = ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(last, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Home' && flat.length) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && flat.length) {
      e.preventDefault();
      setActive(last);
    } else if (e.key === 'Enter') {
      // Enter chooses, never submits the form half-filled.
      e.preventDefault();
      if (activeAward) choose(activeAward);
    } else if (e.key === 'Escape' && selected) {
      e.preventDefault();
      setOpen(false);
      setQuery('');
      requestAnimationFrame(() => changeButton.current?.focus());
    }
  }

  if (loading && !awards) {
    return (
      <div className="space-y-2" aria-hidden="true">
        <Skeleton className="h-12 w-full rounded-xl" />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 px-2 py-1">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 flex-1 rounded-md" />
          </div>
        ))}
      </div>
    );
  }

  if (selected && !open) {
    const color = selected.category?.color || FALLBACK_CATEGORY_COLOR;
    return (
      <div data-testid="selected-award" className="flex items-center gap-4 rounded-2xl border border-line bg-paper p-3 sm:p-4">
        <Emblem award={selected} className="size-14 sm:size-16" />
        <div className="min-w-0 flex-1">
          {selected.category ? (
            <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              <span className="size-2 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
              {selected.category.name}
            </p>
          ) : null}
          <p className="mt-0.5 font-display text-lg leading-snug font-semibold text-balance">{selected.title}</p>
          {selected.tagline ? <p className="text-sm text-brand-700 italic">{selected.tagline}</p> : null}
        </div>
        <Button
          ref={changeButton}
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Change award (now: ${selected.title})`}
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => localInput.current?.focus());
          }}
        >
          Change
        </Button>
      </div>
    );
  }

  return (
    <div className={cn('overflow-hidden rounded-2xl border bg-white', error ? 'border-brand-600' : 'border-line')}>
      <div className="relative border-b border-line p-2">
        <label htmlFor={inputId} className="sr-only">
          Search awards
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input
          id={inputId}
          ref={(el) => {
            localInput.current = el;
            if (typeof inputRef === 'function') inputRef(el);
            else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
          }}
          name="award_id"
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeAward ? optionId(activeAward.id) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Try: coffee, meetings, cats…"
          className="h-11 w-full rounded-xl bg-paper pr-3 pl-10 text-base placeholder:text-muted focus:ring-4 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      <div ref={listRef} id={listId} role="listbox" aria-labelledby={labelId} className="relative max-h-[22rem] overflow-y-auto overscroll-contain px-2 pb-2">
        {groups.map((g) => (
          <div key={g.key} role="group" aria-labelledby={`${listId}-${g.key}`}>
            <div
              id={`${listId}-${g.key}`}
              role="presentation"
              className="sticky top-0 z-10 flex items-center gap-2 bg-white/95 px-2 pt-3 pb-1.5 text-xs font-bold tracking-wider text-muted uppercase backdrop-blur"
            >
              <span className="size-2 rounded-full" style={{ backgroundColor: g.color }} aria-hidden="true" />
              {g.name}
            </div>
            {g.awards.map((a) => {
              const isActive = a.id === activeAward?.id;
              const isSelected = a.id === value;
              return (
                <div
                  key={a.id}
                  id={optionId(a.id)}
                  role="option"
                  aria-selected={isSelected}
                  // Keep focus in the search box while clicking an option.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(flat.indexOf(a))}
                  onClick={() => choose(a)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl px-2 py-2',
                    isActive ? 'bg-paper-dark' : 'hover:bg-paper',
                  )}
                >
                  <Emblem award={a} className="size-10" lazy />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm leading-snug font-semibold text-ink">{a.title}</p>
                    <p className="truncate text-xs text-muted">{a.tagline ?? a.description}</p>
                  </div>
                  {isSelected ? <Check className="size-4 shrink-0 text-brand-600" aria-hidden="true" /> : null}
                </div>
              );
            })}
          </div>
        ))}
        {flat.length === 0 ? (
          <p className="px-3 py-8 text-center text-sm text-ink-soft" role="status">
            No award matches “{query}”. The committee suggests a shorter word.
          </p>
        ) : null}
      </div>
      {selected ? (
        <div className="border-t border-line p-2 text-right">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setOpen(false);
              setQuery('');
              requestAnimationFrame(() => changeButton.current?.focus());
            }}
          >
            Keep {selected.title.length > 32 ? 'the current award' : selected.title}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="border-t border-brand-600/30 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
