import { ChevronLeft, ChevronRight, Globe2, Lock, Search, X } from 'lucide-react';
import { useId } from 'react';
import type { AdminNomination } from '@/contract/nominations';
import { StatusBadge } from '@/web/components/certificates/status-badge';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { Button } from '@/web/components/ui/button';
import { useDebouncedSearchParam, useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { useAwards } from '@/web/lib/api/get-awards';
import { useAdminNominations, type AdminNominationFilter } from '../api/get-nominations';
import { AdminNominationSheet } from './admin-nomination-sheet';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const STATUSES = ['pending', 'claimed', 'declined', 'hidden'] as const;
const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = { pending: 'Awaiting reply', claimed: 'Accepted', declined: 'Declined', hidden: 'Hidden' };
const FILTER_KEYS = ['search', 'status', 'award_id', 'visibility', 'from', 'to'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const control =
  'block h-11 w-full rounded-xl border border-line bg-white px-3 text-sm shadow-sm focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none';

/** /admin/nominations: search and filter, open one in a side sheet, hide/unhide, resend, delete. */
export function NominationsAdmin() {
  const [params, setParams] = useUrlParams();
  // The search box writes the URL after a short pause (shareable, back-button friendly); new results start at page 1.
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ resets: ['page'] });
  const status = STATUSES.find((s) => s === params.get('status'));
  const visibility = params.get('visibility') === 'public' || params.get('visibility') === 'private' ? (params.get('visibility') as 'public' | 'private') : undefined;
  const awardId = params.get('award_id') ?? undefined;
  const from = ISO_DATE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = ISO_DATE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = params.get('id');
  const ids = useId();
  const awards = useAwards();

  const filter: AdminNominationFilter = { search: search || undefined, status, award_id: awardId, visibility, from, to, page };
  const list = useAdminNominations(filter);

  const update = (changes: Record<string, string | undefined>, resetPage = true) => setParams(resetPage ? { ...changes, page: undefined } : changes);

  const filtered = FILTER_KEYS.some((k) => params.get(k));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const open = (id: string) => update({ id }, false);
  const columns: Column<AdminNomination>[] = [
    {
      key: 'nominee',
      header: 'Nominee',
      rowHeader: true,
      className: 'md:max-w-[14rem]',
      cell: (n) => (
        <>
          <span className="flex items-center gap-1.5 font-semibold wrap-anywhere text-ink">
            {n.is_public ? <Globe2 className="size-3.5 shrink-0 text-muted" aria-label="Public" /> : <Lock className="size-3.5 shrink-0 text-muted" aria-label="Private" />}
            {n.nominee_name}
          </span>
          <span className="block truncate text-sm font-normal text-muted">{n.nominee_email ?? n.certificate_number}</span>
        </>
      ),
    },
    { key: 'award', header: 'Award', className: 'md:max-w-[14rem]', cell: (n) => n.award.title },
    {
      key: 'status',
      header: 'Status',
      cell: (n) => (
        <span className="inline-flex flex-wrap gap-1">
          <StatusBadge status={n.status} />
          {n.hidden ? <StatusBadge status="hidden" /> : null}
        </span>
      ),
    },
    { key: 'from', header: 'From', className: 'md:max-w-[10rem] md:truncate', cell: (n) => n.nominator_name },
    { key: 'created', header: 'Created', className: 'md:whitespace-nowrap', cell: (n) => day.format(new Date(n.created_at)) },
    {
      key: 'open',
      header: 'Open',
      align: 'right',
      cell: (n) => (
        <Button size="sm" variant="outline" onClick={() => open(n.id)} aria-label={`Open ${n.certificate_number} (${n.nominee_name})`}>
          Open
        </Button>
      ),
    },
  ];

  return (
    <section>
      <h1 className="text-3xl font-semibold sm:text-4xl">Nominations</h1>
      <p className="mt-2 text-ink-soft">Search, open, hide, restore and resend. Every action is written to the audit log.</p>

      <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-6 grid gap-3 rounded-3xl border border-line bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-6">
        <div className="relative sm:col-span-2 lg:col-span-6">
          <label htmlFor={`${ids}-q`} className="sr-only">
            Search nominations
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <input
            id={`${ids}-q`}
            type="search"
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Search names, emails, reasons, certificate numbers"
            className="block h-11 w-full rounded-xl border border-line bg-paper pr-4 pl-10 text-base focus:border-ink focus:ring-4 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        <div className="lg:col-span-1">
          <label htmlFor={`${ids}-status`} className="block text-xs font-semibold text-ink-soft">
            Status
          </label>
          <select id={`${ids}-status`} value={status ?? ''} onChange={(e) => update({ status: e.target.value || undefined })} className={`${control} mt-1`}>
            <option value="">Any status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:col-span-2">
          <label htmlFor={`${ids}-award`} className="block text-xs font-semibold text-ink-soft">
            Award
          </label>
          <select id={`${ids}-award`} value={awardId ?? ''} onChange={(e) => update({ award_id: e.target.value || undefined })} className={`${control} mt-1`}>
            <option value="">Any award</option>
            {(awards.data ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:col-span-1">
          <label htmlFor={`${ids}-vis`} className="block text-xs font-semibold text-ink-soft">
            Visibility
          </label>
          <select id={`${ids}-vis`} value={visibility ?? ''} onChange={(e) => update({ visibility: e.target.value || undefined })} className={`${control} mt-1`}>
            <option value="">Any</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
        </div>
        <div className="lg:col-span-1">
          <label htmlFor={`${ids}-from`} className="block text-xs font-semibold text-ink-soft">
            From
          </label>
          <input id={`${ids}-from`} type="date" value={from ?? ''} max={to} onChange={(e) => update({ from: e.target.value || undefined })} className={`${control} mt-1`} />
        </div>
        <div className="lg:col-span-1">
          <label htmlFor={`${ids}-to`} className="block text-xs font-semibold text-ink-soft">
            To
          </label>
          <input id={`${ids}-to`} type="date" value={to ?? ''} min={from} onChange={(e) => update({ to: e.target.value || undefined })} className={`${control} mt-1`} />
        </div>
      </form>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {data ? `${data.total} ${data.total === 1 ? 'nomination' : 'nominations'}${filtered ? ' match' : ''}` : 'Loading...'}
        </p>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft('');
              update(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));
            }}
          >
            <X aria-hidden="true" /> Clear filters
          </Button>
        ) : null}
      </div>

      <DataTable
        caption="Nominations, newest first"
        columns={columns}
        rows={data?.nominations}
        rowKey={(n) => n.id}
        error={list.isError ? list.error : null}
        errorTitle="The nominations did not load"
        refreshing={list.isPlaceholderData}
        rowTestId="admin-nomination-row"
        empty={
          <div className="rounded-3xl border border-dashed border-line bg-white p-10 text-center">
            <p className="font-display text-xl font-semibold">{filtered ? 'No nomination matches' : 'Nothing to moderate'}</p>
            <p className="mt-1 text-sm text-ink-soft">{filtered ? 'Loosen a filter or clear them all.' : 'No nominations yet. Enjoy the quiet while it lasts.'}</p>
          </div>
        }
      />

      {data && pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => update({ page: String(page - 1) }, false)}>
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) }, false)}>
            Next <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <AdminNominationSheet id={openId} onClose={() => update({ id: undefined }, false)} />
    </section>
  );
}
