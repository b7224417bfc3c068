import { Download, Users } from 'lucide-react';
import { Link } from 'react-router';
import { CRM_SORTS, type CrmContactSummary, type CrmContactsQuery, type CrmSort } from '@/contract/crm';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { Pagination } from '@/web/components/admin/pagination';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { buttonVariants } from '@/web/components/ui/button';
import { SelectField } from '@/web/components/ui/select-field';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { formatMoney } from '@/web/lib/money';
import { contactsCsvHref } from '../api/export-contacts-csv';
import { useContacts } from '../api/get-contacts';
import { useCrmTags } from '../api/get-tags';
import { contactHref, formatDay, formatWhen } from '../lib/crm-format';
import { ConsentBadge, TagChips } from './crm-badges';

const yesNo = (v: string | null) => (v === 'yes' || v === 'no' ? v : undefined);

/**
 * /admin/crm (docs/decisions/103): one row per address that nominated, was nominated with an email, bought or
 * reported a bug. Search, tag, consent and account filters, sorting and the page live in the URL; "Export CSV"
 * downloads the same filter and order.
 */
export function CrmAdmin() {
  const { params, setParams, page, setPage, sort, dir, toggleSort } = useTableParams<CrmSort>({ sorts: CRM_SORTS, defaultSort: 'last_activity', defaultDir: 'desc' });
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'q', resets: ['page'] });
  const tags = useCrmTags();
  const tag = params.get('tag') ?? undefined;
  const consent = yesNo(params.get('consent'));
  const account = yesNo(params.get('account'));
  const filter: Omit<CrmContactsQuery, 'page'> = { q: search || undefined, tag, consent, account, sort, dir };
  const contacts = useContacts({ ...filter, page });
  const data = contacts.data;
  const filtered = Boolean(search || tag || consent || account);

  const columns: Column<CrmContactSummary>[] = [
    {
      key: 'contact',
      header: 'Contact',
      sort: 'email',
      rowHeader: true,
      cell: (c) => (
        <Link
          to={contactHref(c.id)}
          className="group block rounded focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
          data-testid="crm-contact-link"
        >
          <span className="block font-semibold text-brand-700 underline-offset-4 [font-variant-ligatures:no-contextual] group-hover:underline">{c.name ?? c.email}</span>
          {c.name ? <span className="block break-all text-muted [font-variant-ligatures:no-contextual]">{c.email}</span> : null}
          {c.has_account ? <span className="mt-1 inline-block rounded-full bg-paper-dark px-2 py-0.5 text-xs font-semibold text-ink-soft">Account</span> : null}
        </Link>
      ),
    },
    { key: 'tags', header: 'Tags', cell: (c) => (c.tags.length ? <TagChips tags={c.tags} /> : <span className="text-muted">—</span>) },
    { key: 'consent', header: 'Consent', cell: (c) => <ConsentBadge granted={c.marketing_consent} /> },
    {
      key: 'nominations',
      header: 'Nominations',
      align: 'right',
      cell: (c) => (
        <span title="sent / received">
          {c.nominations_sent} / {c.nominations_received}
        </span>
      ),
    },
    { key: 'orders', header: 'Orders', sort: 'orders', align: 'right', cell: (c) => c.orders_count },
    { key: 'ltv', header: 'LTV', sort: 'ltv', align: 'right', cell: (c) => formatMoney(c.ltv, c.currency) },
    {
      key: 'last',
      header: 'Last activity',
      sort: 'last_activity',
      className: 'whitespace-nowrap',
      cell: (c) => (c.last_activity_at ? <time dateTime={c.last_activity_at} title={formatWhen(c.last_activity_at)}>{formatDay(c.last_activity_at)}</time> : '—'),
    },
  ];

  return (
    <section>
      <AdminPageHeader
        title="CRM"
        lead="Everyone who nominated, was nominated with an email, bought something or reported a bug — one row per address. Tags, consent and notes are yours; the counts follow the orders and nominations."
        actions={
          <a href={contactsCsvHref(filter)} download className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="crm-csv">
            <Download aria-hidden="true" /> Export CSV
          </a>
        }
      />

      <FilterBar label="Filter contacts" columns="lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchField label="Search" value={draft} onChange={setDraft} placeholder="Email or name" />
        <SelectField
          label="Tag"
          placeholder="Any tag"
          options={(tags.data?.tags ?? (tag ? [{ tag, count: 0 }] : [])).map((t) => ({ value: t.tag, label: t.count ? `${t.tag} (${t.count})` : t.tag }))}
          value={tag ?? ''}
          onChange={(e) => setParams({ tag: e.target.value || undefined, page: undefined })}
        />
        <SelectField
          label="Marketing consent"
          placeholder="Either"
          options={[
            { value: 'yes', label: 'Recorded' },
            { value: 'no', label: 'Not recorded' },
          ]}
          value={consent ?? ''}
          onChange={(e) => setParams({ consent: e.target.value || undefined, page: undefined })}
        />
        <SelectField
          label="Account"
          placeholder="Either"
          options={[
            { value: 'yes', label: 'Has an account' },
            { value: 'no', label: 'No account' },
          ]}
          value={account ?? ''}
          onChange={(e) => setParams({ account: e.target.value || undefined, page: undefined })}
        />
      </FilterBar>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'contact' : 'contacts'}${filtered ? ' matching these filters' : ''}` : 'Loading...'}
      </p>

      <DataTable
        caption="Contacts"
        columns={columns}
        rows={data?.contacts}
        rowKey={(c) => c.id}
        sort={{ key: sort, dir, onSort: toggleSort }}
        error={contacts.isError ? contacts.error : null}
        errorTitle="The contact list did not load"
        refreshing={contacts.isPlaceholderData}
        rowTestId="crm-row"
        minWidth="50rem"
        empty={
          <EmptyState icon={Users} title={filtered ? 'No contact matches' : 'No contacts yet'}>
            {filtered
              ? 'Try another search or clear the filters.'
              : 'Contacts appear here as soon as someone nominates a friend, gives a nominee’s email, places an order or reports a bug.'}
          </EmptyState>
        }
      />
      {data ? <Pagination page={page} pageSize={data.page_size} total={data.total} onPage={setPage} noun="contacts" /> : null}
    </section>
  );
}
