import { z } from 'zod';
import { calendarDate, pageNumber } from './fields';

/**
 * /admin/audit (issue 14, docs/decisions/104): every admin action (audit_log) and every security event
 * (security_events) in one list, newest first. Entity types and actions are whatever the modules write: the list
 * knows none of them by name.
 */

export const AUDIT_KINDS = ['admin', 'security'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_PAGE_SIZE = 50;

const filterText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, { message: `${field} must be at most ${max} characters` })
    .optional()
    .transform((v) => v || undefined);

export const auditListQuerySchema = z
  .object({
    kind: z.enum(AUDIT_KINDS, { message: "kind must be 'admin' or 'security'" }).optional(),
    /** Part of the actor's email: the admin for an action, the address named in a security event. */
    actor: filterText('actor', 200),
    entity_type: filterText('entity_type', 60),
    /** The action (admin) or event type (security), exactly. */
    action: filterText('action', 100),
    /** UTC days, both ends included. */
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
    page: pageNumber(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'to must not be before from', path: ['to'] });
/** The list's filters as a client sends them. */
export type AuditListQuery = Omit<z.input<typeof auditListQuerySchema>, 'page'> & { page?: number | undefined };

export const auditEntrySummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(AUDIT_KINDS),
  created_at: z.string(),
  /** The action (`settings.updated`) or, for a security event, its type (`failed_login`). */
  action: z.string(),
  /** null for a security event. */
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  /** Who: the admin's email (null: an operator, or an account since deleted), or the email a security event names. */
  actor_email: z.string().nullable(),
  actor_user_id: z.string().nullable(),
  ip: z.string().nullable(),
  /** Top-level fields that differ between before and after (admin actions). */
  changed_fields: z.array(z.string()),
  /** Security events repeated in one window are one row (docs/decisions/018). */
  count: z.number().int(),
});
export type AuditEntrySummary = z.infer<typeof auditEntrySummarySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** What the filters offer: every entity type and action written so far (security event types included). */
  facets: z.object({ entity_types: z.array(z.string()), actions: z.array(z.string()) }),
});
export type AuditList = z.infer<typeof auditListSchema>;

export const auditEntrySchema = auditEntrySummarySchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  /** Security events: what was recorded, the browser, the last time it happened. */
  details: z.unknown(),
  user_agent: z.string().nullable(),
  last_seen_at: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditIdParamsSchema = z.object({ id: z.uuid({ message: 'id must be a UUID' }) });
