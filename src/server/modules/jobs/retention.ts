import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/client';
import { analyticsEvents, mailOutbox, rateLimitAttempts, rateLimitCounters, securityEvents } from '@/server/db/schema/index';
import { z } from 'zod';
import { defineJob, handle, type JobRegistration } from './job-queue';

/** How long records that only serve security and support are kept (the privacy policy says the same). */
export const RETENTION_DAYS = { mails: 180, signInAttempts: 90, securityEvents: 365 } as const;
/** Raw analytics events; their daily roll-ups stay (docs/decisions/094). */
export const ANALYTICS_RETENTION_DAYS = 400;

export const RETENTION_JOB = 'retention.clean';

/** Deletes what has outlived its purpose; safe to run any number of times. */
export async function cleanExpiredRecords(db: Db): Promise<{ mails: number; signInAttempts: number; securityEvents: number }> {
  const older = (days: number) => sql`now() - make_interval(days => ${days})`;
  const mails = await db
    .delete(mailOutbox)
    .where(sql`${mailOutbox.createdAt} < ${older(RETENTION_DAYS.mails)} and ${mailOutbox.status} in ('sent', 'logged', 'failed')`)
    .returning({ id: mailOutbox.id });
  const attempts = await db.delete(rateLimitAttempts).where(sql`${rateLimitAttempts.createdAt} < ${older(RETENTION_DAYS.signInAttempts)}`).returning({ id: rateLimitAttempts.id });
  const events = await db.delete(securityEvents).where(sql`${securityEvents.createdAt} < ${older(RETENTION_DAYS.securityEvents)}`).returning({ id: securityEvents.id });
  // The order path's limit counters (windows of an hour): a day on, their window has long ended.
  await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${older(1)}`);
  return { mails: mails.length, signInAttempts: attempts.length, securityEvents: events.length };
}

/** Raw analytics events older than ANALYTICS_RETENTION_DAYS (the nightly roll-up has summed them long before). */
export async function cleanExpiredAnalyticsEvents(db: Db): Promise<number> {
  const result = await db.execute(
    sql`with gone as (delete from ${analyticsEvents} where ${analyticsEvents.createdAt} < now() - make_interval(days => ${ANALYTICS_RETENTION_DAYS}) returning 1) select count(*)::int as n from gone`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Every night at 03:17 UTC, once across all instances. */
export const retentionJob = defineJob(RETENTION_JOB, z.object({}), { retryLimit: 3, expireInSeconds: 600, cron: '17 3 * * *', pollSeconds: 60 });

export function retentionJobs(db: Db, log: FastifyBaseLogger): JobRegistration[] {
  return [
    handle(retentionJob, async () => {
      const deleted = { ...(await cleanExpiredRecords(db)), analyticsEvents: await cleanExpiredAnalyticsEvents(db) };
      log.info({ deleted }, 'deleted expired records');
    }),
  ];
}
