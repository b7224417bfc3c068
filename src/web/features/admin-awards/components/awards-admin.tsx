import { ArrowDown, ArrowUp, Download, ImageOff, Plus, Trophy, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ADMIN_AWARD_SORTS, type AdminAward, type AdminAwardSort } from '@/contract/admin-awards';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { ConfirmDialog } from '@/web/components/admin/confirm-dialog';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { FilterBar, NumberField, SearchField } from '@/web/components/admin/filter-fields';
import { Pagination } from '@/web/components/admin/pagination';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { Button } from '@/web/components/ui/button';
import { SelectField } from '@/web/components/ui/select-field';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { useAdminCategories } from '@/web/lib/api/get-admin-categories';
import { useAwardChange } from '../api/award-changes';
import { exportAwards } from '../api/export-awards';
import { useAdminAwards } from '../api/get-admin-awards';
import { AwardSheet } from './award-sheet';
import { CategoryBadge, StatusBadge } from './badges';
import { ImportDialog } from './import-dialog';

const updated = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const wholeNumber = (v: string | null) => (v !== null && /^-?\d{1,10}$/.test(v) ? Number(v) : undefined);
const moveButton =
  'inline-flex size-8 items-center justify-center rounded-full text-ink hover:bg-paper-dark focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-50';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/awards (issue 14, docs/decisions/101): every award in a table with search, category, status and sort-order
 * filters, sorting and pages in the URL; a row opens the award in a panel (?award=, ?award=new); bulk activation;
 * move up/down within a category; CSV export (of what the filters show) and import with a preview.
 */
