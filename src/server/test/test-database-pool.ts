import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../db/client';
import { PreparingPglite } from '../db/pglite-prepared';

/**
 * Embedded test databases kept open between test files of one Vitest worker (issue 27, docs/decisions/130).
 *
 * A PGlite opened from the template costs ≈ 0.4 s and 0.6 CPU-s (the engine's own start); the suite opens about a
 * hundred. A database a file has closed goes back to its worker's pool instead, and the next file that asks gets it
 * *reset to the template*: every table emptied and refilled from the copy the template keeps of itself (schema
 * `test_pool_snapshot`, written by src/test-global-setup.ts), its sequences where the template had them, the job
 * queue's schema dropped (the next app installs it, as it would on a new database), the session's settings, locks and
 * listeners discarded. A database whose tables or columns a test changed, or that a test closed under the app, or that
 * does not answer the reset in time, is closed for real and replaced by a new one: a file never meets another file's
 * data or schema.
 */

export const SNAPSHOT_SCHEMA = 'test_pool_snapshot';
/** Schemas the reset leaves alone: the system's, the migrations' journal and the template's own copy. */
const KEPT_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'drizzle', SNAPSHOT_SCHEMA];
/** pg-boss's tables: dropped whole, so the next app's queue starts as on a new database. */
const JOB_QUEUE_SCHEMA = 'pgboss';
const RESET_TIMEOUT_MS = 5_000;
/** Idle databases a worker keeps per template (a file opens at most a few at once). */
const KEPT_PER_TEMPLATE = 3;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What a test may change that the reset cannot put back: the set of tables, their columns and types, and the enums,
 * functions and constraints. Equal to the template's, the reset restores everything a test sees.
 */
const OWN = `not in (${[...KEPT_SCHEMAS, JOB_QUEUE_SCHEMA].map((s) => `'${s}'`).join(', ')}) and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;
const SHAPE = `
  select md5(concat_ws('|',
    (select string_agg(x, ',' order by x) from (
       select concat_ws('.', n.nspname, c.relname, c.relkind::text, a.attname, a.atttypid::text, a.attnotnull::text) as x
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname ${OWN}) s),
    (select string_agg(x, ',' order by x) from (
       select t.typname || '.' || e.enumlabel as x from pg_enum e join pg_type t on t.oid = e.enumtypid
         join pg_namespace n on n.oid = t.typnamespace where n.nspname ${OWN}) s),
    (select string_agg(x, ',' order by x) from (
       select p.proname::text as x from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${OWN}) s),
    (select string_agg(x, ',' order by x) from (
       select co.conname::text as x from pg_constraint co join pg_namespace n on n.oid = co.connamespace where n.nspname ${OWN}) s)
  )) as shape`;

/**
 * Written into a template before it is dumped: a copy of every non-empty table and the state of every sequence, which
 * the reset restores.
 */
export async function writeSnapshot(pglite: PGlite): Promise<void> {
  const tables = await userTables(pglite);
  const statements = [`drop schema if exists ${SNAPSHOT_SCHEMA} cascade`, `create schema ${SNAPSHOT_SCHEMA}`];
  for (const t of tables) {
    const { rows } = await pglite.query(`select 1 from ${quote(t.schema)}.${quote(t.name)} limit 1`);
    if (rows.length) statements.push(`create table ${SNAPSHOT_SCHEMA}.${quote(`${t.schema}.${t.name}`)} as table ${quote(t.schema)}.${quote(t.name)}`);
  }
  statements.push(
    `create table ${SNAPSHOT_SCHEMA}.sequences as select schemaname, sequencename, last_value from pg_sequences where schemaname not in (${KEPT_SCHEMAS.map((s) => `'${s}'`).join(', ')})`,
  );
  statements.push(`create table ${SNAPSHOT_SCHEMA}.shape as ${SHAPE}`);
  await pglite.exec(statements.join(';\n'));
}

async function userTables(pglite: PGlite): Promise<{ schema: string; name: string }[]> {
  const { rows } = await pglite.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
      where schemaname not in (${[...KEPT_SCHEMAS, JOB_QUEUE_SCHEMA].map((s) => `'${s}'`).join(', ')}) order by 1, 2`,
  );
  return rows;
}

