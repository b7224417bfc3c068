import { z } from 'zod';
import { pageNumber } from './fields';

/**
 * /admin/crm (issue 14, docs/decisions/103): contacts built from nominators, nominees with an email, customers and
 * bug reporters, merged by lower-cased email; tags, marketing consent and notes kept by admins; a contact's data
 * export and erasure for privacy requests.
 */

export const CRM_PAGE_SIZE = 25;
/** Each sort key has an index that serves its order both ways (docs/decisions/103). */
export const CRM_SORTS = ['last_activity', 'ltv', 'orders', 'email'] as const;
export type CrmSort = (typeof CRM_SORTS)[number];
export const CRM_TAG_MAX = 40;
export const CRM_TAGS_PER_CONTACT = 20;
export const CRM_NOTE_MAX = 5000;
export const CRM_CONSENT_SOURCE_MAX = 200;
/** The most timeline entries a contact page shows (newest first); the data export has everything. */
export const CRM_TIMELINE_MAX = 300;

const yesNo = (field: string) => z.enum(['yes', 'no'], { message: `${field} must be 'yes' or 'no'` });

export const crmContactsQuerySchema = z.object({
  q: z.string().trim().max(200, { message: 'q must be at most 200 characters' }).optional(),
  tag: z.string().trim().toLowerCase().max(CRM_TAG_MAX, { message: `tag must be at most ${CRM_TAG_MAX} characters` }).optional(),
  consent: yesNo('consent').optional(),
  account: yesNo('account').optional(),
  sort: z.enum(CRM_SORTS, { message: `sort must be one of ${CRM_SORTS.join(', ')}` }).default('last_activity'),
  dir: z.enum(['asc', 'desc'], { message: "dir must be 'asc' or 'desc'" }).optional(),
  page: pageNumber(),
});
export type CrmContactsQuery = Omit<z.input<typeof crmContactsQuerySchema>, 'page'> & { page?: number | undefined };
/** The CSV export takes the list's filters and order, without the page. */
export const crmExportQuerySchema = crmContactsQuerySchema.omit({ page: true });

export const crmContactSummarySchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  marketing_consent: z.boolean(),
  has_account: z.boolean(),
  nominations_sent: z.number().int(),
  nominations_received: z.number().int(),
  orders_count: z.number().int(),
  /** Paid minus refunded, minor units of `currency` (the shop's). */
  ltv: z.number().int(),
  currency: z.string(),
  bug_reports: z.number().int(),
  first_seen_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
});
export type CrmContactSummary = z.infer<typeof crmContactSummarySchema>;

export const crmContactListSchema = z.object({
  contacts: z.array(crmContactSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CrmContactList = z.infer<typeof crmContactListSchema>;

export const crmTagListSchema = z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number().int() })) });
export type CrmTagList = z.infer<typeof crmTagListSchema>;

export const CRM_TIMELINE_KINDS = ['nomination_sent', 'nomination_received', 'claim_accepted', 'claim_declined', 'order', 'bug_report', 'mail', 'account'] as const;
export type CrmTimelineKind = (typeof CRM_TIMELINE_KINDS)[number];

export const crmTimelineEntrySchema = z.object({
  kind: z.enum(CRM_TIMELINE_KINDS),
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  /** What the entry opens in the admin area. */
  link: z.object({ type: z.enum(['order', 'nomination', 'bug_report']), id: z.uuid() }).nullable(),
});
export type CrmTimelineEntry = z.infer<typeof crmTimelineEntrySchema>;

export const crmNoteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author_id: z.uuid().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type CrmNote = z.infer<typeof crmNoteSchema>;

export const crmContactSchema = crmContactSummarySchema.extend({
  consent_changed_at: z.string().nullable(),
  consent_source: z.string().nullable(),
  /** The account with this address, when there is one. */
  account: z.object({ id: z.uuid(), name: z.string(), created_at: z.string(), is_admin: z.boolean() }).nullable(),
  notes: z.array(crmNoteSchema),
  timeline: z.array(crmTimelineEntrySchema),
  /** More than CRM_TIMELINE_MAX entries: the oldest are left out (the data export has them all). */
  timeline_truncated: z.boolean(),
});
export type CrmContact = z.infer<typeof crmContactSchema>;