export function AwardsAdmin() {
  const { params, setParams, page, setPage, sort, dir, toggleSort } = useTableParams<AdminAwardSort>({ sorts: ADMIN_AWARD_SORTS, defaultSort: 'sort_order' });
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'search', resets: ['page'] });
  const categoryParam = params.get('category');
  const category = categoryParam === 'none' || (categoryParam && UUID.test(categoryParam)) ? categoryParam : undefined;
  const statusParam = params.get('status');
  const status = statusParam === 'active' ? 'true' : statusParam === 'inactive' ? 'false' : undefined;
  let min = wholeNumber(params.get('min'));
  let max = wholeNumber(params.get('max'));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const filter = { search: search || undefined, category_id: category, is_active: status as 'true' | 'false' | undefined, min_sort_order: min, max_sort_order: max };
  const awards = useAdminAwards({ ...filter, sort: sort === 'sort_order' ? undefined : sort, dir: sort === 'sort_order' && dir === 'asc' ? undefined : dir, page });
  const categories = useAdminCategories();
  const change = useAwardChange();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<boolean | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const open = params.get('award');
  const data = awards.data;
  const filtered = Boolean(search || category || status || min !== undefined || max !== undefined);
  const canMove = sort === 'sort_order' && !filtered;

  useEffect(() => {
    if (awards.isError) toast({ title: 'Failed to fetch awards', description: awards.error.message, variant: 'destructive' });
  }, [awards.isError, awards.error]);

  const move = (a: AdminAward, direction: 'up' | 'down') =>
    change.mutate(
      { kind: 'move', id: a.id, direction },
      { onError: (err) => toast({ title: 'Failed to update award', description: err.message, variant: 'destructive' }) },
    );

  const columns: Column<AdminAward>[] = [
    {
      key: 'title',
      header: 'Award',
      sort: 'title',
      rowHeader: true,
      cell: (a) => (
        <span className="flex items-center gap-3">
          {a.image_url ? (
            <img src={a.image_url} alt="" className="size-9 shrink-0 rounded-lg border border-line bg-paper object-contain" loading="lazy" />
          ) : (
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-dashed border-line text-muted">
              <ImageOff className="size-4" aria-hidden="true" />
            </span>
          )}
          <span className="min-w-0">
            <button
              type="button"
              className="text-left font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
              onClick={() => setParams({ award: a.id }, { push: true })}
            >
              {a.title}
            </button>
            <span className="block truncate text-xs text-muted">{a.tagline ?? a.slug}</span>
          </span>
        </span>
      ),
    },
    { key: 'category', header: 'Category', sort: 'category', className: 'text-sm', cell: (a) => <CategoryBadge category={a.category} /> },
    { key: 'status', header: 'Status', cell: (a) => <StatusBadge active={a.is_active} /> },
    {
      key: 'order',
      header: 'Order',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (a) => (
        <span className="inline-flex items-center gap-0.5">
          <span className="mr-1 tabular-nums">{a.sort_order}</span>
          {canMove ? (
            <>
              <button type="button" className={moveButton} aria-label={`Move ${a.title} up`} disabled={change.isPending} onClick={() => move(a, 'up')}>
                <ArrowUp className="size-4" aria-hidden="true" />
              </button>
              <button type="button" className={moveButton} aria-label={`Move ${a.title} down`} disabled={change.isPending} onClick={() => move(a, 'down')}>
                <ArrowDown className="size-4" aria-hidden="true" />
              </button>
            </>
          ) : null}
        </span>
      ),
    },
    { key: 'updated', header: 'Updated', sort: 'updated', className: 'hidden whitespace-nowrap text-muted 2xl:table-cell', cell: (a) => updated.format(new Date(a.updated_at)) },
  ];

  const runBulk = () => {
    if (bulk === null) return;
    change.mutate(
      { kind: 'bulk', ids: [...selected], is_active: bulk },
      {
        onSuccess: (r) => {
          const n = (r as { updated: number }).updated;
          toast({ title: `${n} award${n === 1 ? '' : 's'} ${bulk ? 'activated' : 'deactivated'}`, variant: 'success' });
          setSelected(new Set());
          setBulk(null);
        },
        onError: (err) => toast({ title: 'Failed to update award', description: err.message, variant: 'destructive' }),
      },
    );
  };

  const runExport = async () => {
    setExporting(true);
    try {
      await exportAwards(filter);
    } catch (err) {
      toast({ title: 'Failed to export awards', description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section>
      <AdminPageHeader
        title="Awards"
        lead="Every award, shown or not. Changes reach the public gallery at once and are written to each award's history."
        actions={
          <>
            <Button variant="outline" onClick={() => void runExport()} disabled={exporting} title="Exports the awards these filters show">
              <Download aria-hidden="true" /> {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" /> Import CSV
            </Button>
            <Button onClick={() => setParams({ award: 'new' }, { push: true })}>
              <Plus aria-hidden="true" /> New award
            </Button>
          </>
        }
      />

      <FilterBar label="Filter awards" columns="lg:grid-cols-[2fr_1.2fr_1fr_0.8fr_0.8fr]">
        <SearchField label="Search" value={draft} onChange={setDraft} placeholder="Title, description or tagline" />
        <SelectField
          label="Category"
          placeholder="Any category"
          options={[{ value: 'none', label: 'No category (Other Awards)' }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.is_active ? c.name : `${c.name} (hidden)` }))]}
          value={category ?? ''}
          onChange={(e) => setParams({ category: e.target.value || undefined, page: undefined })}
        />
        <SelectField
          label="Status"
          placeholder="Any status"
          options={[
            { value: 'active', label: 'Active (in the gallery)' },
            { value: 'inactive', label: 'Inactive (hidden)' },
          ]}
          value={statusParam === 'active' || statusParam === 'inactive' ? statusParam : ''}
          onChange={(e) => setParams({ status: e.target.value || undefined, page: undefined })}
        />
        <NumberField label="Sort order from" value={params.get('min') ?? ''} onChange={(v) => setParams({ min: v || undefined, page: undefined })} />
        <NumberField label="to" value={params.get('max') ?? ''} onChange={(v) => setParams({ max: v || undefined, page: undefined })} />
      </FilterBar>

      <div className="mt-4 flex min-h-10 flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {data ? `${data.total} ${data.total === 1 ? 'award' : 'awards'}${filtered ? ' matching these filters' : ''}` : 'Loading...'}
          {data && !canMove && data.total > 1 ? ' · Clear the filters and sort by order to move awards up and down.' : ''}
        </p>
        {selected.size ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="With the selected awards">
            <span className="text-sm font-semibold">{selected.size} selected</span>
            <Button size="sm" variant="outline" onClick={() => setBulk(true)}>
              Activate
            </Button>
            <Button size="sm" variant="outline" onClick={() => setBulk(false)}>
              Deactivate
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        ) : null}
      </div>

      <DataTable
        caption="Awards"
        columns={columns}
        rows={data?.awards}
        rowKey={(a) => a.id}
        error={awards.isError ? awards.error : null}
        errorTitle="Failed to fetch awards"
        refreshing={awards.isPlaceholderData}
        rowTestId="admin-award-row"
        sort={{ key: sort, dir, onSort: toggleSort }}
        selection={{ selected, onChange: setSelected, label: (a) => a.title }}
        minWidth="48rem"
        empty={
          <EmptyState
            icon={Trophy}
            title={filtered ? 'No award matches' : 'No awards yet'}
            action={
              filtered ? undefined : (
                <Button onClick={() => setParams({ award: 'new' }, { push: true })}>
                  <Plus aria-hidden="true" /> New award
                </Button>
              )
            }
          >
            {filtered ? 'Try another search or clear the filters.' : 'Create the first one, or import a CSV file.'}
          </EmptyState>
        }
      />
      {data ? <Pagination page={page} pageSize={data.page_size} total={data.total} onPage={setPage} noun="awards" /> : null}

      <ConfirmDialog
        open={bulk !== null}
        title={bulk ? `Activate ${selected.size} award${selected.size === 1 ? '' : 's'}?` : `Deactivate ${selected.size} award${selected.size === 1 ? '' : 's'}?`}
        description={
          bulk
            ? 'They appear in the public gallery straight away.'
            : 'They leave the public gallery straight away. Certificates, quiz results and orders that already carry them keep them.'
        }
        confirmLabel={bulk ? `Activate ${selected.size}` : `Deactivate ${selected.size}`}
        pending={change.isPending}
        onConfirm={runBulk}
        onCancel={() => setBulk(null)}
      />
      <ImportDialog open={importing} onOpenChange={setImporting} />
      <AwardSheet id={open} categories={categories.data ?? []} onOpen={(id) => setParams({ award: id }, { push: false })} onClose={() => setParams({ award: undefined }, { push: true })} />
    </section>
  );
}
