import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  BUG_STATUS_LABELS,
  BUG_STATUSES,
  type BugEndpointTest,
  type BugReportDetail,
  type BugReportList,
  type bugReportListQuerySchema,
  type BugReportSummary,
  type BugReportUpdate,
  type BugStatus,
} from '@/contract/bug-reports';
import type { Db } from '@/server/db/client';
import { bugReportNotes, bugReports, users } from '@/server/db/schema/index';
import { conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import type { AttachmentField } from './bug-report-form';
import { BUG_BUCKET, type BugReportsContext } from './context';

/** /admin/bug-reports (issue 12, docs/decisions/095): triage of what visitors reported. */

export const BUG_REPORTS_PAGE_SIZE = 25;

type ReportRow = typeof bugReports.$inferSelect;

const summaryOf = (r: ReportRow): BugReportSummary => ({
  id: r.id,
  title: r.title,
  severity: r.severity,
  status: r.status,
  page_url: r.pageUrl,
  reporter_email: r.reporterEmail,
  has_screenshot: r.screenshotPath !== null,
  has_video: r.reproVideoPath !== null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Newest first, 25 a page; status_counts count every status under the other filters (the status tabs). */
export async function listBugReports(db: Db, q: z.output<typeof bugReportListQuerySchema>): Promise<BugReportList> {
  const others: SQL[] = [];
  if (q.severity) others.push(eq(bugReports.severity, q.severity));
  if (q.from) others.push(gte(bugReports.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) others.push(lt(bugReports.createdAt, sql`${q.to}::date + 1`));
  if (q.q) {
    const like = containsPattern(q.q);
    others.push(or(ilike(bugReports.title, like), ilike(bugReports.description, like), ilike(bugReports.reporterEmail, like), ilike(bugReports.pageUrl, like))!);
  }
  const where = and(...others, q.status ? eq(bugReports.status, q.status) : undefined);
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select()
      .from(bugReports)
      .where(where)
      .orderBy(desc(bugReports.createdAt), desc(bugReports.id))
      .limit(BUG_REPORTS_PAGE_SIZE)
      .offset((q.page - 1) * BUG_REPORTS_PAGE_SIZE),
    db.select({ n: count() }).from(bugReports).where(where),
    db
      .select({ status: bugReports.status, n: count() })
      .from(bugReports)
      .where(and(...others))
      .groupBy(bugReports.status),
  ]);
  const statusCounts = Object.fromEntries(BUG_STATUSES.map((s) => [s, 0])) as Record<BugStatus, number>;
  for (const { status, n } of perStatus) statusCounts[status] = Number(n);
  return { reports: rows.map(summaryOf), total: Number(total?.n ?? 0), page: q.page, page_size: BUG_REPORTS_PAGE_SIZE, status_counts: statusCounts };
}

const reporters = alias(users, 'reporter');
const authors = alias(users, 'author');

/** A report with its reporter's account, its attachment URLs and its notes, newest first. */
export async function bugReportDetail(db: Db, id: string): Promise<BugReportDetail> {
  const [found] = await db
    .select({ r: bugReports, name: reporters.name, email: reporters.email })
    .from(bugReports)
    .leftJoin(reporters, eq(reporters.id, bugReports.reporterUserId))
    .where(eq(bugReports.id, id));
  if (!found) throw notFound('No bug report with that id.', 'BUG_REPORT_NOT_FOUND');
  const notes = await db
    .select({ n: bugReportNotes, name: authors.name, email: authors.email })
    .from(bugReportNotes)
    .leftJoin(authors, eq(authors.id, bugReportNotes.authorUserId))
    .where(eq(bugReportNotes.bugReportId, id))
    .orderBy(desc(bugReportNotes.createdAt), desc(bugReportNotes.id));
  const { r } = found;
  return {
    ...summaryOf(r),
    description: r.description,
    steps_to_repro: r.stepsToRepro,
    console_logs: r.consoleLogs,
    metadata: r.metadata,
    viewport_header: r.viewportHeader ?? null,
    user_agent: r.userAgent,
    reporter: { user_id: r.reporterUserId, email: r.reporterEmail ?? found.email, name: found.name },
    screenshot_url: r.screenshotPath ? `/api/admin/bug-reports/${r.id}/screenshot` : null,
    video_url: r.reproVideoPath ? `/api/admin/bug-reports/${r.id}/video` : null,
    notes: notes.map(({ n, name, email }) => ({
      id: n.id,
      author: name,
      author_email: email,
      body: n.body,
      from_status: n.fromStatus,
      to_status: n.toStatus,
      created_at: n.createdAt.toISOString(),
    })),
  };
}

/**
 * A status change, a note, or both: one bug_report_notes row and one audit row, in one transaction with the
 * report locked. Any status may follow any other (a closed report can be reopened); asking for the status the
 * report already has, without a note, changes nothing and is refused 409 NO_CHANGE (so a stale screen learns that
 * someone else moved it first). The same status with a note adds the note.
 */
export async function updateBugReport(db: Db, actor: Actor, id: string, body: BugReportUpdate): Promise<BugReportDetail> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: bugReports.status }).from(bugReports).where(eq(bugReports.id, id)).for('update');
    if (!current) throw notFound('No bug report with that id.', 'BUG_REPORT_NOT_FOUND');
    const note = body.note ? body.note : null;
    const to = body.status !== undefined && body.status !== current.status ? body.status : null;
    if (!to && !note) throw conflict(`This report is already ${BUG_STATUS_LABELS[current.status].toLowerCase()}.`, 'status', 'NO_CHANGE');
    await audited(
      tx,
      actor,
      {
        action: to ? 'bug_report.status_changed' : 'bug_report.note_added',
        entityType: 'bug_report',
        entityId: id,
        before: { status: current.status },
        after: { status: to ?? current.status, ...(note ? { note } : {}) },
      },
      async () => {
        await tx.insert(bugReportNotes).values({ bugReportId: id, authorUserId: actor.userId, body: note, fromStatus: to ? current.status : null, toStatus: to });
        await tx
          .update(bugReports)
          .set({ ...(to ? { status: to } : {}), updatedAt: sql`now()` })
          .where(eq(bugReports.id, id));
      },
    );
  });
  return bugReportDetail(db, id);
}

