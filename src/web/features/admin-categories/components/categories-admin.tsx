import { Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_CATEGORY_SORTS, type AdminCategory } from '@/contract/admin-awards';
import { FALLBACK_CATEGORY_COLOR } from '@/contract/catalog-constants';
import { countOf } from '@/contract/format';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { Button } from '@/web/components/ui/button';
import { SelectField } from '@/web/components/ui/select-field';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { useAdminCategories } from '@/web/lib/api/get-admin-categories';
import { textLink } from '@/web/lib/styles';
import { CategoryDialog } from './category-dialog';
import { DeleteCategoryDialog } from './delete-category-dialog';

/**
 * /admin/categories (issue 14, docs/decisions/101): name, colour (fallback #6366f1), active flag, sort order and the
 * keywords that file new awards; search, status and sorting in the URL; deleting asks where the awards go.
 */
export function CategoriesAdmin() {
  const { params, setParams, sort, dir, toggleSort } = useTableParams({ sorts: ADMIN_CATEGORY_SORTS, defaultSort: 'sort_order' });
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'search' });
  const statusParam = params.get('status');
  const status = statusParam === 'active' ? 'true' : statusParam === 'inactive' ? 'false' : undefined;
  const list = useAdminCategories({ search: search || undefined, is_active: status, sort: sort === 'sort_order' ? undefined : sort, dir: sort === 'sort_order' && dir === 'asc' ? undefined : dir });
  const all = useAdminCategories();
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const filtered = Boolean(search || status);

  useEffect(() => {
    if (list.isError) toast({ title: 'Failed to fetch categories', description: list.error.message, variant: 'destructive' });
  }, [list.isError, list.error]);

  const columns: Column<AdminCategory>[] = [
    {
      key: 'name',
      header: 'Category',
      sort: 'name',
      rowHeader: true,
      cell: (c) => (
        <span className="flex items-center gap-3">
          <span className="size-4 shrink-0 rounded-full border border-ink/10" style={{ background: c.color ?? FALLBACK_CATEGORY_COLOR }} aria-hidden="true" />
          <span className="min-w-0">
            <span className="block font-semibold">{c.name}</span>
            <span className="block truncate text-xs text-muted">
              {c.slug}
              {c.color ? '' : ` · fallback colour ${FALLBACK_CATEGORY_COLOR}`}
            </span>
          </span>
        </span>
      ),
    },
    {
      key: 'keywords',
      header: 'Keywords',
      className: 'max-w-64 text-xs text-ink-soft',
      cell: (c) => (c.keywords.length ? <span className="line-clamp-2" title={c.keywords.join(', ')}>{c.keywords.join(', ')}</span> : <span className="text-muted">none</span>),
    },
    {
      key: 'awards',
      header: 'Awards',
      sort: 'awards',
      align: 'right',
      cell: (c) => (
        <Link to={`/admin/awards?category=${c.id}`} className={textLink} aria-label={`${countOf(c.award_count, 'award', 'awards')} in ${c.name}`}>
          {c.award_count}
        </Link>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) =>
        c.is_active ? (
          <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-700/20">Active</span>
        ) : (
          <span className="rounded-full bg-paper-dark px-2.5 py-0.5 text-xs font-semibold text-ink-soft ring-1 ring-line">Inactive</span>
        ),
    },
    { key: 'order', header: 'Order', sort: 'sort_order', align: 'right', cell: (c) => c.sort_order },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <span className="inline-flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section>
      <AdminPageHeader
        title="Categories"
        lead="The gallery's groups, in this order, each with its badge colour. Awards without a category show under Other Awards."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> New category
          </Button>
        }
      />
      <FilterBar label="Filter categories" columns="lg:grid-cols-[2fr_1fr]">
        <SearchField label="Search" value={draft} onChange={setDraft} placeholder="Name, slug or description" />
        <SelectField
          label="Status"
          placeholder="Any status"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={statusParam === 'active' || statusParam === 'inactive' ? statusParam : ''}
          onChange={(e) => setParams({ status: e.target.value || undefined })}
        />
      </FilterBar>
      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {list.data ? `${list.data.length} ${list.data.length === 1 ? 'category' : 'categories'}${filtered ? ' matching these filters' : ''}` : 'Loading...'}
      </p>
      <DataTable
        caption="Categories"
        columns={columns}
        rows={list.data}
        rowKey={(c) => c.id}
        error={list.isError ? list.error : null}
        errorTitle="The categories did not load"
        refreshing={list.isPlaceholderData}
        rowTestId="admin-category-row"
        sort={{ key: sort, dir, onSort: toggleSort }}
        empty={
          <EmptyState icon={Tags} title={filtered ? 'No category matches' : 'No categories yet'}>
            {filtered ? 'Try another search or clear the filters.' : 'Create one to group the gallery.'}
          </EmptyState>
        }
      />
      <CategoryDialog category={editing} onClose={() => setEditing(null)} />
      <DeleteCategoryDialog category={deleting} categories={all.data ?? []} onClose={() => setDeleting(null)} />
    </section>
  );
}
