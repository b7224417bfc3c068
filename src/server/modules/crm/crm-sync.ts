import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { crmSyncState } from '@/server/db/schema/index';
import { ERASED_ORDER_EMAIL } from '../orders';

/**
 * Keeps crm_contacts in step with where addresses come from (docs/decisions/103): nominators, nominees with an
 * email, customers and bug reporters, merged by lower(email). One INSERT … SELECT … ON CONFLICT per run:
 * - incremental (when the list is opened, at most every few seconds): only the addresses whose sources changed
 *   since a little before the last run (every source's updated_at is indexed), so it costs next to nothing;
 * - full (nightly, on the first run, when the shop's currency changed, or when too many addresses changed): every
 *   address, which also catches what an incremental run cannot see (a source row deleted, or an email erased).
 * A contact whose sources are all gone is deleted unless an admin gave it tags, consent or notes (then its counts
 * are zeroed). Ids never change for an address while its row exists.
 */

/** Runs one sync at a time across instances; a run that finds the lock taken skips (the other run does the work). */
const CRM_SYNC_LOCK = 7_311_420_103;
/** Transactions that started before the last run but committed after it are still seen. */
const OVERLAP_MS = 2 * 60_000;
/** More changed addresses than this: a full run is as cheap. */
const INCREMENTAL_MAX = 20_000;

