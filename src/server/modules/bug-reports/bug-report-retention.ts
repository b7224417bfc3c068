import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, handle, type JobRegistration } from '@/server/modules/jobs';
import { bugReports } from '@/server/db/schema/index';
import { BUG_BUCKET, type BugReportsContext } from './context';

/** Bug reports and their attachments are kept this long (the privacy policy says the same). */
export const BUG_REPORT_RETENTION_DAYS = 365;
export const BUG_REPORT_RETENTION_JOB = 'bug-reports.retention';
/** Reports removed per run at most: a big backlog is worked off over a few nights, never in one long run. */
const BATCH = 500;

/**
 * Deletes reports older than BUG_REPORT_RETENTION_DAYS with their notes (cascade) and their files. The rows go
 * first: a file whose delete fails is only an orphan in the private bucket, never a report pointing at nothing.
 */
export async function deleteExpiredBugReports(ctx: Pick<BugReportsContext, 'db' | 'storage' | 'log'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BUG_REPORT_RETENTION_DAYS * 86_400_000);
  const expired = ctx.db
    .select({ id: bugReports.id })
    .from(bugReports)
    .where(lt(bugReports.createdAt, cutoff))
    .orderBy(bugReports.createdAt)
    .limit(BATCH);
  const gone = await ctx.db
    .delete(bugReports)
    .where(sql`${bugReports.id} in (${expired})`)
    .returning({ screenshot: bugReports.screenshotPath, video: bugReports.reproVideoPath });
  for (const path of gone.flatMap((r) => [r.screenshot, r.video])) {
    if (!path) continue;
    await ctx.storage.delete(BUG_BUCKET, path).catch((err: unknown) => ctx.log.warn({ err, path }, 'could not delete an expired bug attachment'));
  }
  return gone.length;
}

/** Every night at 03:37 UTC, once across all instances. */
export const bugReportRetentionJob = defineJob(BUG_REPORT_RETENTION_JOB, z.object({}), { retryLimit: 3, expireInSeconds: 600, cron: '37 3 * * *', pollSeconds: 60 });

export function bugReportJobs(ctx: Pick<BugReportsContext, 'db' | 'storage' | 'log'>): JobRegistration[] {
  return [
    handle(bugReportRetentionJob, async () => {
      const deleted = await deleteExpiredBugReports(ctx);
      if (deleted) ctx.log.info({ deleted }, 'deleted expired bug reports');
    }),
  ];
}
