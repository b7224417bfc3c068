import { ExternalLink } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { BUG_SEVERITY_LABELS, BUG_STATUS_LABELS, BUG_STATUSES, type BugReportDetail, type BugReportUpdate, type BugStatus } from '@/contract/bug-reports';
import { Button } from '@/web/components/ui/button';
import { Notice } from '@/web/components/ui/notice';
import { Form, FormSelectField, FormTextArea, showFieldError, useZodForm } from '@/web/components/ui/form';
import { SideSheet } from '@/web/components/admin/side-sheet';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/use-toast';
import { textLink } from '@/web/lib/styles';
import { cn } from '@/web/lib/utils';
import { useBugReport } from '../api/get-bug-report';
import { useUpdateBugReport } from '../api/update-bug-report';
import { triageFormSchema, type TriageForm } from '../lib/triage-form';
import { BugStatusBadge, SeverityBadge } from './bug-badges';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string | undefined | null) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? when.format(d) : '—';
};

/** The workflow's next steps from each status (new → triaged → in progress → resolved / won't fix). */
export const NEXT_STEPS: Record<BugStatus, { to: BugStatus; label: string }[]> = {
  new: [
    { to: 'triaged', label: 'Triage' },
    { to: 'wont_fix', label: "Won't fix" },
  ],
  triaged: [
    { to: 'in_progress', label: 'Start work' },
    { to: 'wont_fix', label: "Won't fix" },
  ],
  in_progress: [
    { to: 'resolved', label: 'Resolve' },
    { to: 'wont_fix', label: "Won't fix" },
  ],
  resolved: [{ to: 'triaged', label: 'Reopen' }],
  wont_fix: [{ to: 'triaged', label: 'Reopen' }],
};

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-line bg-white p-4', className)}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </>
  );
}

/** Status buttons for the next steps, any status from the select, and a note; one PATCH each time. */
function Triage({ report }: { report: BugReportDetail }) {
  const update = useUpdateBugReport(report.id);
  const form = useZodForm(triageFormSchema(report.status), { defaultValues: { status: report.status, note: '' } satisfies TriageForm });

  function save(body: BugReportUpdate) {
    update.mutate(body, {
      onSuccess: (r) => {
        form.reset({ status: r.status, note: '' });
        toast({ title: body.status ? `Marked ${BUG_STATUS_LABELS[r.status].toLowerCase()}` : 'Note added', description: r.title, variant: 'success' });
      },
      // A refusal is said under the note and the note gets focus, so a screen reader hears it.
      onError: (err) => showFieldError(form, err, { otherwise: 'note' }),
    });
  }

  return (
    <Section title="Triage">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Now</span>
        <BugStatusBadge status={report.status} />
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        {NEXT_STEPS[report.status].map((step) => (
          <Button
            key={step.to}
            size="sm"
            variant={step.to === 'wont_fix' ? 'outline' : 'primary'}
            disabled={update.isPending}
            onClick={() => {
              // A step is the status the form sends, with the note as it is.
              form.setValue('status', step.to);
              void form.handleSubmit(save)();
            }}
          >
            {step.label}
          </Button>
        ))}
      </div>
      <Form form={form} onSubmit={save} className="mt-4 grid gap-3">
        <FormSelectField control={form.control} name="status" label="Status" options={BUG_STATUSES.map((s) => ({ value: s, label: BUG_STATUS_LABELS[s] }))} />
        <FormTextArea
          control={form.control}
          name="note"
          label="Note"
          rows={3}
          maxLength={5000}
          placeholder="What you found, what you did, who has it. The step buttons above save it too."
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" variant="secondary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Form>
    </Section>
  );
}