export const crmContactParamsSchema = z.object({ id: z.uuid({ message: 'id must be a contact id' }) });
export const crmNoteParamsSchema = z.object({ id: z.uuid({ message: 'id must be a contact id' }), noteId: z.uuid({ message: 'noteId must be a note id' }) });

/** A tag: trimmed, lower-cased, inner spaces collapsed; letters, digits, spaces, '-' and '_'. */
export const crmTagSchema = z
  .string({ message: 'Each tag must be text' })
  .trim()
  .toLowerCase()
  .transform((t) => t.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { message: 'A tag cannot be empty' })
      .max(CRM_TAG_MAX, { message: `A tag is at most ${CRM_TAG_MAX} characters` })
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, { message: 'A tag may hold letters, digits, spaces, - and _' }),
  );

/** Marketing consent as an admin records it: granting needs the source (how we know); withdrawing does not. */
export const crmConsentSchema = z
  .object({
    granted: z.boolean({ message: 'granted must be true or false' }),
    /** How we know, e.g. "asked by email on 3 May". */
    source: z
      .string({ message: 'source must be text' })
      .trim()
      .max(CRM_CONSENT_SOURCE_MAX, { message: `At most ${CRM_CONSENT_SOURCE_MAX} characters` })
      .default(''),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.granted && !c.source) {
      ctx.addIssue({ code: 'custom', path: ['source'], message: 'Say how they gave consent (for example "asked by email on 3 May")' });
    }
  });
export type CrmConsentInput = z.input<typeof crmConsentSchema>;

export const crmContactPatchSchema = z
  .object({
    tags: z
      .array(crmTagSchema, { message: 'tags must be a list' })
      .max(CRM_TAGS_PER_CONTACT, { message: `At most ${CRM_TAGS_PER_CONTACT} tags` })
      .transform((tags) => [...new Set(tags)])
      .optional(),
    consent: crmConsentSchema.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.tags === undefined && b.consent === undefined) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'Nothing to change: send tags or consent' });
    }
  });
export type CrmContactPatch = z.input<typeof crmContactPatchSchema>;

export const crmNoteBodySchema = z
  .object({
    body: z
      .string({ message: 'Write a note' })
      .trim()
      .min(1, { message: 'Write a note' })
      .max(CRM_NOTE_MAX, { message: `A note is at most ${CRM_NOTE_MAX} characters` }),
  })
  .strict();
export type CrmNoteBody = z.input<typeof crmNoteBodySchema>;

export const crmEraseBodySchema = z
  .object({
    confirm_email: z.string({ message: "Type the contact's email address to confirm" }).trim().max(320, { message: 'At most 320 characters' }),
  })
  .strict();
export type CrmEraseBody = z.input<typeof crmEraseBodySchema>;

export const crmErasureResultSchema = z.object({
  erased: z.literal(true),
  /** What was removed or anonymised, by kind. */
  counts: z.object({
    nominations_sent: z.number().int(),
    nominations_received: z.number().int(),
    certificates_withdrawn: z.number().int(),
    orders_anonymised: z.number().int(),
    bug_reports: z.number().int(),
    mails_deleted: z.number().int(),
    notes_deleted: z.number().int(),
    account_deleted: z.boolean(),
  }),
});
export type CrmErasureResult = z.infer<typeof crmErasureResultSchema>;

const record = z.record(z.string(), z.unknown());
/** Everything kept about one address (GET …/export): the right of access, as a JSON download. */
export const crmContactExportSchema = z.object({
  exported_at: z.string(),
  email: z.string(),
  contact: record,
  account: record.nullable(),
  notes: z.array(record),
  nominations_sent: z.array(record),
  nominations_received: z.array(record),
  orders: z.array(record),
  bug_reports: z.array(record),
  mails: z.array(record),
  sign_in_attempts: z.array(record),
  security_events: z.array(record),
});
export type CrmContactExport = z.infer<typeof crmContactExportSchema>;
