import { ChevronLeft, ChevronRight, Film, Image, Stethoscope } from 'lucide-react';
import {
  BUG_SEVERITIES,
  BUG_SEVERITY_LABELS,
  BUG_STATUS_LABELS,
  BUG_STATUSES,
  type BugEndpointTest,
  type BugSeverity,
  type BugStatus,
} from '@/contract/bug-reports';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { DateField, FilterBar, SearchField } from '@/web/components/admin/filter-fields';
import { SelectField } from '@/web/components/ui/select-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { useDebouncedSearchParam, useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { timeAgo } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useBugReports } from '../api/get-bug-reports';
import { useTestBugEndpoint } from '../api/test-bug-endpoint';
import { BugStatusBadge, SeverityBadge } from './bug-badges';
import { BugReportSheet } from './bug-report-sheet';

const isDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined => (values as readonly string[]).includes(v ?? '') ? (v as T) : undefined;
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The page of a report as a short path ("/store?award=gold"), or the text as it came when it is no URL. */
export function pagePath(url: string | null): string {
  if (!url) return 'Unknown page';
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

const checksText = (result: BugEndpointTest) => result.checks.map((c) => `${c.name}: ${c.ok ? 'OK' : 'failed'}${c.detail ? ` (${c.detail})` : ''}`).join(' · ');

/** The 'Test endpoint' button: asks the server whether create-bug's database and storage answer (spec §8 toasts). */
function TestEndpointButton() {
  const test = useTestBugEndpoint();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={test.isPending}
      onClick={() =>
        test.mutate(undefined, {
          onSuccess: (result) =>
            result.success
              ? toast({ title: 'Edge function test', description: checksText(result) || 'Every check passed.', variant: 'success' })
              : toast({ title: 'Edge function test failed', description: checksText(result) || 'The server did not say why.', variant: 'destructive' }),
          onError: (err) => toast({ title: 'Edge function test failed', description: err.message, variant: 'destructive' }),
        })
      }
    >
      <Stethoscope aria-hidden="true" /> {test.isPending ? 'Testing…' : 'Test endpoint'}
    </Button>
  );
}

/** What the empty list says, by what the admin is looking at. */
function emptyState(status: BugStatus | undefined, filtered: boolean): { title: string; body: string } {
  if (filtered) return { title: 'No report matches', body: 'Try another search, another severity, or wider dates. The status tabs above show where the reports are.' };
  switch (status) {
    case 'new':
      return { title: 'Nothing new to triage', body: 'Inbox zero. New reports land here the moment a visitor sends one.' };
    case 'triaged':
      return { title: 'Nothing triaged and waiting', body: 'Triage a new report to queue it up for work.' };
    case 'in_progress':
      return { title: 'Nobody is fixing anything', body: 'Pick a triaged report and press Start work.' };
    case 'resolved':
      return { title: 'Nothing resolved yet', body: 'Reports you mark resolved collect here, as proof.' };
    case 'wont_fix':
      return { title: "No won't-fix reports", body: 'Everything reported was worth a look. So far.' };
    default:
      return {
        title: 'No bug reports yet',
        body: 'Visitors send them with the Report Bug button at the bottom right of every page (or Ctrl+Shift+B). Press Test endpoint to check that reports can arrive.',
      };
  }
}

/**
 * /admin/bug-reports, as an issue tracker lists issues (Sentry's issue stream): status tabs with counts, severity,
 * dates and search in the URL, newest first; a row opens the report in a panel (?report=) with its screenshot,
 * recording, console log, metadata and the triage workflow (docs/decisions/096).
 */
