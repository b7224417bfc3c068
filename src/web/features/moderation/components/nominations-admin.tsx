import { ChevronLeft, ChevronRight, Globe2, Lock, X } from 'lucide-react';
import type { AdminNomination } from '@/contract/nominations';
import { StatusBadge } from '@/web/components/certificates/status-badge';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { DateField, FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { SelectField } from '@/web/components/ui/select-field';
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

      <FilterBar label="Filter nominations" columns="lg:grid-cols-6">
        <SearchField
          label="Search nominations"
          value={draft}
          onChange={setDraft}
          maxLength={100}
          placeholder="Search names, emails, reasons, certificate numbers"
          className="sm:col-span-2 lg:col-span-6"
        />
        <SelectField
          label="Status"
          placeholder="Any status"
          options={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || undefined })}
        />
        <SelectField
          label="Award"
          placeholder="Any award"
          options={(awards.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
          value={awardId ?? ''}
          onChange={(e) => update({ award_id: e.target.value || undefined })}
          className="lg:col-span-2"
        />
        <SelectField
          label="Visibility"
          placeholder="Any"
          options={[
            { value: 'public', label: 'Public' },
            { value: 'private', label: 'Private' },
          ]}
          value={visibility ?? ''}
          onChange={(e) => update({ visibility: e.target.value || undefined })}
        />
        <DateField label="From" value={from ?? ''} max={to} onChange={(v) => update({ from: v || undefined })} />
        <DateField label="To" value={to ?? ''} min={from} onChange={(v) => update({ to: v || undefined })} />
      </FilterBar>

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
