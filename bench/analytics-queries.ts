/**
 * Analytics queries (issue 12, docs/decisions/094) on a fresh embedded PGlite (in memory): ONE MILLION events
 * spread over the past year, seeded in SQL (generate_series, not a JS loop), plus 5,000 orders; then the nightly
 * roll-up, then the admin's year report through the service (p50 of several runs) against two baselines of the
 * same run — the same report's numbers computed straight from the raw events (what the roll-ups save; one run, it
 * takes tens of seconds), and a plain count(*) of the events table (p50). Also the cost of tracking: one batch of 10 events through trackEvents (the rate
 * limit included). Fails when the year report's p50 exceeds the budget (BENCH_ANALYTICS_BUDGET_MS, default 1000).
 * Run alone with `node --import tsx bench/analytics-queries.ts` (no build needed). BENCH_ANALYTICS_EVENTS sets
 * the number of events.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { addDays, eachDay, rollUpFinishedDays, rollupRows, utcDay } from '../src/server/modules/analytics/analytics-rollup';
import { analyticsReport } from '../src/server/modules/analytics/analytics-report.service';
import { trackEvents } from '../src/server/modules/analytics/analytics.service';
import { BENCH_ORDER_PAYMENTS, p50, P50_RUNS, percentile, runWhenMain, type BenchSection } from './support';

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
const BUDGET_MS = Number(process.env.BENCH_ANALYTICS_BUDGET_MS ?? 1000);

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}


export async function analyticsQueries(): Promise<BenchSection> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const db = database.db;

    // Events spread evenly over the past 365 days; ~8 events per anonymous id (a visit), ids stay within a day.
    const seed = await timed(() =>
      db.execute(sql`
        insert into analytics_events (event_type, event_category, event_data, page_url, referrer, user_agent, device, session_id, created_at)
        select
          (array['page_view','page_view','page_view','page_view','nomination_created','certificate_shared','award_claimed',
                 'funnel_step','order_completed','add_to_cart'])[1 + i % 10],
          'user_action',
          case when i % 10 = 7
               then jsonb_build_object('step', (array['checkout','paid','oto1','oto1_accepted','downsell','downsell_accepted','thank_you'])[1 + (i / 10) % 7])
               else '{}'::jsonb end,
          (array['/','/gallery','/store','/nominate','/quiz','/cart','/claim/:token','/certificate/:shareId','/community',
                 '/quiz-landing','/order/success','/funnel/checkout','/privacy-policy','/quiz/results/:resultId'])[1 + ((i::bigint * 7919) % 14)::int],
          case when i % 5 = 0 then (array['google.com','facebook.com','reddit.com','news.example.org','t.co'])[1 + (i / 5) % 5] end,
          'Mozilla/5.0 (bench)',
          (array['desktop','mobile','tablet'])[1 + (i / 8) % 3],
          'bench-' || (i / 8)::text,
          now() - make_interval(secs => (${EVENTS}::float8 - i) / ${EVENTS} * 365 * 86400)
        from generate_series(1, ${EVENTS}) as i`),
    );
    const orders = await timed(() =>
      db.execute(sql`
        insert into orders (number, email, status, currency, subtotal, total, idempotency_key, request_hash, created_at, updated_at)
        select 'BENCH-' || i, 'buyer' || i || '@example.test', case when i % 6 = 5 then 'pending' else 'open' end,
               'USD', 2500 + i % 5000, 2500 + i % 5000, 'bench-' || i, 'h',
               now() - make_interval(secs => i::float8 / 5000 * 365 * 86400), now() - make_interval(secs => i::float8 / 5000 * 365 * 86400)
        from generate_series(1, 5000) as i`),
    );
    await db.execute(sql.raw(BENCH_ORDER_PAYMENTS));
    await db.execute(sql`analyze`);

    const rollup = await timed(() => rollUpFinishedDays(db));
    const rolledRows = Number(((await db.execute(sql`select count(*) as n from analytics_daily`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

    const today = utcDay(new Date());
    const range = { from: addDays(today, -365), to: today };
    const report = await analyticsReport(db, range, { currency: 'USD' });
    const reportMs = await p50(() => analyticsReport(db, range, { currency: 'USD' }));
    // The same numbers without roll-ups: every day of the range grouped from the raw events, then summed. Once: it
    // takes tens of seconds on a million events, which is the point.
    const { ms: rawMs } = await timed(() =>
      db.execute(sql`select dimension, key, sum(events), sum(visitors) from (${rollupRows(eachDay(range.from, range.to))}) as r group by dimension, key`),
    );
    const countMs = await p50(() => db.execute(sql`select count(*) from analytics_events`));

    // Tracking: one batch of 10 events, the per-address limit included (a new address every 100 batches).
    const batch = Array.from({ length: 10 }, (_, i) => ({ event_type: i === 0 ? 'page_view' : 'add_to_cart', event_category: 'user_action', event_data: {}, page_url: '/store?x=1' }));
    const trackTimes: number[] = [];
    for (let i = 0; i < 300; i++) {
      const ctx = { sessionId: `bench-track-${i}`, resolveUserId: async () => null, userAgent: 'Mozilla/5.0 (bench)', ip: `10.9.${Math.floor(i / 100)}.1`, ownHosts: ['bench.test'] };
      trackTimes.push((await timed(() => trackEvents(db, ctx, batch))).ms);
    }

    const failed = reportMs > BUDGET_MS || report.totals.events < EVENTS * 0.99;
    const f = (n: number, d = 0) => n.toFixed(d);
    return {
      failed,
      lines: [
        `analytics embedded PGlite: seeded ${EVENTS.toLocaleString('en')} events over 365 days in ${f(seed.ms / 1000, 1)} s (+ 5,000 orders in ${f(orders.ms)} ms); roll-up of ${rollup.value.length} days in ${f(rollup.ms / 1000, 1)} s → ${rolledRows.toLocaleString('en')} rows`,
        `analytics year report (366 days, today live) p50 ${f(reportMs, 1)} ms over ${P50_RUNS} runs; budget ${BUDGET_MS} ms ${reportMs > BUDGET_MS ? 'EXCEEDED' : 'met'}; totals ${report.totals.visitors.toLocaleString('en')} visitors, ${report.totals.page_views.toLocaleString('en')} page views, ${report.totals.events.toLocaleString('en')} events, ${report.totals.orders} orders`,
        `analytics baseline: same numbers from raw events ${f(rawMs, 1)} ms (one run) (report is ${f(rawMs / reportMs, 1)}× faster); count(*) of the events p50 ${f(countMs, 1)} ms (ratio report/count ${f(reportMs / countMs, 2)})`,
        `analytics tracking: one batch of 10 events (rate limit + one insert) p50 ${f(percentile(trackTimes, 50), 2)} ms, p99 ${f(percentile(trackTimes, 99), 2)} ms`,
      ],
    };
  } finally {
    await database.close();
  }
}

await runWhenMain(import.meta, analyticsQueries);