/** The statements that put a database back to its template, built once per template from its snapshot. */
async function resetScript(pglite: PGlite): Promise<string> {
  const tables = await userTables(pglite);
  const { rows: copies } = await pglite.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = '${SNAPSHOT_SCHEMA}' and tablename not in ('sequences', 'shape')`,
  );
  const filled = new Set(copies.map((c) => c.name));
  const { rows: sequences } = await pglite.query<{ schemaname: string; sequencename: string; last_value: string | null }>(
    `select schemaname, sequencename, last_value::text from ${SNAPSHOT_SCHEMA}.sequences`,
  );
  const qualified = (t: { schema: string; name: string }) => `${quote(t.schema)}.${quote(t.name)}`;
  return [
    `drop schema if exists ${JOB_QUEUE_SCHEMA} cascade`,
    'set session_replication_role = replica',
    `truncate ${tables.map(qualified).join(', ')} restart identity`,
    ...tables.filter((t) => filled.has(`${t.schema}.${t.name}`)).map((t) => `insert into ${qualified(t)} select * from ${SNAPSHOT_SCHEMA}.${quote(`${t.schema}.${t.name}`)}`),
    ...sequences.map((s) =>
      s.last_value === null
        ? `alter sequence ${quote(s.schemaname)}.${quote(s.sequencename)} restart`
        : `select setval('${quote(s.schemaname)}.${quote(s.sequencename)}', ${Number(s.last_value)}, true)`,
    ),
    'set session_replication_role = default',
  ].join(';\n');
}

interface Pooled {
  database: Database;
  script: string;
  shape: string;
}

const idle = new Map<string, Pooled[]>();
const scripts = new Map<string, Promise<{ script: string; shape: string }>>();

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the test database did not answer its reset')), RESET_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Puts a pooled database back to its template; false when it cannot be (closed, reshaped, stuck). */
async function reset(pooled: Pooled): Promise<boolean> {
  const pglite = pooled.database.pglite!;
  if (pglite.closed) return false;
  try {
    return await withTimeout(
      (async () => {
        await pglite.exec('rollback');
        // Not in a block of statements: PostgreSQL runs those as one transaction, which DISCARD ALL refuses.
        await pglite.exec('discard all');
        // DISCARD ALL dropped the statements the embedded database had prepared (decision 135).
        PreparingPglite.of(pglite).forget();
        const [row] = await pooled.database.rows<{ shape: string }>(sql.raw(SHAPE));
        if (row?.shape !== pooled.shape) return false;
        await pglite.exec(pooled.script);
        return true;
      })(),
    );
  } catch {
    return false;
  }
}

/**
 * A database at the template's state: a reset idle one of this worker, or a new one from the template. Its close()
 * hands it back to the pool.
 */
export async function pooledDatabase(key: string, template: Blob | undefined): Promise<Database> {
  const waiting = idle.get(key) ?? [];
  idle.set(key, waiting);
  let pooled: Pooled | undefined;
  while (!pooled && waiting.length) {
    const candidate = waiting.pop()!;
    if (await reset(candidate)) pooled = candidate;
    else void candidate.database.close().catch(() => undefined);
  }
  if (!pooled) {
    const database = await openDatabase({ pgliteTemplate: template });
    // A database not made from a template (a run without the global setup) has no snapshot to go back to.
    if (!template) return database;
    let built = scripts.get(key);
    if (!built) {
      built = (async () => {
        const [row] = await database.rows<{ shape: string }>(sql.raw(`select shape from ${SNAPSHOT_SCHEMA}.shape`));
        return { script: await resetScript(database.pglite!), shape: row!.shape };
      })();
      scripts.set(key, built);
    }
    pooled = { database, ...(await built) };
  }
  const handedOut = pooled;
  let returned = false;
  return {
    ...handedOut.database,
    async close() {
      if (returned) return;
      returned = true;
      // Closed under its user (a test of the database gone from under the app): nothing left to keep or close.
      if (handedOut.database.pglite!.closed) return;
      const list = idle.get(key)!;
      if (list.length < KEPT_PER_TEMPLATE) list.push(handedOut);
      else await handedOut.database.close();
    },
  };
}