/** Where a report's screenshot or video is stored, or 404. */
export async function attachmentKey(db: Db, id: string, field: AttachmentField): Promise<string> {
  const [row] = await db
    .select({ screenshot: bugReports.screenshotPath, video: bugReports.reproVideoPath })
    .from(bugReports)
    .where(eq(bugReports.id, id));
  if (!row) throw notFound('No bug report with that id.', 'BUG_REPORT_NOT_FOUND');
  const key = field === 'screenshot' ? row.screenshot : row.video;
  if (!key) throw notFound(field === 'screenshot' ? 'This report has no screenshot.' : 'This report has no video.', 'ATTACHMENT_NOT_FOUND');
  return key;
}

/**
 * The admin's "Edge function test" (spec §8): does create-bug's every dependency answer? The database (the
 * bug_reports table) and the attachment bucket (a small object written, read and deleted). 200 either way;
 * `success` false with the failing check's detail.
 */
export async function testBugEndpoint(ctx: BugReportsContext): Promise<BugEndpointTest> {
  const check = async (name: string, run: () => Promise<string>) => {
    try {
      return { name, ok: true, detail: await run() };
    } catch (err) {
      ctx.log.warn({ err, check: name }, 'bug report endpoint test failed');
      return { name, ok: false, detail: err instanceof Error && err.message ? err.message : 'failed' };
    }
  };
  const checks = [
    await check('database', async () => {
      const [row] = await ctx.db.select({ n: count() }).from(bugReports);
      return `bug_reports answers (${Number(row?.n ?? 0)} reports)`;
    }),
    await check('storage', async () => {
      await ctx.storage.check(BUG_BUCKET);
      return `${BUG_BUCKET} (${ctx.storage.kind}) writes, reads and deletes`;
    }),
  ];
  return { success: checks.every((c) => c.ok), checks };
}
