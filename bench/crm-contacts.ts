/**
 * The CRM's contacts (issue 14, docs/decisions/103) on a fresh embedded PGlite (in memory): 100,000 orders, 100,000
 * nominations and 5,000 bug reports over about 90,000 addresses (mixed case, overlapping), seeded in SQL. Then:
 * the first (full) contact sync; the quick sync the list runs when opened, with nothing changed and after 100 new
 * orders; the list (default order, by LTV, a search, a tag, a deep page) and a contact page through the service (p50
 * of several runs); against the alternative of computing contacts on read (the same aggregate, sorted by LTV, one
 * page). Fails when a first list page (any order, a search, a tag) or the quick sync takes longer than
 * BENCH_CRM_BUDGET_MS (default 250 ms); page 2,000 is reported only.
 * Run alone with `node --import tsx bench/crm-contacts.ts` (no build needed).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed/seed';
import { aggregate, syncContacts } from '../src/server/modules/crm/crm-sync';
import { getContact, listContacts } from '../src/server/modules/crm/crm.service';
import { BENCH_ORDER_PAYMENTS, p50, P50_RUNS, runWhenMain, type BenchSection } from './support';

const ROWS = Number(process.env.BENCH_CRM_ROWS ?? 100_000);
const BUDGET_MS = Number(process.env.BENCH_CRM_BUDGET_MS ?? 250);

/** Wall time, and this process's CPU time (PGlite runs in it): on a busy shared machine the CPU time is the steadier figure. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value };
}

export async function crmContacts(): Promise<BenchSection> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const db = database.db;
    await seedDatabase(db);
    const addresses = Math.round(ROWS * 0.6);
    const seed = await timed(async () => {
      await db.execute(sql`
        insert into orders (number, email, status, currency, subtotal, total, idempotency_key, request_hash, shipping_address, created_at, updated_at)
        select 'BENCH-' || i, case when i % 7 = 0 then 'Person' || (i % ${addresses}) || '@Example.test' else 'person' || (i % ${addresses}) || '@example.test' end,
               case when i % 6 = 5 then 'pending' else 'open' end,
               'USD', 2500 + i % 5000, 2500 + i % 5000, 'bench-' || i, 'h',
               jsonb_build_object('name', 'Person ' || (i % ${addresses}), 'country', 'US'),
               now() - make_interval(days => 400) - make_interval(secs => i::float8 / ${ROWS} * 365 * 86400),
               now() - make_interval(days => 400)
        from generate_series(1, ${ROWS}) as i`);
      await db.execute(sql.raw(BENCH_ORDER_PAYMENTS));
      await db.execute(sql`
        insert into nominations (share_id, certificate_number, award_id, template_id, nominee_name, nominee_email, nominator_name, nominator_email, created_at, updated_at)
        select 'bench' || i, 'CF-B' || i, (select id from awards order by sort_order limit 1), (select id from templates order by sort_order limit 1),
               'Nominee ' || i, case when i % 2 = 0 then 'friend' || (i % ${addresses}) || '@example.test' end,
               'Person ' || ((i * 7) % ${addresses}), 'person' || ((i * 7) % ${addresses}) || '@example.test',
               now() - make_interval(days => 400) - make_interval(secs => i::float8 / ${ROWS} * 365 * 86400), now() - make_interval(days => 400)
        from generate_series(1, ${ROWS}) as i`);
      await db.execute(sql`
        insert into bug_reports (title, reporter_email, created_at, updated_at)
        select 'Bench bug ' || i, 'person' || (i * 13 % ${addresses}) || '@example.test', now() - make_interval(days => 400), now() - make_interval(days => 400)
        from generate_series(1, ${Math.round(ROWS / 20)}) as i`);
      await db.execute(sql`analyze`);
    });

    const full = await timed(() => syncContacts(db, { currency: 'USD', full: true }));
    const contacts = Number(((await db.execute(sql`select count(*) as n from crm_contacts`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    await db.execute(sql`update crm_contacts set tags = array['vip'] where email like 'person1%'`);
    const quiet = await p50(() => syncContacts(db, { currency: 'USD' }));
    await db.execute(sql`
      with placed as (
        insert into orders (number, email, status, currency, subtotal, total, idempotency_key, request_hash)
        select 'BENCH-NEW-' || i, 'person' || i || '@example.test', 'open', 'USD', 1000, 1000, 'bench-new-' || i, 'h'
        from generate_series(1, 100) as i
        returning id
      )
      insert into payment_sessions (order_id, provider, status, amount, currency, paid_at, captured_total)
      select id, 'test', 'paid', 1000, 'USD', now(), 1000 from placed`);
    const after100 = await timed(() => syncContacts(db, { currency: 'USD' }));

    const list = (q: Record<string, unknown>) => () => listContacts(db, { sort: 'last_activity', page: 1, ...q } as Parameters<typeof listContacts>[1], 'USD');
    const times = {
      newest: await p50(list({})),
      ltv: await p50(list({ sort: 'ltv', dir: 'desc' })),
      search: await p50(list({ q: 'person4242' })),
      tag: await p50(list({ tag: 'vip' })),
      deep: await p50(list({ sort: 'email', dir: 'asc', page: 2000 })),
    };
    const someone = (await listContacts(db, { sort: 'orders', dir: 'desc', page: 1 }, 'USD')).contacts[0]!;
    const detail = await p50(() => getContact(db, someone.id, 'USD'));
    const onRead = await timed(() => db.execute(sql`select * from (${aggregate('USD', null)}) as a order by ltv desc, email limit 25`));

    // Offset paging that deep is reported, not budgeted: nobody pages 2,000 pages in; a search or filter does that job.
    const worst = Math.max(quiet, times.newest, times.ltv, times.search, times.tag);
    const f = (n: number, d = 1) => n.toFixed(d);
    return {
      failed: worst > BUDGET_MS,
      lines: [
        `crm embedded PGlite: seeded ${ROWS.toLocaleString('en')} orders + ${ROWS.toLocaleString('en')} nominations + ${(ROWS / 20).toLocaleString('en')} bug reports in ${f(seed.ms / 1000)} s; first full sync ${f(full.ms / 1000, 2)} s (CPU ${f(full.cpuMs / 1000, 2)} s) → ${contacts.toLocaleString('en')} contacts`,
        `crm quick sync when the list opens: nothing changed p50 ${f(quiet)} ms; after 100 new orders ${f(after100.ms)} ms (CPU ${f(after100.cpuMs)} ms; ${after100.value.upserted} contacts written)`,
        `crm list p50 over ${P50_RUNS} runs: newest ${f(times.newest)} ms, by LTV ${f(times.ltv)} ms, search ${f(times.search)} ms, tag ${f(times.tag)} ms, page 2000 ${f(times.deep)} ms; contact page ${f(detail)} ms; budget for first pages ${BUDGET_MS} ms ${worst > BUDGET_MS ? 'EXCEEDED' : 'met'}`,
        `crm baseline: one page by LTV computed on read from the sources ${f(onRead.ms)} ms (CPU ${f(onRead.cpuMs)} ms; stored contacts are ${f(onRead.ms / times.ltv)}× faster)`,
      ],
    };
  } finally {
    await database.close();
  }
}

await runWhenMain(import.meta, crmContacts);