function ConsoleLog({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <p className="text-sm text-muted">The console was quiet: no lines came with this report.</p>;
  return (
    <pre
      tabIndex={0}
      aria-label="Console log"
      className="max-h-80 overflow-auto rounded-xl bg-ink p-3 font-mono text-xs leading-relaxed text-paper focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
    >
      {lines.map((line, i) => (
        <span
          key={i}
          className={cn('block whitespace-pre-wrap break-all', line.startsWith('[error]') && 'text-rose-300', line.startsWith('[warn]') && 'text-amber-200')}
        >
          {line}
        </span>
      ))}
    </pre>
  );
}

function Details({ report }: { report: BugReportDetail }) {
  const m = report.metadata;
  const vp = m.viewport;
  return (
    <div className="grid gap-5">
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <SeverityBadge severity={report.severity} />
        {BUG_SEVERITY_LABELS[report.severity]} severity
        {report.screenshot_url ? ' · screenshot' : ''}
        {report.video_url ? ' · recording' : ''} · {report.console_logs.length} console {report.console_logs.length === 1 ? 'line' : 'lines'}
      </p>

      <Triage key={`${report.id}-${report.status}`} report={report} />

      {report.description || report.steps_to_repro ? (
        <Section title="What happened">
          {report.description ? <p className="text-sm whitespace-pre-wrap">{report.description}</p> : null}
          {report.steps_to_repro ? (
            <>
              <h4 className="mt-3 text-sm font-semibold">Steps to reproduce</h4>
              <p className="mt-1 text-sm whitespace-pre-wrap">{report.steps_to_repro}</p>
            </>
          ) : null}
        </Section>
      ) : null}

      {report.screenshot_url ? (
        <Section title="Screenshot">
          <a href={report.screenshot_url} target="_blank" rel="noopener noreferrer" className="group block" title="Open full size in a new tab">
            <img
              src={report.screenshot_url}
              alt={`Screenshot attached to “${report.title}”`}
              className="max-h-96 w-full rounded-xl border border-line bg-paper object-contain group-hover:opacity-90"
            />
          </a>
          <a href={report.screenshot_url} target="_blank" rel="noopener noreferrer" className={`${textLink} mt-2`}>
            <ExternalLink aria-hidden="true" /> Open full size
          </a>
        </Section>
      ) : null}

      {report.video_url ? (
        <Section title="Screen recording">
          {/* A visitor's own recording: it has no captions to offer. */}
          <video controls preload="metadata" src={report.video_url} className="max-h-96 w-full rounded-xl border border-line bg-ink" aria-label={`Screen recording attached to “${report.title}”`} />
        </Section>
      ) : null}

      <Section title={`Console log (${report.console_logs.length} ${report.console_logs.length === 1 ? 'line' : 'lines'})`}>
        <ConsoleLog lines={report.console_logs} />
      </Section>

      <Section title="Where and who">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <Field label="Page">
            {report.page_url ? (
              <a href={report.page_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {report.page_url}
              </a>
            ) : (
              '—'
            )}
          </Field>
          <Field label="Viewport">{vp ? `${vp.width} × ${vp.height} at ${vp.devicePixelRatio}×` : '—'}</Field>
          <Field label="Browser">{m.userAgent ?? report.user_agent ?? '—'}</Field>
          <Field label="Their clock">{formatWhen(m.timestamp)}</Field>
          <Field label="Received">{formatWhen(report.created_at)}</Field>
          <Field label="Reporter">
            {report.reporter.name || report.reporter.email || report.reporter_email ? (
              <>
                {report.reporter.name ? <span className="block">{report.reporter.name}</span> : null}
                {report.reporter.email || report.reporter_email ? (
                  <a href={`mailto:${report.reporter.email ?? report.reporter_email}`} className="text-brand-700 underline-offset-4 hover:underline">
                    {report.reporter.email ?? report.reporter_email}
                  </a>
                ) : null}
                <span className="block text-muted">{report.reporter.user_id ? 'Signed in' : 'Not signed in'}</span>
              </>
            ) : (
              'Anonymous, without an email'
            )}
          </Field>
        </dl>
      </Section>

      <Section title="History">
        {report.notes.length === 0 ? (
          <p className="text-sm text-muted">Nothing yet. Status changes and notes appear here, newest first.</p>
        ) : (
          <ol className="grid gap-3 text-sm">
            {report.notes.map((n) => (
              <li key={n.id} className="border-l-2 border-brand-600/40 pl-3">
                {n.to_status ? (
                  <span className="font-medium">
                    {n.from_status ? `${BUG_STATUS_LABELS[n.from_status]} → ` : ''}
                    {BUG_STATUS_LABELS[n.to_status]}
                  </span>
                ) : null}
                {n.body ? <p className="whitespace-pre-wrap">{n.body}</p> : null}
                <span className="block text-xs text-muted">
                  {formatWhen(n.created_at)} · {n.author ?? 'A former admin'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}

/** One bug report, in a panel over the list (the list stays where it was), like the order panel. */
export function BugReportSheet({ id, onClose }: { id: string | null; onClose(): void }) {
  const report = useBugReport(id);
  const r = report.data;
  return (
    <SideSheet open={id !== null} onClose={onClose} title={r ? r.title : 'Bug report'} titleClassName="wrap-anywhere" description={r ? `Reported ${formatWhen(r.created_at)} by ${r.reporter_email ?? 'an anonymous visitor'}` : report.isError ? 'Not loaded' : 'Loading...'}>
        {report.isError ? (
          <Notice tone="error" title="This report did not load">
            {report.error.message} Close the panel and open it again, or reload the page.
          </Notice>
        ) : r ? (
          <Details report={r} />
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the report">
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-36" />
            <Skeleton className="h-56" />
            <Skeleton className="h-40" />
          </div>
        )}
    </SideSheet>
  );
}
