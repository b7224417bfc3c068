import { RotateCw } from 'lucide-react';
import { useOptimistic, useTransition } from 'react';
import type { JobState, JobView } from '@/contract/fulfilment';
import { DataTable, type Column } from '@/web/components/admin/data-table';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { FilterBar } from '@/web/components/admin/filter-fields';
import { SelectField } from '@/web/components/ui/select-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { useUrlParams } from '@/web/hooks/use-debounced-search-param';
import { timeAgo } from '@/web/lib/time-ago';
import { cn } from '@/web/lib/utils';
import { useJobs, type JobsFilter } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';

/** What each queue does, in the shop's words (the queue names are the server's). */
const QUEUES: Record<string, { label: string; about: string }> = {
  'mail.send': { label: 'Mail', about: 'Delivers each mail from the outbox.' },
  'order.mail': { label: 'Order mails', about: 'Writes the payment, shipping and refund mails, and a receipt that could not be written at once.' },
  'order.released': { label: 'Paid orders', about: 'Writes each paid order’s receipt and hands it to the print provider.' },
  'fulfilment.submit': { label: 'Print orders', about: 'Hands an order to the print provider again when it could not take it at once.' },
  'print-shop.advance': { label: 'Print shop steps', about: 'Moves the built-in print shop’s orders along.' },
  'retention.clean': { label: 'Nightly clean-up', about: 'Deletes old mails and sign-in records, 03:17 UTC.' },
};
const queueLabel = (name: string) => QUEUES[name]?.label ?? name;

const STATE_LABELS: Record<JobState, string> = {
  created: 'Waiting',
  retry: 'Will retry',
  active: 'Running',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};
const WAITING: readonly JobState[] = ['created', 'retry', 'active'];
const RETRYABLE: readonly JobState[] = ['failed', 'retry'];

const SHOW = [
  { value: '', label: 'All' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'failed', label: 'Failed' },
] as const;

const EMPTY: Record<string, { title: string; body: string }> = {
  '': {
    title: 'No jobs yet',
    body: 'Mails, print orders, print-shop steps and the nightly clean-up appear here as soon as the shop has work to do. Finished jobs are kept for a week.',
  },
  waiting: { title: 'Nothing waiting', body: 'Every job has run. New ones queue here for a moment, or until their start time: the print shop’s next step waits half an hour.' },
  failed: { title: 'No failed jobs', body: 'A job that fails every attempt stops here with its last error until someone retries it. None has.' },
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Attempts made so far: pg-boss counts a retry each time a started job is claimed again. */
const attempts = (j: JobView) => (j.started_on ? j.retry_count + 1 : 0);

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={dateTime.format(new Date(iso))} className="whitespace-nowrap">
      {timeAgo(iso)}
    </time>
  );
}

function JobStateBadge({ state }: { state: JobState }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        state === 'failed' && 'bg-brand-100 text-brand-800',
        state === 'retry' && 'bg-gold/30 text-ink',
        (state === 'created' || state === 'active') && 'bg-sky-100 text-sky-900',
        state === 'completed' && 'bg-emerald-100 text-emerald-900',
        state === 'cancelled' && 'bg-paper-dark text-ink-soft',
      )}
    >
      {STATE_LABELS[state]}
    </span>
  );
}

function RetryButton({ job }: { job: JobView }) {
  const retry = useRetryJob();
  if (!RETRYABLE.includes(job.state)) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      className="h-8 px-3"
      disabled={retry.isPending}
      aria-label={`Retry now: ${queueLabel(job.name)} job ${job.id.slice(0, 8)}`}
      onClick={() =>
        retry.mutate(job, {
          onSuccess: () => toast({ title: `${queueLabel(job.name)} job ${job.id.slice(0, 8)} runs again now`, description: 'Its result shows here within a few seconds.', variant: 'success' }),
          onError: (err) => toast({ title: err.message, variant: 'destructive' }),
        })
      }
    >
      <RotateCw aria-hidden="true" /> Retry now
    </Button>
  );
}

