import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every change to an award (spec §3 "Award audit entry", §7 awards_audit): who, when, what it was and what it
 * became, as whole award rows. Written in the same transaction as the change (modules/awards/awards-audit.ts),
 * beside the general audit_log row. award_id has no foreign key on purpose: the history of a deleted award stays.
 */
export const awardsAudit = pgTable(
  'awards_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    awardId: uuid('award_id').notNull(),
    /** create | update | delete */
    action: text('action').$type<'create' | 'update' | 'delete'>().notNull(),
    /** Where the change came from: the award form, a bulk action, a reorder, a CSV import, a category deletion. */
    source: text('source').$type<'form' | 'bulk' | 'reorder' | 'image' | 'import' | 'category'>().notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('awards_audit_award_changed_idx').on(t.awardId, t.changedAt), index('awards_audit_changed_idx').on(t.changedAt)],
);
