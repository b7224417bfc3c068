import { useState } from 'react';
import type { AuditEntry } from '@/contract/admin-audit';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { SideSheet } from '@/web/components/admin/side-sheet';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { useAuditEntry } from '../api/get-audit-entry';
import { diffRows, showValue, type DiffRow } from '../lib/diff';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'medium' });
const actionText = (action: string) => action.replace(/[._]/g, ' ');

const CHANGE_LABEL: Record<DiffRow['change'], string> = { added: 'added', removed: 'removed', changed: 'changed', same: 'unchanged' };

function Facts({ entry }: { entry: AuditEntry }) {
  const rows: [string, string][] = [
    ['When', when.format(new Date(entry.created_at))],
    [entry.kind === 'security' ? 'Email' : 'Who', entry.actor_email ?? (entry.kind === 'admin' ? 'Operator (command line or start-up)' : '—')],
    ...(entry.entity_type ? ([['Entity', `${entry.entity_type}${entry.entity_id ? ` · ${entry.entity_id}` : ''}`]] as [string, string][]) : []),
    ['IP address', entry.ip ?? '—'],
    ...(entry.kind === 'security'
      ? ([
          ['Times', String(entry.count)],
          ['Last seen', entry.last_seen_at ? when.format(new Date(entry.last_seen_at)) : '—'],
          ['Browser', entry.user_agent ?? '—'],
        ] as [string, string][])
      : []),
  ];
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{k}</dt>
          <dd className="min-w-0 wrap-anywhere">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Before → after, one row per field that differs; unchanged fields on request. */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const [all, setAll] = useState(false);
  const rows = diffRows(before, after);
  const changed = rows.filter((r) => r.change !== 'same');
  const shown = all ? rows : changed;
  if (!rows.length) return <p className="text-sm text-muted">Nothing was recorded before or after this action.</p>;
  return (
    <div>
      <div className="overflow-x-auto rounded-2xl border border-line bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What changed: each field before and after</caption>
          <thead className="bg-paper-dark/60 text-xs tracking-wide text-ink-soft uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Field
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Before
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                After
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line align-top">
            {shown.map((r) => (
              <tr key={r.path} data-change={r.change}>
                <th scope="row" className="px-3 py-2 font-mono text-xs font-normal wrap-anywhere">
                  {r.path}
                  <span className={cn('ml-1 rounded px-1 text-[0.65rem] font-sans font-semibold uppercase', r.change === 'same' ? 'text-muted' : 'bg-gold/25 text-gold-dark')}>
                    {CHANGE_LABEL[r.change]}
                  </span>
                </th>
                <td className={cn('px-3 py-2 wrap-anywhere', r.change !== 'same' && r.change !== 'added' && 'bg-brand-50 text-brand-800 line-through decoration-brand-600/50')}>{showValue(r.before)}</td>
                <td className={cn('px-3 py-2 wrap-anywhere', r.change !== 'same' && r.change !== 'removed' && 'bg-emerald-50 font-semibold text-emerald-900')}>{showValue(r.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > changed.length ? (
        <Button variant="link" size="sm" className="mt-2 h-auto" onClick={() => setAll(!all)}>
          {all ? 'Show only what changed' : `Show the ${rows.length - changed.length} unchanged fields too`}
        </Button>
      ) : null}
    </div>
  );
}

/** The panel of one audit entry (?entry=): who, when, from where, and before → after as a readable diff. */
export function AuditEntrySheet({ id, onClose }: { id: string | null; onClose(): void }) {
  const entry = useAuditEntry(id);
  const e = entry.data;
  return (
    <SideSheet open={id !== null} onClose={onClose} title={e ? actionText(e.action) : 'Audit entry'} titleClassName="first-letter:uppercase" description={e ? (e.kind === 'security' ? 'Security event' : 'Admin action') : 'Loading...'} bodyClassName="space-y-6 py-5">
        {entry.isError ? (
          <Notice tone="error" title="This entry did not load">
            {entry.error.message}
          </Notice>
        ) : !e ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading the entry">
            <Skeleton className="h-24 w-full rounded-2xl" />
            <Skeleton className="h-48 w-full rounded-2xl" />
          </div>
        ) : (
          <>
            <Facts entry={e} />
            {e.kind === 'admin' ? (
              <section aria-labelledby="audit-diff">
                <h3 id="audit-diff" className="mb-2 text-lg font-semibold">
                  Before → after
                </h3>
                <DiffTable before={e.before} after={e.after} />
              </section>
            ) : (
              <section aria-labelledby="audit-details">
                <h3 id="audit-details" className="mb-2 text-lg font-semibold">
                  Details
                </h3>
                <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 rounded-2xl border border-line bg-white p-4 text-sm">
                  {diffRows(null, e.details).map((r) => (
                    <div key={r.path} className="contents">
                      <dt className="font-mono text-xs text-muted">{r.path}</dt>
                      <dd className="min-w-0 wrap-anywhere">{showValue(r.after)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
          </>
        )}
    </SideSheet>
  );
}
