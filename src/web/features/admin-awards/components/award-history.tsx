import { History } from 'lucide-react';
import { useEffect } from 'react';
import type { AdminCategory, AwardAuditEntry } from '@/contract/admin-awards';
import { Notice } from '@/web/components/ui/notice';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { useAwardAudit } from '../api/get-award-audit';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ACTION = { create: 'Created', update: 'Changed', delete: 'Deleted' } as const;
const SOURCE = { form: '', bulk: ' in a bulk action', reorder: ' by reordering', image: ' (picture)', import: ' by a CSV import', category: ' when its category was deleted' } as const;
const LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  tagline: 'Tagline',
  stats: 'Stats',
  category_id: 'Category',
  image_url: 'Picture',
  is_active: 'Active',
  sort_order: 'Sort order',
};

function show(field: string, value: unknown, categories: AdminCategory[]): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'category_id') return categories.find((c) => c.id === value)?.name ?? 'a deleted category';
  if (field === 'is_active') return value ? 'yes' : 'no';
  if (field === 'stats' && typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>);
    return pairs.length ? pairs.map(([k, v]) => `${k}: ${String(v)}`).join(', ') : '—';
  }
  if (field === 'image_url') return 'a picture';
  return String(value);
}

/** The fields an update changed, before → after (category_slug follows category_id and is not repeated). */
export function changedFields(entry: AwardAuditEntry): string[] {
  if (entry.action !== 'update' || !entry.before || !entry.after) return [];
  return Object.keys(LABELS).filter((k) => JSON.stringify(entry.before![k]) !== JSON.stringify(entry.after![k]));
}

/** An award's history from awards_audit, newest first: who changed what, when, from what to what. */
export function AwardHistory({ awardId, categories }: { awardId: string; categories: AdminCategory[] }) {
  const audit = useAwardAudit(awardId);
  useEffect(() => {
    if (audit.isError) toast({ title: 'Failed to fetch audit log', description: audit.error.message, variant: 'destructive' });
  }, [audit.isError, audit.error]);
  return (
    <section aria-labelledby="award-history" className="rounded-2xl border border-line bg-white p-4">
      <h3 id="award-history" className="flex items-center gap-2 font-semibold">
        <History className="size-4" aria-hidden="true" /> History
      </h3>
      {audit.isError ? (
        <Notice tone="error" title="Failed to fetch audit log" className="mt-3">
          {audit.error.message}
        </Notice>
      ) : !audit.data ? (
        <div className="mt-3 grid gap-2" aria-busy="true" aria-label="Loading the history">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : (
        <ol className="mt-3 divide-y divide-line text-sm">
          {audit.data.entries.map((e) => {
            const fields = changedFields(e);
            return (
              <li key={e.id} className="py-2.5">
                <p>
                  <span className="font-semibold">
                    {ACTION[e.action]}
                    {SOURCE[e.source]}
                  </span>{' '}
                  <span className="text-muted">
                    · {when.format(new Date(e.changed_at))} · {e.changed_by ? e.changed_by.name || e.changed_by.email : 'a deleted account'}
                  </span>
                </p>
                {fields.length ? (
                  <ul className="mt-1 grid gap-0.5 text-ink-soft">
                    {fields.map((f) => (
                      <li key={f} className="wrap-anywhere">
                        {LABELS[f]}: <del className="text-muted">{show(f, e.before![f], categories)}</del> → <ins className="no-underline">{show(f, e.after![f], categories)}</ins>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
          {audit.data.total > audit.data.entries.length ? <li className="py-2 text-muted">And {audit.data.total - audit.data.entries.length} older changes in the audit log.</li> : null}
        </ol>
      )}
    </section>
  );
}