export interface SyncResult {
  mode: 'full' | 'incremental' | 'skipped';
  upserted: number;
  deleted: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ERASED = `%@${ERASED_ORDER_EMAIL.split('@')[1]}`;

/** Where each source's address is, as SQL over the source table (for the scope filters). */
const sourceOf = {
  nominator: sql`lower(nominator_email)`,
  nominee: sql`lower(nominee_email)`,
  customer: sql`lower(email)`,
  reporter: sql`lower(reporter_email)`,
};

/**
 * The aggregate of every source per address (one row per address), limited to `emails` when given. `own` names
 * come first when choosing the contact's name: what a person typed about themselves (an order's shipping name, the
 * nominator's own name) beats what a friend typed about them (a nominee name).
 */
export function aggregate(currency: string, emails: string[] | null): SQL {
  const scope = (address: SQL) => (emails ? sql` and ${address} = any(${sql.param(emails)}::text[])` : sql``);
  return sql`
    select email,
      (array_agg(name order by own desc, at desc) filter (where name is not null))[1] as name,
      min(at) as first_seen_at,
      max(at) as last_activity_at,
      sum(ns)::int as nominations_sent,
      sum(nr)::int as nominations_received,
      sum(paid)::int as orders_count,
      least(sum(ltv), 2147483647)::int as ltv,
      sum(br)::int as bug_reports
    from (
      select ${sourceOf.nominator} as email, nullif(btrim(nominator_name), '') as name, true as own, created_at as at,
             1 as ns, 0 as nr, 0 as paid, 0::bigint as ltv, 0 as br
        from nominations where nominator_email is not null and nominator_email <> ''${scope(sourceOf.nominator)}
      union all
      select ${sourceOf.nominee}, nullif(btrim(nominee_name), ''), false, greatest(created_at, claimed_at, declined_at),
             0, 1, 0, 0, 0
        from nominations where nominee_email is not null and nominee_email <> ''${scope(sourceOf.nominee)}
      union all
      select ${sourceOf.customer}, nullif(btrim(shipping_address->>'name'), ''), true, greatest(created_at, paid_at),
             0, 0, (paid_at is not null)::int,
             case when paid_at is not null and currency = ${currency} then (captured_total - refunded_total)::bigint else 0 end, 0
        from order_overview where email not like ${ERASED}${scope(sourceOf.customer)}
      union all
      select ${sourceOf.reporter}, null, false, created_at, 0, 0, 0, 0, 1
        from bug_reports where reporter_email is not null and reporter_email <> ''${scope(sourceOf.reporter)}
    ) as src
    where email like '%_@_%'
    group by email`;
}

/** Upserts the aggregate of `emails` (all addresses when null) and tidies contacts whose sources are gone. */
async function apply(tx: Tx, currency: string, emails: string[] | null): Promise<{ upserted: number; deleted: number }> {
  const inScope = emails ? sql`c.email = any(${sql.param(emails)}::text[])` : sql`true`;
  const gone = sql`${inScope} and not exists (select 1 from agg where agg.email = c.email)`;
  const kept = sql`(cardinality(c.tags) > 0 or c.marketing_consent or exists (select 1 from crm_notes n where n.contact_id = c.id))`;
  const [row] = rowsOf<{ upserted: number | string; deleted: number | string }>(
    await tx.execute(sql`
      with agg as (${aggregate(currency, emails)}),
      ins as (
        insert into crm_contacts as c (email, name, first_seen_at, last_activity_at, nominations_sent, nominations_received,
                                       orders_count, ltv, ltv_currency, bug_reports)
        select email, name, first_seen_at, last_activity_at, nominations_sent, nominations_received, orders_count, ltv,
               ${currency}, bug_reports
        from agg
        on conflict (email) do update set
          name = excluded.name, first_seen_at = excluded.first_seen_at, last_activity_at = excluded.last_activity_at,
          nominations_sent = excluded.nominations_sent, nominations_received = excluded.nominations_received,
          orders_count = excluded.orders_count, ltv = excluded.ltv, ltv_currency = excluded.ltv_currency,
          bug_reports = excluded.bug_reports, updated_at = now()
        where (c.name, c.first_seen_at, c.last_activity_at, c.nominations_sent, c.nominations_received, c.orders_count,
               c.ltv, c.ltv_currency, c.bug_reports)
          is distinct from (excluded.name, excluded.first_seen_at, excluded.last_activity_at, excluded.nominations_sent,
               excluded.nominations_received, excluded.orders_count, excluded.ltv, excluded.ltv_currency, excluded.bug_reports)
        returning 1
      ),
      zeroed as (
        update crm_contacts c set nominations_sent = 0, nominations_received = 0, orders_count = 0, ltv = 0,
               bug_reports = 0, updated_at = now()
        where ${gone} and ${kept}
          and (c.nominations_sent, c.nominations_received, c.orders_count, c.ltv, c.bug_reports) <> (0, 0, 0, 0, 0)
        returning 1
      ),
      del as (delete from crm_contacts c where ${gone} and not ${kept} returning 1)
      select (select count(*) from ins) as upserted, (select count(*) from del) as deleted`),
  );
  return { upserted: Number(row?.upserted ?? 0), deleted: Number(row?.deleted ?? 0) };
}

/** The addresses whose sources changed since `since` (at most INCREMENTAL_MAX + 1 of them). */
async function changedSince(tx: Tx, since: Date): Promise<string[]> {
  const at = since.toISOString();
  const rows = rowsOf<{ email: string }>(
    await tx.execute(sql`
      select email from (
        select ${sourceOf.nominator} as email from nominations where updated_at > ${at}::timestamptz and nominator_email is not null
        union select ${sourceOf.nominee} from nominations where updated_at > ${at}::timestamptz and nominee_email is not null
        union select ${sourceOf.customer} from orders where updated_at > ${at}::timestamptz and email not like ${ERASED}
        union select ${sourceOf.customer} from order_overview where payment_updated_at > ${at}::timestamptz and email not like ${ERASED}
        union select ${sourceOf.reporter} from bug_reports where updated_at > ${at}::timestamptz and reporter_email is not null
      ) as changed
      limit ${INCREMENTAL_MAX + 1}`),
  );
  return rows.map((r) => r.email);
}

/**
 * One sync run. `full` forces a full run; `minIntervalMs` skips an incremental run when the last one is more recent
 * than that (the list calls this on every request).
 */
export async function syncContacts(db: Db, opts: { currency: string; full?: boolean; minIntervalMs?: number }): Promise<SyncResult> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${CRM_SYNC_LOCK}) as locked`));
    if (!lock?.locked) return { mode: 'skipped', upserted: 0, deleted: 0 };
    const [clock] = rowsOf<{ now: string | Date }>(await tx.execute(sql`select clock_timestamp() as now`));
    const startedAt = new Date(clock!.now);
    const [state] = await tx.select().from(crmSyncState);
    let full = Boolean(opts.full) || !state || state.currency !== opts.currency;
    if (!full && opts.minIntervalMs && startedAt.getTime() - state!.syncedAt.getTime() < opts.minIntervalMs) {
      return { mode: 'skipped', upserted: 0, deleted: 0 };
    }
    let emails: string[] | null = null;
    if (!full) {
      emails = await changedSince(tx, new Date(state!.syncedAt.getTime() - OVERLAP_MS));
      if (emails.length > INCREMENTAL_MAX) {
        full = true;
        emails = null;
      }
    }
    const result = emails && emails.length === 0 ? { upserted: 0, deleted: 0 } : await apply(tx, opts.currency, emails);
    const fullAt = full ? startedAt : (state?.fullAt ?? null);
    await tx
      .insert(crmSyncState)
      .values({ id: 1, syncedAt: startedAt, fullAt, currency: opts.currency })
      .onConflictDoUpdate({ target: crmSyncState.id, set: { syncedAt: startedAt, fullAt, currency: opts.currency } });
    return { mode: full ? 'full' : 'incremental', ...result };
  });
}

/** Brings one address's contact up to date at once (the contact page reads its counts fresh). */
export async function syncAddress(db: Db, email: string, currency: string): Promise<void> {
  await db.transaction((tx) => forgetOrRefreshContact(tx, email, currency));
}

/**
 * Brings one address's contact up to date on the caller's transaction, for a change that leaves no trace of the
 * address in its sources — a declined nomination's erased nominee address, a deleted account's nominations and bug
 * reports — which no quick run could find again. The contact loses those counts, or goes when nothing is left and no
 * admin gave it tags, consent or notes, in the same commit as the change (docs/decisions/103).
 */
export async function forgetOrRefreshContact(tx: Tx, email: string, currency: string): Promise<void> {
  await apply(tx, currency, [email.toLowerCase()]);
}
