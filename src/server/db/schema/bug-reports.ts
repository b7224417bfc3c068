import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const BUG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugSeverity = (typeof BUG_SEVERITIES)[number];

/** The triage workflow: new → triaged → in_progress → resolved / wont_fix (a closed report may be reopened). */
export const BUG_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'wont_fix'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];

/** What the browser attached by itself (spec §3 "Bug report payload" metadata). */
export interface BugReportMetadata {
  viewport?: { width: number; height: number; devicePixelRatio: number };
  timestamp?: string;
  userAgent?: string;
}

/**
 * Spec §3 "Bug report payload", sent by anyone through create-bug (issue 12). Attachments live in the private
 * bug-attachments bucket of the storage adapter, under screenshots/{random}.{ext} and videos/{random}.{ext}.
 */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    stepsToRepro: text('steps_to_repro'),
    severity: text('severity').$type<BugSeverity>().notNull().default('medium'),
    status: text('status').$type<BugStatus>().notNull().default('new'),
    pageUrl: text('page_url'),
    /** The last lines of the browser's console buffer (at most 50). */
    consoleLogs: jsonb('console_logs').$type<string[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<BugReportMetadata>().notNull().default({}),
    /** The x-viewport-json header as sent (parsed when it was valid JSON). */
    viewportHeader: jsonb('viewport_header').$type<unknown>(),
    screenshotPath: text('screenshot_path'),
    reproVideoPath: text('repro_video_path'),
    reporterEmail: text('reporter_email'),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bug_reports_created_at_idx').on(t.createdAt),
    index('bug_reports_status_idx').on(t.status, t.createdAt),
    index('bug_reports_severity_idx').on(t.severity, t.createdAt),
    // The CRM (docs/decisions/103): a contact's reports by address, and what changed since the last contact sync.
    index('bug_reports_reporter_email_lower_idx').on(sql`lower(${t.reporterEmail})`),
    index('bug_reports_updated_at_idx').on(t.updatedAt),
    check('bug_reports_severity_check', sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
    check('bug_reports_status_check', sql`${t.status} in ('new', 'triaged', 'in_progress', 'resolved', 'wont_fix')`),
  ],
);

/** The triage history of a report: each status change and note, by whom (also in audit_log). */
export const bugReportNotes = pgTable(
  'bug_report_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bugReportId: uuid('bug_report_id')
      .notNull()
      .references(() => bugReports.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body'),
    fromStatus: text('from_status').$type<BugStatus>(),
    toStatus: text('to_status').$type<BugStatus>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bug_report_notes_report_idx').on(t.bugReportId, t.createdAt)],
);
