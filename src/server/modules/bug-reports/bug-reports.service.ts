import { randomUUID } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BUG_ATTACHMENT_FOLDERS, BUG_LIMITS, BUG_RATE_LIMIT, createBugFieldsSchema } from '@/contract/bug-reports';
import type { Db } from '@/server/db/client';
import { bugReports, userRoles, users } from '@/server/db/schema/index';
import { badRequest, tooManyRequests } from '@/server/lib/http-errors';
import { findUnstorableText } from '@/server/lib/validation';
import { checkRateLimits, pruneRateLimitAttempts, type RateLimitRule } from '../security';
import { bugReportAdminUrl, criticalBugMail } from './bug-report-mails';
import type { AttachmentField, BugAttachment, BugForm } from './bug-report-form';
import { BUG_BUCKET, type BugReportsContext } from './context';

/** create-bug (spec §7, docs/decisions/095): anyone may report a bug, with a screenshot and a video. */

export type BugFields = z.output<typeof createBugFieldsSchema>;

const RULES = {
  burst: { attemptType: 'bug_report', maxAttempts: BUG_RATE_LIMIT.burst.max, windowMinutes: BUG_RATE_LIMIT.burst.windowMinutes },
  daily: { attemptType: 'bug_report_daily', maxAttempts: BUG_RATE_LIMIT.daily.max, windowMinutes: BUG_RATE_LIMIT.daily.windowMinutes },
} satisfies Record<string, RateLimitRule>;

/**
 * Reserves one report for this IP against both limits, or 429 RATE_LIMITED. Called before the body is read, so a
 * limited caller cannot make us read 30 MB; every attempt counts, whatever its outcome (like nominations).
 */
export async function enforceBugReportLimit(db: Db, ip: string): Promise<void> {
  const identifier = `ip:${ip}`;
  const decision = await checkRateLimits(
    db,
    [
      { identifier, rule: RULES.burst },
      { identifier, rule: RULES.daily },
    ],
    ip,
  );
  await pruneRateLimitAttempts(db, RULES.burst);
  await pruneRateLimitAttempts(db, RULES.daily);
  if (!decision.allowed) {
    const daily = decision.refusedBy.rule === RULES.daily;
    throw tooManyRequests(
      daily
        ? `That is ${BUG_RATE_LIMIT.daily.max} bug reports from you today, thank you! Please send the next one tomorrow.`
        : `That is ${BUG_RATE_LIMIT.burst.max} bug reports from you in the last ${BUG_RATE_LIMIT.burst.windowMinutes} minutes. Please wait a few minutes and try again.`,
      'RATE_LIMITED',
      { retryAfterSeconds: (daily ? BUG_RATE_LIMIT.daily : BUG_RATE_LIMIT.burst).windowMinutes * 60 },
    );
  }
}

const JSON_FIELDS: Readonly<Record<string, string>> = { console_logs: 'a JSON list of lines', metadata: 'a JSON object' };

/**
 * The text fields as createBugFieldsSchema takes them: empty optional fields are left out (spec §5: omitted when
 * empty; a blank title stays "Title is required"), console_logs and metadata parsed from their JSON text. A 400
 * names the field.
 */
export function parseBugFields(raw: BugForm['fields']): BugFields {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    if (name in JSON_FIELDS && typeof value === 'string') {
      if (name === 'metadata' && Buffer.byteLength(value) > BUG_LIMITS.metadataMaxBytes) {
        throw badRequest(`metadata is too large: at most ${BUG_LIMITS.metadataMaxBytes} bytes`, name);
      }
      try {
        input[name] = JSON.parse(value) as unknown;
      } catch {
        throw badRequest(`${name} must be ${JSON_FIELDS[name]}; it is not valid JSON`, name, 'INVALID_JSON');
      }
    } else if (typeof value === 'string') {
      // A form sends line breaks as CRLF: stored as the person typed them.
      input[name] = name === 'reporter_email' ? value.trim() : value.replace(/\r\n?/g, '\n');
    } else {
      input[name] = value;
    }
  }
  const unstorable = findUnstorableText(input);
  if (unstorable) {
    const field = unstorable.join('.');
    throw badRequest(`${field}: this field contains a character we cannot store (a NUL or a broken emoji). Remove it and try again.`, field, 'INVALID_TEXT');
  }
  const parsed = createBugFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join('.');
    const leaf = field.split('.').pop() ?? '';
    const message = !field || issue.message.includes(leaf) || field === 'title' ? issue.message : `${field}: ${issue.message}`;
    throw badRequest(message, field || undefined);
  }
  return parsed.data;
}

/**
 * The x-viewport-json header (spec §7: the viewport as text): parsed when it is at most 1 KB of JSON that a jsonb
 * column can hold, else null. It never fails a report.
 */
