import { Paperclip, Send, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useController, type Control } from 'react-hook-form';
import { BUG_LIMITS, BUG_SEVERITIES } from '@/contract/bug-reports';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { Form, FormTextArea, FormTextField, useZodForm } from '@/web/components/ui/form';
import { SelectField } from '@/web/components/ui/select-field';
import { toast } from '@/web/components/ui/use-toast';
import { useAuth } from '@/web/lib/auth';
import { cn } from '@/web/lib/utils';
import { bugReportErrorMessage, captureContext, useCreateBugReport } from '../api/create-bug-report';
import { bugReportFormSchema, emptyBugReport, type BugReportFormValues } from '../lib/bug-report-form';
import { recentLines } from '../lib/console-buffer';

type BugFormOutput = ReturnType<(typeof bugReportFormSchema)['parse']>;
type BugControl = Control<BugReportFormValues, unknown, BugFormOutput>;

const SEVERITY_OPTIONS: Record<(typeof BUG_SEVERITIES)[number], string> = {
  low: 'Low: cosmetic',
  medium: 'Medium: annoying',
  high: 'High: it is broken',
  critical: 'Critical: nothing works',
};

const fieldLabel = 'block text-sm font-semibold text-ink';
const fieldHint = 'mt-0.5 text-xs text-muted';
const fieldError = 'mt-1.5 text-sm font-medium text-brand-700';
const mb = (bytes: number) => `${Math.max(0.1, bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A file picker bound to the form: holds the File itself, shows its name and size, and can let it go again. */
function FormFileField({
  control,
  name,
  label,
  hint,
  accept,
}: {
  control: BugControl;
  name: 'screenshot' | 'repro_video';
  label: string;
  hint: string;
  accept: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = field.value ?? null;
  const error = fieldState.error?.message;
  // A file input cannot be given a value: when the form lets the file go (reset, Remove), empty the input too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {!error ? (
        <p id={`${id}-hint`} className={fieldHint}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        ref={(el) => {
          input.current = el;
          field.ref(el);
        }}
        type="file"
        name={field.name}
        accept={accept}
        onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={cn(
          'mt-1.5 block w-full rounded-xl border border-dashed bg-paper px-2 py-2 text-sm text-ink-soft',
          'file:mr-3 file:h-9 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100',
          'focus-visible:border-ink focus-visible:ring-4 focus-visible:ring-brand-100 focus-visible:outline-none',
          error ? 'border-brand-600' : 'border-line',
          file ? 'sr-only' : undefined,
        )}
      />
      {file ? (
        <div className="mt-1.5 flex items-center gap-2 rounded-xl border border-line bg-paper px-3 py-2 text-sm">
          <Paperclip className="size-4 shrink-0 text-muted" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate" title={file.name}>
            {file.name} <span className="text-muted">· {mb(file.size)}</span>
          </span>
          <button
            type="button"
            onClick={() => {
              field.onChange(null);
              input.current?.focus();
            }}
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
            aria-label={`Remove ${file.name}`}
          >
            <X className="size-3.5" aria-hidden="true" /> Remove
          </button>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The bug report dialog (spec §2, §4, §5, §8), loaded the first time someone opens it. It stays mounted once
 * loaded, so closing it by mistake keeps what was typed; only a report that was filed empties the form.
 */
export default function BugReportDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Where focus goes when the dialog closes (it has no Radix trigger to return to): what had it before. */
  returnFocus?: () => HTMLElement | null;
}) {
  const email = useAuth().user?.email ?? '';
  const form = useZodForm(bugReportFormSchema, { defaultValues: emptyBugReport(email) });
  const create = useCreateBugReport();
  const submitting = create.isPending;

  // Signed in after the dialog was first loaded: offer that address, unless one was typed already.
  useEffect(() => {
    if (email && !form.getValues('reporter_email')) form.setValue('reporter_email', email);
  }, [email, form]);

  function submit(values: BugFormOutput) {
    create.mutate(
      { input: values, context: captureContext(recentLines()) },
      {
        onSuccess: ({ id }) => {
          toast({
            title: 'Bug report submitted',
            description: `Filed as report ${id}. The Department of Things That Should Not Happen thanks you.`,
            variant: 'success',
          });
          form.reset(emptyBugReport(email));
          onOpenChange(false);
        },
        onError: (err) => toast({ title: 'Failed to submit bug report', description: bugReportErrorMessage(err), variant: 'destructive' }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl sm:p-8"
        onCloseAutoFocus={(e) => {
          const target = returnFocus?.();
          if (!target?.isConnected) return;
          e.preventDefault();
          target.focus();
        }}
      >
        <DialogTitle className="pr-8">Report a bug</DialogTitle>
        <DialogDescription>
          File a formal complaint against this website. It will be taken very seriously, possibly by a committee.
        </DialogDescription>
        <Form form={form} onSubmit={submit} className="mt-5 grid gap-4" aria-busy={submitting} aria-label="Bug report">
          <FormTextField
            control={form.control}
            name="title"
            label="Title"
            placeholder="The Print it button filed for early retirement"
            maxLength={BUG_LIMITS.titleMax}
            autoComplete="off"
            required
          />
          <FormTextArea
            control={form.control}
            name="description"
            label="What happened?"
            description="Optional. What you expected, and what the site did instead."
            placeholder="I pressed Print it and the certificate wandered off."
            rows={3}
            maxLength={BUG_LIMITS.descriptionMax}
          />
          <FormTextArea
            control={form.control}
            name="steps_to_repro"
            label="Steps to reproduce"
            description="Optional. One step per line is plenty."
            placeholder={'1. Open the store, pick Gold foil\n2. Press Add to cart'}
            rows={2}
            maxLength={BUG_LIMITS.stepsMax}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Severity"
              description="How loudly should we panic?"
              options={BUG_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_OPTIONS[s] }))}
              {...form.register('severity')}
            />
            <FormTextField
              control={form.control}
              name="reporter_email"
              label="Your email"
              type="email"
              autoComplete="email"
              description="Optional. Only to tell you it is fixed."
              maxLength={BUG_LIMITS.emailMax}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormFileField
              control={form.control}
              name="screenshot"
              label="Screenshot"
              hint={`Optional. An image, up to ${BUG_LIMITS.screenshotMaxBytes / (1024 * 1024)} MB.`}
              accept="image/*"
            />
            <FormFileField
              control={form.control}
              name="repro_video"
              label="Screen recording"
              hint={`Optional. A video, up to ${BUG_LIMITS.videoMaxBytes / (1024 * 1024)} MB.`}
              accept="video/*"
            />
          </div>
          <p className="rounded-xl bg-paper px-3.5 py-2.5 text-xs text-ink-soft">
            Attached for you: this page&apos;s address, the last {BUG_LIMITS.consoleSent} lines of its console, your screen
            size and your browser. Nothing else.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? (
                <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              {submitting ? 'Sending report…' : 'Send report'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
