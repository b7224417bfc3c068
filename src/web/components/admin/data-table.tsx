import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import type { SortDir } from './use-table-params';

/** Phones: the row header is the card's title. */
const rowHeaderCard = 'max-md:block max-md:px-0 max-md:pt-0 max-md:pb-2 max-md:text-left max-md:text-base max-md:font-semibold';
/** Phones: every other cell is a line of the card, its column's name on the left and the value on the right. */
const labelledCard =
  'max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-ink-soft max-md:before:uppercase max-md:before:content-[attr(data-label)]';

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  /** Sortable by this URL sort key (the server must accept it). */
  sort?: string;
  align?: 'left' | 'right';
  /** The cell that names the row (a th scope=row): usually the first. */
  rowHeader?: boolean;
  /** Extra classes for the column's cells (width, nowrap). */
  className?: string;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers ("Awards, in sort order"). */
  caption: string;
  columns: Column<T>[];
  /** undefined while the first page loads (skeleton rows). */
  rows: T[] | undefined;
  rowKey(row: T): string;
  /** The list failed: says so above the table. */
  error?: Error | null;
  errorTitle?: string;
  /** Shown instead of the table when `rows` is empty: say what to do next. */
  empty: ReactNode;
  sort?: { key: string; dir: SortDir; onSort(key: string): void };
  /** Checkboxes per row and for the page, for bulk actions (the caller shows the actions). */
  selection?: { selected: ReadonlySet<string>; onChange(next: Set<string>): void; label(row: T): string };
  /** Below this width the table scrolls sideways inside its card (tablets); on phones (below `md`) rows are cards. */
  minWidth?: string;
  rowTestId?: string;
  /** While a new page or filter loads, the current rows stay, dimmed. */
  refreshing?: boolean;
}

/**
 * The admin area's one table (issue 14; Shopify/Medusa-style lists): a caption, column headers that sort
 * through the URL (aria-sort), optional row selection for bulk actions, skeleton rows while loading, the
 * caller's empty state and an error notice. Rows, filters and pages come from the caller.
 *
 * Below `md` (phones) the same table reads as stacked cards: one card a row, the row header as its title, each other
 * cell under its column's name (CSS generated from data-label), the sortable headers as a row of sort buttons above
 * the cards; nothing scrolls sideways (docs/decisions/120). Wider, it is the dense table of docs/decisions/100.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, error, errorTitle, empty, sort, selection, minWidth = '44rem', rowTestId, refreshing }: DataTableProps<T>) {
  if (error) {
    return (
      <Notice tone="error" title={errorTitle ?? 'The list did not load'} className="mt-4">
        {error.message}
      </Notice>
    );
  }
  if (!rows) {
    return (
      <div className="mt-4 space-y-2" aria-busy="true" aria-label={`Loading ${caption.toLowerCase()}`}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <div className="mt-4">{empty}</div>;

  const keys = rows.map(rowKey);
  const allOnPage = selection ? keys.every((k) => selection.selected.has(k)) : false;
  const someOnPage = selection ? keys.some((k) => selection.selected.has(k)) : false;
  const togglePage = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const k of keys) {
      if (allOnPage) next.delete(k);
      else next.add(k);
    }
    selection.onChange(next);
  };

  // `relative`: the screen-reader text in cells (", sort") is absolutely positioned; without a positioned ancestor it
  // escapes the scrolling box and widens the whole page on a phone.
  return (
    <SideScroll
      label={caption}
      className={cn(
        'relative mt-4 overflow-x-auto rounded-2xl border border-line bg-white shadow-card transition-opacity max-md:overflow-x-visible max-md:border-0 max-md:bg-transparent max-md:shadow-none',
        refreshing && 'opacity-60',
      )}
      busy={refreshing}
    >
      <table className="w-full text-left text-sm max-md:block md:min-w-(--table-min-width)" style={{ '--table-min-width': minWidth } as CSSProperties}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-paper-dark/60 text-xs tracking-wide text-ink-soft uppercase max-md:block max-md:bg-transparent">
          <tr className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-2">
            {selection ? (
              <th scope="col" className="w-10 px-4 py-3 max-md:w-auto max-md:rounded-full max-md:border max-md:border-line max-md:bg-white max-md:px-3 max-md:py-2">
                <input
                  type="checkbox"
                  aria-label="Select every row on this page"
                  checked={allOnPage}
                  ref={(el) => {
                    if (el) el.indeterminate = someOnPage && !allOnPage;
                  }}
                  onChange={togglePage}
                  className="size-4 accent-brand-600"
                />
              </th>
            ) : null}
            {columns.map((c) => {
              const active = sort && c.sort && sort.key === c.sort;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn(
                    'px-4 py-3 font-semibold',
                    c.align === 'right' && 'text-right',
                    c.className,
                    // Phones: only the sort buttons show, as pills above the cards; the other names label each card's cells.
                    sort && c.sort ? 'max-md:p-0' : 'max-md:sr-only',
                  )}
                >
                  {sort && c.sort ? (
                    <button
                      type="button"
                      onClick={() => sort.onSort(c.sort!)}
                      className={cn(
                        'inline-flex items-center gap-1 uppercase hover:text-ink focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none max-md:min-h-9 max-md:rounded-full max-md:border max-md:border-line max-md:bg-white max-md:px-3',
                        active && 'text-ink max-md:border-ink',
                      )}
                    >
                      {c.header}
                      {active ? (
                        sort.dir === 'asc' ? (
                          <ArrowUp className="size-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowDown className="size-3.5" aria-hidden="true" />
                        )
                      ) : (
                        <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                      )}
                      <span className="sr-only">, sort</span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-line max-md:mt-3 max-md:block max-md:space-y-3 max-md:divide-y-0">
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr
                key={key}
                className={cn(
                  'hover:bg-paper max-md:relative max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4 max-md:shadow-card',
                  selection?.selected.has(key) && 'bg-brand-50/60 max-md:bg-brand-50',
                )}
                data-testid={rowTestId}
              >
                {selection ? (
                  <td className="px-4 py-3 max-md:absolute max-md:top-3 max-md:right-3 max-md:p-1">
                    <input
                      type="checkbox"
                      aria-label={`Select ${selection.label(row)}`}
                      checked={selection.selected.has(key)}
                      onChange={() => {
                        const next = new Set(selection.selected);
                        if (next.has(key)) next.delete(key);
                        else next.add(key);
                        selection.onChange(next);
                      }}
                      className="size-4 accent-brand-600"
                    />
                  </td>
                ) : null}
                {columns.map((c) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={c.key}
                      {...(c.rowHeader ? { scope: 'row' } : { 'data-label': c.header })}
                      className={cn(
                        'px-4 py-3 align-middle font-normal',
                        c.align === 'right' && 'text-right tabular-nums',
                        c.className,
                        c.rowHeader ? cn(rowHeaderCard, selection && 'max-md:pr-10') : labelledCard,
                      )}
                    >
                      {c.rowHeader ? c.cell(row) : <div className="min-w-0 max-md:text-right max-md:[overflow-wrap:anywhere]">{c.cell(row)}</div>}
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </SideScroll>
  );
}

/**
 * The table's box: it scrolls sideways when the table is wider than the screen (tablets, narrow windows), and only
 * then is it a named region a keyboard can focus and scroll (a list whose rows hold no link or button would otherwise
 * be out of a keyboard's reach: axe's scrollable-region-focusable).
 */
function SideScroll({ label, className, busy, children }: { label: string; className: string; busy: boolean | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={cn(className, 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600')}
      aria-busy={busy || undefined}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
