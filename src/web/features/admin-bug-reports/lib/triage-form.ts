import { z } from 'zod';
import { bugReportUpdateSchema, type BugReportUpdate, type BugStatus } from '@/contract/bug-reports';

const rules = bugReportUpdateSchema.shape;

/**
 * The triage form of a report now in `current` status (docs/decisions/060): a status and a note, each with the
 * contract's rule; its output is the PATCH body, with only what changes. Nothing to change is refused under the note.
 */
export function triageFormSchema(current: BugStatus) {
  return z
    .object({ status: rules.status.unwrap(), note: rules.note.unwrap() })
    .superRefine((v, ctx) => {
      if (v.status === current && !v.note) {
        ctx.addIssue({ code: 'custom', path: ['note'], message: 'Pick another status or write a note: there is nothing to save yet.' });
      }
    })
    .transform((v): BugReportUpdate => ({ ...(v.status === current ? {} : { status: v.status }), ...(v.note ? { note: v.note } : {}) }));
}
export type TriageForm = z.input<ReturnType<typeof triageFormSchema>>;
