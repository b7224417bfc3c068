import { ExternalLink, Megaphone, Plus } from 'lucide-react';
import { Link } from 'react-router';
import {
  LANDING_CTA_KIND_LABELS,
  LANDING_PAGE_STATUS_LABELS,
  LANDING_PAGE_STATUSES,
  LANDING_SORTS,
  type AdminLandingPageSummary,
  type LandingPageStatus,
} from '@/contract/landing-pages';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { Pagination } from '@/web/components/admin/pagination';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { buttonVariants } from '@/web/components/ui/button';
import { SelectField } from '@/web/components/ui/select-field';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { useLandingPages } from '../api/get-landing-pages';
import { LandingPageStatusBadge } from './landing-page-status-badge';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The editor of one page (or a new one). */
export const editorPath = (id: string | 'new') => `/admin/landing-pages/${id}`;

/**
 * /admin/landing-pages: every campaign page, with search, a status filter, sorting and pages in the URL (the admin
 * list kit, decision 100). A row opens the editor; a published page links to its public address.
 */
export function LandingPagesAdmin() {
  const { params, setParams, page, setPage, sort, dir, toggleSort } = useTableParams({ sorts: LANDING_SORTS, defaultSort: 'updated', defaultDir: 'desc' });
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'q', resets: ['page'] });
  const statusParam = params.get('status');
  const status = (LANDING_PAGE_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as LandingPageStatus) : undefined;
  const list = useLandingPages({ q: search || undefined, status, sort, dir, page });
  const data = list.data;
  const filtered = Boolean(search || status);

  const columns: Column<AdminLandingPageSummary>[] = [
    {
      key: 'title',
      header: 'Page',
      sort: 'title',
      rowHeader: true,
      cell: (p) => (
        <>
          <Link
            to={editorPath(p.id)}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
          >
            {p.title}
          </Link>
          <span className="block font-mono text-xs text-muted">{p.path}</span>
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: (p) => <LandingPageStatusBadge status={p.status} /> },
    {
      key: 'cta',
      header: 'Button leads to',
      cell: (p) => (
        <>
          <span className="block">{p.cta_target ?? <span className="text-brand-700">Target gone: choose another</span>}</span>
          <span className="block text-xs text-muted">{LANDING_CTA_KIND_LABELS[p.cta_kind]}</span>
        </>
      ),
    },
    {
      key: 'updated',
      header: 'Updated',
      sort: 'updated',
      className: 'whitespace-nowrap',
      cell: (p) => (
        <>
          <span className="block">{dateTime.format(new Date(p.updated_at))}</span>
          {p.updated_by ? <span className="block text-xs text-muted">by {p.updated_by}</span> : null}
        </>
      ),
    },
    {
      key: 'published',
      header: 'Published',
      sort: 'published',
      className: 'whitespace-nowrap',
      cell: (p) =>
        p.published_at ? (
          <>
            <span className="block">{dateTime.format(new Date(p.published_at))}</span>
            <a href={p.path} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline">
              View page <ExternalLink className="size-3" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
  ];

  const create = (
    <Link to={editorPath('new')} className={buttonVariants()}>
      <Plus aria-hidden="true" /> New landing page
    </Link>
  );

  return (
    <section>
      <AdminPageHeader
        title="Landing Pages"
        lead="Campaign pages for seasons, teams and in-jokes, each with a button to an award or the store. Published pages live at /l/… and in the sitemap; every change is written to the audit log."
        actions={create}
      />

      <FilterBar label="Filter landing pages" columns="lg:grid-cols-[2fr_1fr]">
        <SearchField label="Search" value={draft} onChange={setDraft} placeholder="Title or address" />
        <SelectField
          label="Status"
          placeholder="Any status"
          options={LANDING_PAGE_STATUSES.map((s) => ({ value: s, label: LANDING_PAGE_STATUS_LABELS[s] }))}
          value={status ?? ''}
          onChange={(e) => setParams({ status: e.target.value || undefined, page: undefined })}
        />
      </FilterBar>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'page' : 'pages'}${filtered ? ' matching these filters' : ''}` : 'Loading...'}
      </p>

      <DataTable
        caption="Landing pages"
        columns={columns}
        rows={data?.landing_pages}
        rowKey={(p) => p.id}
        sort={{ key: sort, dir, onSort: toggleSort }}
        error={list.isError ? list.error : null}
        errorTitle="The landing pages did not load"
        refreshing={list.isPlaceholderData}
        rowTestId="admin-landing-row"
        empty={
          filtered ? (
            <EmptyState icon={Megaphone} title="No page matches">
              Try another search or clear the filters.
            </EmptyState>
          ) : (
            <EmptyState
              icon={Megaphone}
              title="No landing pages yet"
              action={
                <Link to={editorPath('new')} className={buttonVariants()}>
                  <Plus aria-hidden="true" /> Create the first landing page
                </Link>
              }
            >
              A landing page is a campaign in one address: a headline, a few sections in Markdown and a button to an award or the store. Write
              it as a draft, preview it, publish it when it is ready.
            </EmptyState>
          )
        }
      />
      {data ? <Pagination page={page} pageSize={data.page_size} total={data.total} onPage={setPage} noun="pages" /> : null}
    </section>
  );
}
