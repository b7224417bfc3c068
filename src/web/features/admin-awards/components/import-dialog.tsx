import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { AWARD_LIMITS, type ImportPreview } from '@/contract/admin-awards';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Notice } from '@/web/components/ui/notice';
import { toast } from '@/web/components/ui/use-toast';
import { cn } from '@/web/lib/utils';
import { useCommitImport, usePreviewImport } from '../api/import-awards';

const ACTION_LABEL = { create: 'New', update: 'Update', unchanged: 'Unchanged', invalid: 'Error' } as const;
const ACTION_CLASS = {
  create: 'bg-emerald-50 text-emerald-800 ring-emerald-700/20',
  update: 'bg-sky-50 text-sky-800 ring-sky-700/20',
  unchanged: 'bg-paper-dark text-ink-soft ring-line',
  invalid: 'bg-brand-50 text-brand-800 ring-brand-600/30',
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What an import would do, row by row: the file's own problems, a summary, and a table of the rows with their line,
 * what happens to each, its category (and whether it was picked automatically) and its errors. Rows that change
 * nothing are left out unless asked for.
 */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const [showAll, setShowAll] = useState(false);
  const s = preview.summary;
  const rows = showAll ? preview.rows : preview.rows.filter((r) => r.action !== 'unchanged');
  return (
    <div className="grid gap-3">
      {preview.errors.map((e, i) => (
        <Notice key={i} tone="error" title={e.line ? `Line ${e.line}` : 'The file'}>
          {e.message}
        </Notice>
      ))}
      {s.rows ? (
        <p className="text-sm" role="status">
          {plural(s.rows, 'row')}: <strong>{s.create} new</strong>, <strong>{s.update} to update</strong>, {s.unchanged} unchanged
          {s.invalid ? (
            <>
              , <strong className="text-brand-700">{plural(s.invalid, 'row')} with errors</strong>
            </>
          ) : null}
          .
        </p>
      ) : null}
      {rows.length ? (
        <div className="max-h-[45vh] overflow-auto rounded-xl border border-line bg-white">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Rows of the file and what importing them does</caption>
            <thead className="sticky top-0 bg-paper-dark text-xs text-ink-soft uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Line
                </th>
                <th scope="col" className="px-3 py-2">
                  Award
                </th>
                <th scope="col" className="px-3 py-2">
                  Result
                </th>
                <th scope="col" className="px-3 py-2">
                  Category
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((r) => (
                <tr key={r.line} className={cn(r.action === 'invalid' && 'bg-brand-50/40')}>
                  <td className="px-3 py-2 tabular-nums">{r.line}</td>
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="font-semibold">{r.title || '(no title)'}</span>
                    {r.errors.length ? (
                      <ul className="mt-1 grid gap-0.5 text-brand-800">
                        {r.errors.map((e, i) => (
                          <li key={i}>
                            <span className="font-mono text-xs">{e.field}</span>: {e.message}
                          </li>
                        ))}
                      </ul>
                    ) : r.changes.length ? (
                      <span className="block text-xs text-muted">Changes {r.changes.join(', ')}</span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2">
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold ring-1', ACTION_CLASS[r.action])}>{ACTION_LABEL[r.action]}</span>
                  </td>
                  <td className="px-3 py-2">
                    {r.action === 'invalid' ? '' : r.category ? r.category.name : 'Other Awards'}
                    {r.category_auto ? <span className="block text-xs text-muted">picked automatically</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {s.unchanged ? (
        <Button type="button" variant="link" size="sm" className="justify-self-start" onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Hide unchanged rows' : `Show the ${plural(s.unchanged, 'unchanged row')}`}
        </Button>
      ) : null}
    </div>
  );
}

/** Import CSV: choose a file, see what it would do, then import it all at once (or fix it and choose it again). */
export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const inputId = useId();
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const result = preview.data;
  const ready = result && !result.errors.length && !result.summary.invalid && result.summary.create + result.summary.update > 0;

  const reset = () => {
    setFile(null);
    setFileError(null);
    preview.reset();
    commit.reset();
  };

  const choose = async (picked: File | undefined) => {
    reset();
    if (!picked) return;
    if (picked.size > AWARD_LIMITS.csvMaxChars * 4) return setFileError(`The file is too large: at most ${AWARD_LIMITS.csvMaxChars / 1_000_000} MB.`);
    const text = await picked.text();
    setFile({ name: picked.name, text });
    preview.mutate(text, { onError: (err) => toast({ title: 'Failed to import awards', description: err.message, variant: 'destructive' }) });
  };

  const run = () => {
    if (!file) return;
    commit.mutate(file.text, {
      onSuccess: (r) => {
        toast({ title: 'Awards imported', description: `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged.`, variant: 'success' });
        reset();
        onOpenChange(false);
      },
      onError: (err) => toast({ title: 'Failed to import awards', description: err.message, variant: 'destructive' }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (commit.isPending) return;
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-3xl">
        <DialogTitle>Import awards from CSV</DialogTitle>
        <DialogDescription>
          Columns title, description, stats, tagline, category_slug, is_active, sort_order (an export is the template). A row updates the award with its title (or
          slug), or creates one; empty cells mean active and sort order 0, and an award without a category is filed by its keywords. Nothing is imported until you
          confirm, and then all of it or none.
        </DialogDescription>
        <div className="mt-4 grid gap-4">
          <div>
            <label htmlFor={inputId} className="block text-sm font-semibold">
              CSV file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => void choose(e.target.files?.[0])}
              className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:py-2 file:font-semibold"
            />
            {fileError ? <p className="mt-1.5 text-sm font-medium text-brand-700">{fileError}</p> : null}
          </div>
          {preview.isPending ? <p className="text-sm text-muted">Reading {file?.name}…</p> : null}
          {result ? <ImportPreviewTable preview={result} /> : null}
          {result && !ready && !result.errors.length && !result.summary.invalid ? <Notice>Nothing to import: every row matches its award already.</Notice> : null}
          {result && (result.errors.length || result.summary.invalid) ? <Notice tone="error">Fix the errors in the file and choose it again. Nothing has been imported.</Notice> : null}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={commit.isPending}>
            Cancel
          </Button>
          <Button onClick={run} disabled={!ready || commit.isPending}>
            <FileUp aria-hidden="true" />
            {commit.isPending ? 'Importing…' : ready ? `Import ${plural(result.summary.create + result.summary.update, 'award')}` : 'Import'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