export function BugReportsAdmin() {
  const [params, setParams] = useUrlParams();
  const { text: draft, setText: setDraft, search } = useDebouncedSearchParam({ name: 'q', resets: ['page'] });
  const status = oneOf(BUG_STATUSES, params.get('status'));
  const severity = oneOf(BUG_SEVERITIES, params.get('severity'));
  const from = isDate(params.get('from'));
  const to = isDate(params.get('to'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = params.get('report');
  const reports = useBugReports({ q: search || undefined, status, severity, from, to, page });
  const data = reports.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const filtered = Boolean(search || severity || from || to);
  const counts = data?.status_counts;
  const allCount = counts ? BUG_STATUSES.reduce((n, s) => n + (counts[s] ?? 0), 0) : undefined;
  const empty = emptyState(status, filtered);

  const tabs: { value: BugStatus | undefined; label: string; count: number | undefined }[] = [
    { value: undefined, label: 'All', count: allCount },
    ...BUG_STATUSES.map((s) => ({ value: s, label: BUG_STATUS_LABELS[s], count: counts?.[s] })),
  ];

  return (
    <section>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Bug Reports</h1>
          <p className="mt-2 text-ink-soft">What visitors reported, with screenshots and console logs. Triage the new ones first.</p>
        </div>
        <TestEndpointButton />
      </div>

      <fieldset className="mt-6 min-w-0">
        <legend className="sr-only">Status</legend>
        <div className="-mx-4 flex snap-x snap-proximity scroll-px-4 gap-1 overflow-x-auto overscroll-x-contain border-b border-line px-4 sm:mx-0 sm:scroll-px-0 sm:px-0">
          {tabs.map((t) => {
            const checked = t.value === status;
            return (
              <label key={t.label} className="shrink-0 cursor-pointer snap-start">
                <input
                  type="radio"
                  name="bug-status"
                  className="peer sr-only"
                  checked={checked}
                  onChange={() => setParams({ status: t.value, page: undefined })}
                />
                <span
                  className={cn(
                    '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap peer-focus-visible:rounded-t-lg peer-focus-visible:ring-4 peer-focus-visible:ring-brand-200',
                    checked ? 'border-brand-600 text-ink' : 'border-transparent text-muted hover:text-ink',
                  )}
                >
                  {t.label}
                  <span className={cn('rounded-full px-1.5 text-xs tabular-nums', checked ? 'bg-brand-600 text-white' : 'bg-paper-dark text-ink-soft')}>
                    {t.count ?? '·'}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <FilterBar label="Filter bug reports" columns="lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchField label="Search" value={draft} onChange={setDraft} placeholder="Title, description, email or page" />
        <SelectField
          label="Severity"
          placeholder="Any severity"
          options={BUG_SEVERITIES.map((s) => ({ value: s, label: BUG_SEVERITY_LABELS[s] }))}
          value={severity ?? ''}
          onChange={(e) => setParams({ severity: (e.target.value as BugSeverity) || undefined, page: undefined })}
        />
        <DateField label="From" value={from ?? ''} onChange={(v) => setParams({ from: v || undefined, page: undefined })} />
        <DateField label="To" value={to ?? ''} onChange={(v) => setParams({ to: v || undefined, page: undefined })} />
      </FilterBar>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data
          ? `${data.total} ${data.total === 1 ? 'report' : 'reports'}${status ? ` ${BUG_STATUS_LABELS[status].toLowerCase()}` : ''}${filtered ? ' matching these filters' : ''}`
          : reports.isError
            ? ''
            : 'Loading...'}
      </p>

      {reports.isError ? (
        <Notice tone="error" title="The bug reports did not load" className="mt-4">
          {reports.error.message} Reload the page to try again.
        </Notice>
      ) : null}

      {!data && reports.isPending ? (
        <div className="mt-4 space-y-2" aria-busy="true" aria-label="Loading bug reports">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full rounded-2xl" />
          ))}
        </div>
      ) : null}

      {data && data.reports.length === 0 ? (
        <Notice className="mt-4" title={empty.title}>
          {empty.body}
        </Notice>
      ) : null}

      {data && data.reports.length > 0 ? (
        <ul
          aria-label="Bug reports, newest first"
          className={cn('mt-4 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white shadow-card', reports.isFetching && 'opacity-70')}
        >
          {data.reports.map((r) => (
            <li key={r.id} className="flex items-start gap-3 px-4 py-3 hover:bg-paper" data-testid="bug-report-row">
              <SeverityBadge severity={r.severity} className="mt-0.5" />
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-semibold text-ink underline-offset-4 hover:text-brand-700 hover:underline focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
                  onClick={() => setParams({ report: r.id }, { push: true })}
                >
                  {r.title}
                </button>
                <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted">
                  <span className="max-w-[16rem] truncate font-mono" title={r.page_url ?? undefined}>
                    {pagePath(r.page_url)}
                  </span>
                  <span aria-hidden="true">·</span>
                  <span className="max-w-[14rem] truncate">{r.reporter_email ?? 'Anonymous'}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={r.created_at} title={exact.format(new Date(r.created_at))}>
                    {timeAgo(r.created_at)}
                  </time>
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {r.has_screenshot ? <Image className="size-4 text-muted" role="img" aria-label="Has a screenshot" /> : null}
                {r.has_video ? <Film className="size-4 text-muted" role="img" aria-label="Has a screen recording" /> : null}
                <BugStatusBadge status={r.status} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ page: page > 2 ? String(page - 1) : undefined }, { push: true })}>
            <ChevronLeft aria-hidden="true" /> Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setParams({ page: String(page + 1) }, { push: true })}>
            Next <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <BugReportSheet id={open} onClose={() => setParams({ report: undefined }, { push: true })} />
    </section>
  );
}
