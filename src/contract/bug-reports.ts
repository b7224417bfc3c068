import { z } from 'zod';
import { calendarDate, pageNumber } from './fields';

/**
 * Bug reports (spec §2 "Bug report", §3 payload, §5 validation, §7 create-bug, §9 limits; issue 12,
 * docs/decisions/095). create-bug is one multipart/form-data POST: the text fields below plus the files
 * `screenshot` (images only) and `repro_video` (videos only); the header x-viewport-json carries the viewport.
 */

export const BUG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugSeverity = (typeof BUG_SEVERITIES)[number];
export const BUG_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'wont_fix'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];

export const BUG_SEVERITY_LABELS: Record<BugSeverity, string> = { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' };
export const BUG_STATUS_LABELS: Record<BugStatus, string> = {
  new: 'New',
  triaged: 'Triaged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  wont_fix: "Won't fix",
};

export const BUG_LIMITS = {
  /** Spec §9: the browser keeps 100 console lines and sends the last 50. */
  consoleKept: 100,
  consoleSent: 50,
  consoleLineMax: 1000,
  titleMax: 200,
  descriptionMax: 5000,
  stepsMax: 5000,
  pageUrlMax: 2000,
  emailMax: 254,
  metadataMaxBytes: 4096,
  viewportHeaderMaxBytes: 1024,
  screenshotMaxBytes: 5 * 1024 * 1024,
  videoMaxBytes: 25 * 1024 * 1024,
} as const;

/**
 * create-bug per IP (docs/decisions/095): a burst and a day, counted in the database like the login limit. Every
 * attempt counts, refused or not; over either, 429 RATE_LIMITED.
 */
export const BUG_RATE_LIMIT = {
  burst: { max: 5, windowMinutes: 10 },
  daily: { max: 20, windowMinutes: 24 * 60 },
} as const;

/** The storage paths of spec §7 bug-attachments. */
export const BUG_ATTACHMENT_FOLDERS = { screenshot: 'screenshots', repro_video: 'videos' } as const;

const optionalText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, { message: `${field} must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

export const bugMetadataSchema = z
  .object({
    viewport: z
      .object({
        width: z.number().int().min(0).max(100_000),
        height: z.number().int().min(0).max(100_000),
        devicePixelRatio: z.number().min(0).max(100),
      })
      .optional(),
    timestamp: z.string().max(64).optional(),
    userAgent: z.string().max(1000).optional(),
  })
  .strip();
export type BugMetadata = z.infer<typeof bugMetadataSchema>;

/** The text part of create-bug, after the multipart fields are read (console_logs and metadata arrive as JSON). */
export const createBugFieldsSchema = z.object({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, { message: 'Title is required' })
    .max(BUG_LIMITS.titleMax, { message: `Title must be at most ${BUG_LIMITS.titleMax} characters` }),
  description: optionalText('description', BUG_LIMITS.descriptionMax),
  steps_to_repro: optionalText('steps_to_repro', BUG_LIMITS.stepsMax),
  severity: z.enum(BUG_SEVERITIES, { message: 'severity must be low, medium, high or critical' }).default('medium'),
  // The admin opens it as a link: only http(s), so no javascript: or data: URL is ever stored (issue 24).
  page_url: optionalText('page_url', BUG_LIMITS.pageUrlMax).pipe(
    z.url({ protocol: z.regexes.httpProtocol, message: 'page_url must be an http or https address' }).optional(),
  ),
  console_logs: z
    .array(z.string().max(BUG_LIMITS.consoleLineMax * 2), { message: 'console_logs must be a list of lines' })
    .max(BUG_LIMITS.consoleSent, { message: `console_logs may hold at most ${BUG_LIMITS.consoleSent} lines` })
    .default([]),
  metadata: bugMetadataSchema.default({}),
  reporter_email: z
    .email({ message: 'reporter_email must be an email address' })
    .max(BUG_LIMITS.emailMax)
    .optional(),
});
export type CreateBugFields = z.input<typeof createBugFieldsSchema>;

/** create-bug's answer (spec §7: success, id, error). Failures are the usual {error: {code, message}} with a 4xx. */
export const createBugResponseSchema = z.object({ success: z.literal(true), id: z.uuid(), error: z.null() });
export type CreateBugResponse = z.infer<typeof createBugResponseSchema>;

// ---- /api/admin/bug-reports ----

export const bugReportListQuerySchema = z.object({
  status: z.enum(BUG_STATUSES, { message: 'status must be one of new, triaged, in_progress, resolved, wont_fix' }).optional(),
  severity: z.enum(BUG_SEVERITIES, { message: 'severity must be low, medium, high or critical' }).optional(),
  from: calendarDate('from').optional(),
  to: calendarDate('to').optional(),
  q: z.string().trim().max(200, { message: 'q must be at most 200 characters' }).optional(),
  page: pageNumber(),
});
export type BugReportListQuery = z.input<typeof bugReportListQuerySchema>;

export const bugReportSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(BUG_SEVERITIES),
  status: z.enum(BUG_STATUSES),
  page_url: z.string().nullable(),
  reporter_email: z.string().nullable(),
  has_screenshot: z.boolean(),
  has_video: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BugReportSummary = z.infer<typeof bugReportSummarySchema>;

export const bugReportListSchema = z.object({
  reports: z.array(bugReportSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Reports per status with the other filters applied (for the status tabs). */
  status_counts: z.record(z.enum(BUG_STATUSES), z.number().int()),
});
export type BugReportList = z.infer<typeof bugReportListSchema>;

export const bugReportNoteSchema = z.object({
  id: z.uuid(),
  /** The author's name and email (null once their account is deleted). */
  author: z.string().nullable(),
  author_email: z.string().nullable(),
  body: z.string().nullable(),
  from_status: z.enum(BUG_STATUSES).nullable(),
  to_status: z.enum(BUG_STATUSES).nullable(),
  created_at: z.string(),
});
export type BugReportNote = z.infer<typeof bugReportNoteSchema>;

export const bugReportDetailSchema = bugReportSummarySchema.extend({
  description: z.string().nullable(),
  steps_to_repro: z.string().nullable(),
  console_logs: z.array(z.string()),
  metadata: bugMetadataSchema,
  viewport_header: z.unknown().nullable(),
  user_agent: z.string().nullable(),
  reporter: z.object({ user_id: z.uuid().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
  /** Admin-only URLs of the attachments (served from the private bucket), or null. */
  screenshot_url: z.string().nullable(),
  video_url: z.string().nullable(),
  notes: z.array(bugReportNoteSchema),
});
export type BugReportDetail = z.infer<typeof bugReportDetailSchema>;

export const bugReportParamsSchema = z.object({ id: z.uuid({ message: 'id must be a bug report id' }) });

/** A status change, a note, or both. */
export const bugReportUpdateSchema = z
  .object({
    status: z.enum(BUG_STATUSES, { message: 'status must be one of new, triaged, in_progress, resolved, wont_fix' }).optional(),
    note: z.string().trim().max(5000, { message: 'note must be at most 5000 characters' }).optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || (b.note !== undefined && b.note !== ''), { message: 'Give a new status or a note', path: ['status'] });
export type BugReportUpdate = z.infer<typeof bugReportUpdateSchema>;

/** The admin's "test" action: create-bug's dependencies answer (database, attachment storage). */
export const bugEndpointTestSchema = z.object({ success: z.boolean(), checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })) });
export type BugEndpointTest = z.infer<typeof bugEndpointTestSchema>;