export function parseViewportHeader(header: string | string[] | undefined): unknown {
  if (typeof header !== 'string' || !header || Buffer.byteLength(header) > BUG_LIMITS.viewportHeaderMaxBytes) return null;
  try {
    const value = JSON.parse(header) as unknown;
    return findUnstorableText(value) ? null : value;
  } catch {
    return null;
  }
}

export interface NewBugReport {
  fields: BugFields;
  viewportHeader: unknown;
  attachments: BugAttachment[];
  reporterUserId: string | null;
  userAgent: string | null;
  ip: string | null;
}

/**
 * Stores the attachments, then the report (and, for a critical one, the admins' mails) in one transaction.
 * Nothing is half-written: a failed upload writes no row, and a failed insert deletes the stored files.
 */
export async function createBugReport(ctx: BugReportsContext, input: NewBugReport): Promise<string> {
  const { fields } = input;
  // Read before the transaction: on PGlite (one connection) a query outside it would wait for it.
  const brand = fields.severity === 'critical' ? (await ctx.settings.getPublic()).brand_name : '';
  const keys = await storeAttachments(ctx, input.attachments);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bugReports)
        .values({
          title: fields.title,
          description: fields.description ?? null,
          stepsToRepro: fields.steps_to_repro ?? null,
          severity: fields.severity,
          pageUrl: fields.page_url ?? null,
          consoleLogs: fields.console_logs,
          metadata: fields.metadata,
          viewportHeader: input.viewportHeader ?? null,
          screenshotPath: keys.screenshot ?? null,
          reproVideoPath: keys.repro_video ?? null,
          reporterEmail: fields.reporter_email ?? null,
          reporterUserId: input.reporterUserId,
          userAgent: input.userAgent?.slice(0, 1000) ?? null,
          ip: input.ip,
        })
        .returning({ id: bugReports.id });
      const id = row!.id;
      if (fields.severity === 'critical') await queueCriticalMails(ctx, tx as unknown as Db, { id, brand, fields });
      return id;
    });
  } catch (err) {
    await deleteAttachments(ctx, Object.values(keys));
    throw err;
  }
}

/** Puts each attachment at {folder}/{uuid}.{ext}; when one fails, those already stored are deleted again. */
async function storeAttachments(ctx: BugReportsContext, attachments: BugAttachment[]): Promise<Partial<Record<AttachmentField, string>>> {
  const planned = attachments.map((a) => ({ a, key: `${BUG_ATTACHMENT_FOLDERS[a.field]}/${randomUUID()}.${a.ext}` }));
  const results = await Promise.allSettled(planned.map(({ a, key }) => ctx.storage.put(BUG_BUCKET, key, a.bytes, { contentType: a.mime })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteAttachments(
      ctx,
      planned.filter((_, i) => results[i]!.status === 'fulfilled').map((p) => p.key),
    );
    throw failed.reason;
  }
  return Object.fromEntries(planned.map(({ a, key }) => [a.field, key]));
}

async function deleteAttachments(ctx: BugReportsContext, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.storage.delete(BUG_BUCKET, key).catch((err: unknown) => ctx.log.error({ err, bucket: BUG_BUCKET, key }, 'could not delete the attachment of a bug report that was not stored')),
    ),
  );
}

/** One mail per active admin, written with the report (its dedupe key: the report and the admin). */
async function queueCriticalMails(ctx: BugReportsContext, tx: Db, report: { id: string; brand: string; fields: BugFields }): Promise<void> {
  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), isNull(users.disabledAt)));
  const facts = {
    brand: report.brand,
    id: report.id,
    title: report.fields.title,
    severity: report.fields.severity,
    pageUrl: report.fields.page_url ?? null,
    adminUrl: bugReportAdminUrl(ctx.publicUrl, report.id),
  };
  for (const admin of admins) {
    await ctx.mailer.send(criticalBugMail(admin.email, facts), { tx, dedupeKey: `bug_report:${report.id}:critical:${admin.id}` });
  }
}

/**
 * Account deletion (docs/decisions/095, privacy): the reports someone filed keep their content for triage but
 * lose who sent them — the email and IP of reports filed from the account or under its address. Call before the
 * user row is deleted (which sets reporter_user_id null).
 */
export async function forgetBugReporter(tx: Pick<Db, 'update'>, user: { id: string | null; email: string }): Promise<number> {
  const byEmail = sql`lower(${bugReports.reporterEmail}) = ${user.email.toLowerCase()}`;
  const forgotten = await tx
    .update(bugReports)
    .set({ reporterEmail: null, ip: null, updatedAt: sql`now()` })
    .where(user.id ? or(eq(bugReports.reporterUserId, user.id), byEmail) : byEmail)
    .returning({ id: bugReports.id });
  return forgotten.length;
}
