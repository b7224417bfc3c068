import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/client';
import { z } from 'zod';
import { addDays, eachDay, utcDay } from '@/server/lib/utc-days';
import { defineJob, handle, type JobRegistration, ANALYTICS_RETENTION_DAYS } from '../jobs';

/**
 * Daily roll-ups of analytics_events into analytics_daily (docs/decisions/094): per finished UTC day and dimension
 * — total (key ''), page (page_url of page views), referrer, device, event (event_type), funnel_step
 * (event_data.step) — the events and the distinct anonymous ids. The browser's id is new every day, so the sum
 * of a range's daily visitors is its "visitors" figure. Every rolled-up day has a total row, even a day without
 * events: a day without one is a day not rolled up yet.
 */

export const ROLLUP_DIMENSIONS = ['total', 'page', 'referrer', 'device', 'event', 'funnel_step'] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

export const ANALYTICS_ROLLUP_JOB = 'analytics.rollup';
/** How far back the nightly job looks for days not rolled up: as far as raw events are kept. */
export const ROLLUP_LOOKBACK_DAYS = ANALYTICS_RETENTION_DAYS;
/** Days rolled up in one transaction (one scan of their events). */
const DAYS_PER_TRANSACTION = 31;
/** Any fixed number: roll-ups of one day never run at once (the nightly job and a report could). */
const ROLLUP_LOCK_KEY = 7_311_420_094;

// The UTC days are shared with the dashboard and the audit log (src/server/lib/utc-days.ts).
export { addDays, eachDay, utcDay };

/**
 * The roll-up rows (day, dimension, key, events, visitors) of `days`, computed from analytics_events with one scan
 * of their time span. Also what the report reads for today, live.
 */
export function rollupRows(days: readonly string[]): SQL {
  const sorted = [...days].sort();
  const start = `${sorted[0]}T00:00:00Z`;
  const end = `${addDays(sorted.at(-1)!, 1)}T00:00:00Z`;
  const dayList = sql`${sql.param(sorted)}::date[]`;
  return sql`
    with e as materialized (
      select (created_at at time zone 'UTC')::date as day, event_type, page_url, referrer, device,
             event_data ->> 'step' as step, session_id
      from analytics_events
      where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        and (created_at at time zone 'UTC')::date = any(${dayList})
    )
    select d.day, 'total' as dimension, '' as key, count(e.day) as events, count(distinct e.session_id) as visitors
      from unnest(${dayList}) as d(day) left join e on e.day = d.day group by d.day
    union all
    select day, 'page', page_url, count(*), count(distinct session_id) from e
      where event_type = 'page_view' and page_url is not null group by day, page_url
    union all
    select day, 'referrer', referrer, count(*), count(distinct session_id) from e where referrer is not null group by day, referrer
    union all
    select day, 'device', device, count(*), count(distinct session_id) from e where device is not null group by day, device
    union all
    select day, 'event', event_type, count(*), count(distinct session_id) from e group by day, event_type
    union all
    select day, 'funnel_step', step, count(*), count(distinct session_id) from e
      where event_type = 'funnel_step' and step is not null group by day, step`;
}

/** Rolls up these days again from scratch (delete + insert in one transaction): safe to repeat. */
export async function rollUpDays(db: Db, days: readonly string[]): Promise<void> {
  const sorted = [...new Set(days)].sort();
  for (let i = 0; i < sorted.length; i += DAYS_PER_TRANSACTION) {
    const chunk = sorted.slice(i, i + DAYS_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_KEY})`);
      await tx.execute(sql`delete from analytics_daily where day = any(${sql.param(chunk)}::date[])`);
      await tx.execute(sql`insert into analytics_daily (day, dimension, key, events, visitors) ${rollupRows(chunk)}`);
    });
  }
}

/** Finished days from `from` to `to` (both included) that have no roll-up yet. */
export async function missingDays(db: Db, from: string, to: string): Promise<string[]> {
  if (to < from) return [];
  const result = await db.execute(sql`
    select d::date::text as day
    from generate_series(${from}::date, ${to}::date, interval '1 day') as d
    where not exists (select 1 from analytics_daily a where a.day = d::date and a.dimension = 'total' and a.key = '')
    order by 1`);
  return (result as unknown as { rows: { day: string }[] }).rows.map((r) => String(r.day).slice(0, 10));
}

/**
 * What the nightly job does: yesterday again (an event written just before midnight may have committed after an
 * earlier roll-up) and every earlier finished day within ROLLUP_LOOKBACK_DAYS that has none.
 */
export async function rollUpFinishedDays(db: Db, now = new Date()): Promise<string[]> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const days = [...(await missingDays(db, addDays(today, -ROLLUP_LOOKBACK_DAYS), addDays(yesterday, -1))), yesterday];
  await rollUpDays(db, days);
  return days;
}

/** Every night at 00:07 UTC, once across all instances (before the retention job at 03:17 deletes old events). */
export const analyticsRollupJob = defineJob(ANALYTICS_ROLLUP_JOB, z.object({}), { retryLimit: 3, expireInSeconds: 900, cron: '7 0 * * *', pollSeconds: 60 });

export function analyticsJobs(db: Db, log: FastifyBaseLogger): JobRegistration[] {
  return [
    handle(analyticsRollupJob, async () => {
      const days = await rollUpFinishedDays(db);
      log.info({ days: days.length, from: days[0], to: days.at(-1) }, 'rolled up analytics');
    }),
  ];
}