/** One dense row per queue: what waits, what failed and what is done (every job, whatever the filter). */
function Counts({ queues, counts }: { queues: string[]; counts: { name: string; state: JobState; count: number }[] }) {
  const of = (name: string, states: readonly JobState[]) => counts.filter((c) => c.name === name && states.includes(c.state)).reduce((n, c) => n + c.count, 0);
  return (
    <div className="mt-6 overflow-hidden rounded-2xl border border-line bg-white shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Jobs per queue and state</caption>
        <thead className="bg-paper-dark/60 text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-semibold">Queue</th>
            <th scope="col" className="hidden w-24 px-3 py-2.5 text-right font-semibold sm:table-cell">Waiting</th>
            <th scope="col" className="hidden w-24 px-3 py-2.5 text-right font-semibold sm:table-cell">Failed</th>
            <th scope="col" className="hidden w-24 px-3 py-2.5 text-right font-semibold sm:table-cell">Done</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {queues.map((name) => {
            const [waiting, failed, done] = [of(name, WAITING), of(name, ['failed']), of(name, ['completed'])];
            return (
              <tr key={name} data-testid="job-queue">
                <th scope="row" className="px-3 py-2 font-normal">
                  <span className="block font-semibold">{queueLabel(name)}</span>
                  <span className="block text-xs text-muted">
                    <span className="font-mono">{name}</span>
                    <span className="hidden sm:inline"> · {QUEUES[name]?.about ?? 'A background queue.'}</span>
                  </span>
                  {/* Phones: the three numbers in a line of their own instead of three columns. */}
                  <span className="mt-0.5 block text-sm tabular-nums sm:hidden">
                    {waiting} waiting · <span className={cn(failed > 0 && 'font-bold text-brand-700')}>{failed} failed</span> · {done} done
                  </span>
                </th>
                <td className="hidden px-3 py-2 text-right text-base tabular-nums sm:table-cell">{waiting}</td>
                <td className={cn('hidden px-3 py-2 text-right text-base tabular-nums sm:table-cell', failed > 0 && 'font-bold text-brand-700')}>{failed}</td>
                <td className="hidden px-3 py-2 text-right text-base tabular-nums sm:table-cell">{done}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The last error: two lines in the table (all of it in its title), whole on a phone's card. */
function ErrorText({ job }: { job: JobView }) {
  if (!job.error || !RETRYABLE.includes(job.state)) return <span className="text-muted">—</span>;
  return (
    <span className="block font-mono text-xs wrap-anywhere text-brand-800 md:line-clamp-2" title={job.error}>
      {job.error}
    </span>
  );
}

/**
 * The jobs on the admin's list kit: a dense table, and on a phone one card per job (a table would hide its Retry
 * button off-screen at 360 px).
 */
const JOB_COLUMNS: Column<JobView>[] = [
  {
    key: 'queue',
    header: 'Queue',
    rowHeader: true,
    cell: (j) => (
      <>
        <span className="block font-semibold whitespace-nowrap">{queueLabel(j.name)}</span>
        <span className="block font-mono text-xs font-normal text-muted" title={j.id}>
          {j.id.slice(0, 8)}
        </span>
      </>
    ),
  },
  { key: 'state', header: 'State', cell: (j) => <JobStateBadge state={j.state} /> },
  { key: 'attempts', header: 'Attempts', align: 'right', className: 'whitespace-nowrap', cell: (j) => `${attempts(j)} / ${j.retry_limit + 1}` },
  { key: 'created', header: 'Created', cell: (j) => <When iso={j.created_on} /> },
  { key: 'start', header: 'Start after', cell: (j) => <When iso={j.start_after} /> },
  { key: 'error', header: 'Error', className: 'md:min-w-44', cell: (j) => <ErrorText job={j} /> },
  { key: 'actions', header: 'Actions', align: 'right', cell: (j) => <RetryButton job={j} /> },
];

/**
 * /admin/jobs (docs/decisions/088): the background queue (docs/decisions/085) — counts per queue, the newest jobs
 * with their attempts and last error, filtered by state and queue in the URL, and "Retry now" for a job that failed
 * or waits for its next attempt.
 */
export function JobsAdmin() {
  const [params, setParams] = useUrlParams();
  const stateParam = params.get('state');
  const state: JobsFilter['state'] = stateParam === 'waiting' || stateParam === 'failed' ? stateParam : undefined;
  const queueParam = params.get('queue') || undefined;
  const jobs = useJobs({ state, name: queueParam });
  const data = jobs.data;
  const queue = data && queueParam && !data.queues.includes(queueParam) ? undefined : queueParam;
  const filtered = Boolean(state || queue);
  // The previous filter's jobs, shown dimmed while the new filter's arrive.
  const stale = jobs.isPlaceholderData;
  // The router applies a new URL in a transition; until then the radios and the select show what was picked.
  const [, startTransition] = useTransition();
  const [picked, setPicked] = useOptimistic({ state: state ?? '', queue: queue ?? '' });
  const pick = (key: 'state' | 'queue', value: string) =>
    startTransition(() => {
      setPicked((p) => ({ ...p, [key]: value }));
      setParams({ [key]: value || undefined });
    });
  const empty = EMPTY[state ?? '']!;

  return (
    <section>
      <h1 className="text-3xl font-semibold sm:text-4xl">Jobs</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        The work the shop does in the background: mails, print orders and the print shop’s steps. Each job is retried with growing pauses; one that fails
        every attempt waits here for a person. Retries are written to the audit log.
      </p>

      {data ? (
        <Counts queues={data.queues} counts={data.counts} />
      ) : jobs.isPending ? (
        <div className="mt-6" aria-busy="true" aria-label="Loading the queues">
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      ) : null}

      <FilterBar label="Filter jobs" layout="row">
        <fieldset>
          <legend className="text-sm font-semibold">Show</legend>
          <div className="mt-1.5 inline-flex rounded-full border border-line bg-white p-1 shadow-sm">
            {SHOW.map((o) => (
              <label key={o.value} className="relative">
                {/* The radio itself covers its pill, unseen: clicks, keys and screen readers all reach a real radio. */}
                <input
                  type="radio"
                  name="job-state"
                  value={o.value}
                  checked={picked.state === o.value}
                  onChange={() => pick('state', o.value)}
                  className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                />
                <span className="block rounded-full px-4 py-1.5 text-sm font-semibold text-ink-soft peer-checked:bg-ink peer-checked:text-white peer-focus-visible:ring-4 peer-focus-visible:ring-brand-200 hover:text-ink peer-checked:hover:text-white">
                  {o.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <SelectField
          label="Queue"
          placeholder="Every queue"
          className="w-full sm:w-64"
          options={(data?.queues ?? (queue ? [queue] : [])).map((n) => ({ value: n, label: queueLabel(n) }))}
          value={picked.queue}
          onChange={(e) => pick('queue', e.target.value)}
        />
      </FilterBar>

      <p className="mt-4 text-sm text-muted" role="status" aria-live="polite">
        {data && !stale
          ? `${data.jobs.length === 200 ? 'The newest 200' : data.jobs.length} ${data.jobs.length === 1 ? 'job' : 'jobs'}${filtered ? ' matching these filters' : ''}, newest first. Refreshes every 10 seconds.`
          : 'Loading...'}
      </p>

      {jobs.isError ? (
        <Notice tone="error" title="The jobs did not load" className="mt-3">
          {jobs.error.message}
        </Notice>
      ) : null}

      {!data && jobs.isPending ? (
        <div className="mt-3 space-y-2" aria-busy="true" aria-label="Loading jobs">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full rounded-2xl" />
          ))}
        </div>
      ) : null}

      {data && !stale && data.jobs.length === 0 ? (
        <Notice className="mt-3" title={queue && !state ? `No ${queueLabel(queue).toLowerCase()} jobs` : empty.title}>
          {empty.body}
        </Notice>
      ) : null}

      {data && data.jobs.length > 0 ? (
        <DataTable
          caption="Jobs, newest first"
          columns={JOB_COLUMNS}
          rows={data.jobs}
          rowKey={(j) => j.id}
          minWidth="40rem"
          refreshing={stale}
          rowTestId="job-row"
          empty={null}
        />
      ) : null}
    </section>
  );
}
