import { ScrollText, ShieldAlert } from 'lucide-react';
import { AUDIT_KINDS, type AuditEntrySummary, type AuditKind } from '@/contract/admin-audit';
import { AdminPageHeader } from '@/web/components/admin/admin-page-header';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { EmptyState } from '@/web/components/admin/empty-state';
import { DateField, FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { Pagination } from '@/web/components/admin/pagination';
import { useTableParams } from '@/web/components/admin/use-table-params';
import { Button } from '@/web/components/ui/button';
import { SelectField } from '@/web/components/ui/select-field';
import { useDebouncedSearchParam } from '@/web/hooks/use-debounced-search-param';
import { useAudit } from '../api/get-audit';
import { AuditEntrySheet } from './audit-entry-sheet';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const KIND_LABELS: Record<AuditKind, string> = { admin: 'Admin actions', security: 'Security events' };
const FILTER_KEYS = ['kind', 'actor', 'entity_type', 'action', 'from', 'to'] as const;

/** `settings.updated` → "settings updated"; `failed_login` → "failed login". */
export const actionLabel = (action: string) => action.replace(/[._]/g, ' ');

/**
 * /admin/audit (issue 14, docs/decisions/104): every admin action and security event, newest first, with filters and
 * the page in the URL; a row opens its entry (?entry=) with before → after. Entity types and actions come from the
 * log itself, so a new module's rows appear here without a line of code.
 */
export function AuditLog() {
  const { params, setParams, page, setPage } = useTableParams({ sorts: ['created'], defaultSort: 'created', defaultDir: 'desc' });
  const { text: actorDraft, setText: setActorDraft, search: actor } = useDebouncedSearchParam({ name: 'actor', resets: ['page'] });
  const kindParam = params.get('kind');
  const kind = (AUDIT_KINDS as readonly string[]).includes(kindParam ?? '') ? (kindParam as AuditKind) : undefined;
  const entityType = params.get('entity_type') || undefined;
  const action = params.get('action') || undefined;
  const from = isDate(params.get('from'));
  const to = isDate(params.get('to'));
  const open = params.get('entry');
  const audit = useAudit({ kind, actor: actor || undefined, entity_type: entityType, action, from, to, page });
  const data = audit.data;
  const filtered = FILTER_KEYS.some((k) => params.get(k));
  const set = (changes: Record<string, string | undefined>) => setParams({ ...changes, page: undefined });
  const facetOptions = (values: string[] | undefined, current: string | undefined) =>
    [...new Set([...(values ?? []), ...(current ? [current] : [])])].map((v) => ({ value: v, label: v }));

  const columns: Column<AuditEntrySummary>[] = [
    {
      key: 'when',
      header: 'When',
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (e) => (
        <button
          type="button"
          className="text-left font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
          onClick={() => setParams({ entry: e.id }, { push: true })}
        >
          {dateTime.format(new Date(e.created_at))}
          <span className="sr-only">, open this entry</span>
        </button>
      ),
    },
    {
      key: 'who',
      header: 'Who',
      cell: (e) => (
        <span className="block max-w-56 truncate" title={e.actor_email ?? undefined}>
          {e.actor_email ?? (e.kind === 'admin' ? <span className="text-muted">Operator (command line)</span> : <span className="text-muted">—</span>)}
        </span>
      ),
    },
    {
      key: 'what',
      header: 'What',
      cell: (e) => (
        <>
          <span className="inline-flex items-center gap-1.5 font-semibold">
            {e.kind === 'security' ? <ShieldAlert className="size-4 text-brand-700" aria-label="Security event" /> : null}
            {actionLabel(e.action)}
          </span>
          {e.entity_type ? (
            <span className="block text-xs text-muted">
              {e.entity_type}
              {e.entity_id ? ` · ${e.entity_id.length > 24 ? `${e.entity_id.slice(0, 8)}…` : e.entity_id}` : ''}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'changed',
      header: 'Changed',
      cell: (e) =>
        e.kind === 'security' ? (
          <span className="text-muted">{e.count > 1 ? `${e.count} times in the window` : 'once'}</span>
        ) : e.changed_fields.length ? (
          <span className="block max-w-64 truncate" title={e.changed_fields.join(', ')}>
            {e.changed_fields.join(', ')}
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    { key: 'ip', header: 'IP', className: 'whitespace-nowrap text-muted', cell: (e) => e.ip ?? '—' },
  ];

  return (
    <section>
      <AdminPageHeader title="Audit Log" lead="Every change an admin made, and every security event (failed sign-ins, rate limits), newest first. Open an entry to see what changed." />

      <FilterBar label="Filter the audit log" columns="lg:grid-cols-3">
        <SelectField
          label="Kind"
          placeholder="Everything"
          options={AUDIT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          value={kind ?? ''}
          onChange={(e) => set({ kind: e.target.value || undefined })}
        />
        <SearchField label="Who" value={actorDraft} onChange={setActorDraft} placeholder="Part of an email" />
        <SelectField
          label="Entity"
          placeholder="Any entity"
          options={facetOptions(data?.facets.entity_types, entityType)}
          value={entityType ?? ''}
          onChange={(e) => set({ entity_type: e.target.value || undefined })}
        />
        <SelectField label="Action" placeholder="Any action" options={facetOptions(data?.facets.actions, action)} value={action ?? ''} onChange={(e) => set({ action: e.target.value || undefined })} />
        <DateField label="From" value={from ?? ''} onChange={(v) => set({ from: v || undefined })} />
        <DateField label="To" value={to ?? ''} onChange={(v) => set({ to: v || undefined })} />
      </FilterBar>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" role="status" aria-live="polite">
          {data ? `${data.total} ${data.total === 1 ? 'entry' : 'entries'}${filtered ? ' matching these filters' : ''} · days in UTC` : 'Loading...'}
        </p>
        {filtered ? (
          <Button variant="link" size="sm" className="h-auto" onClick={() => setParams(Object.fromEntries([...FILTER_KEYS, 'page'].map((k) => [k, undefined])))}>
            Clear the filters
          </Button>
        ) : null}
      </div>

      <DataTable
        caption="Audit log, newest first"
        columns={columns}
        rows={data?.entries}
        rowKey={(e) => e.id}
        error={audit.isError ? audit.error : null}
        errorTitle="The audit log did not load"
        refreshing={audit.isPlaceholderData}
        rowTestId="audit-row"
        empty={
          <EmptyState icon={ScrollText} title={filtered ? 'Nothing matches' : 'Nothing recorded yet'}>
            {filtered ? 'Try a longer date range or clear the filters.' : 'Changes made in the admin area and security events appear here as they happen.'}
          </EmptyState>
        }
      />
      {data ? <Pagination page={page} pageSize={data.page_size} total={data.total} onPage={setPage} noun="entries" /> : null}

      <AuditEntrySheet id={open} onClose={() => setParams({ entry: undefined }, { push: true })} />
    </section>
  );
}
