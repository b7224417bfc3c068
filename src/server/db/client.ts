import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../config';
import { lockDir, type DirLock } from './dir-lock';
import { PreparingPglite } from './pglite-prepared';
import { isStalePrepared, StatementNames } from './statement-names';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (kind 'pglite'): the job queue shares its one connection. */
  pglite?: PGlite;
  /** The PostgreSQL URL (kind 'postgres'): the job queue opens its own small pool. */
  url?: string;
  /** Applies every committed migration in drizzle/ that has not run yet. */
  migrate(): Promise<void>;
  /** PostgreSQL: the connection pool's use now (for /metrics); the embedded database has one connection, no pool. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  /** Rows of a raw SQL query, the same shape on both drivers. */
  rows<T>(query: SQL): Promise<T[]>;
  /**
   * PostgreSQL: calls `listen` with the text of every statement the request pool sends (BEGIN and COMMIT included)
   * until the returned function is called. The statement budget of an order (issue 25) is counted through it.
   */
  watchStatements?(listen: (text: string) => void): () => void;
  /** PostgreSQL: statements this process has sent since it opened the database, by pool (for /metrics). */
  statementsSent?(): { requests: number; background: number };
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot, 'drizzle');

// Any fixed number works; it only has to be the same in every instance.
const MIGRATION_LOCK_KEY = 7_311_420_001;
/** Connections of the app's PostgreSQL pool for requests (background work and the job queue have their own). */
const POOL_MAX = 10;
/**
 * How long a request connection may sit idle before it is closed (node-postgres's default is 10 s). A connection
 * opened anew costs a forked backend, its authentication, cold catalogue caches and every statement prepared again
 * (decision 135): after a 15 s lull the first checkouts of a rush took about 500 ms, against 300–330 ms with their
 * connections kept (decision 143). Idle connections cost the database little, and never more of them than POOL_MAX.
 */
const POOL_IDLE_MS = 5 * 60_000;
/** Connections for background work (job handlers): nightly clean-ups and roll-ups. */
const BACKGROUND_POOL_MAX = 4;
/** How long one statement of background work may take: the longest job's time (crm.sync, analytics roll-up). */
const BACKGROUND_STATEMENT_TIMEOUT_MS = 15 * 60_000;

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work (src/server/modules/jobs/job-queue.ts runs every job handler so): on PostgreSQL
 * its statements go to a pool of their own whose statements may take minutes, where a request's are cut at
 * DB_QUERY_TIMEOUT_MS. The embedded database has one connection: nothing changes there.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/**
 * What drizzle holds as its pool: each statement and transaction goes to the request pool, or to the background
 * pool inside inBackground(). (Named …Pool: drizzle checks the name to run transactions on a checked-out client.)
 */
class RoutingPool {
  constructor(
    readonly requests: pg.Pool,
    readonly backgroundWork: pg.Pool,
  ) {}

  #pool(): pg.Pool {
    return background.getStore() ? this.backgroundWork : this.requests;
  }

  /**
   * One statement on a connection of the pool. Not pg-pool's own `query`: that one closes the connection whenever the
   * statement fails, even when the server answered with an error (a unique violation: every double-clicked checkout's
   * second request) and the connection is as good as before — and the next statement then pays for a new connection
   * and a fresh backend with cold caches (issue 25: one new connection per order under load). Here a connection is
   * closed only when it is itself in question: no answer from the server, or one that ended the session.
   */
  async query(...args: unknown[]): Promise<unknown> {
    if (typeof args[args.length - 1] === 'function') return (this.#pool().query as (...a: unknown[]) => unknown)(...args);
    for (let attempt = 1; ; attempt++) {
      const client = await this.#pool().connect();
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (err) {
        const stale = isStalePrepared(err);
        client.release(err instanceof pg.DatabaseError && !stale ? undefined : (err as Error));
        // A prepared statement a migration made stale ran nothing: once more, on a connection that prepares it anew.
        if (stale && attempt === 1) continue;
        throw err;
      }
    }
  }

  connect(): Promise<pg.PoolClient> {
    return this.#pool().connect();
  }
}
/** How long a new PostgreSQL connection may take: a request meeting a hung database fails within 5 s. */
export const CONNECT_TIMEOUT_MS = 4_000;
/**
 * How long one statement may take (DB_QUERY_TIMEOUT_MS): the server cancels it then (statement_timeout), and the
 * client gives up on a connection that has not answered by then (a database hung mid-query) and closes it.
 */
export const QUERY_TIMEOUT_MS = 4_000;

/**
 * A node-postgres client that prepares repeated statements (StatementNames) and closes its connection when a
 * statement got no answer in time (issue 24). pg's own query_timeout fails the statement but keeps the connection,
 * so the next statement on it (a transaction's ROLLBACK, the next request's query) would queue behind the unanswered
 * one; closed, they fail at once and the pool opens a fresh connection once the database answers again. A prepared
 * statement the server calls stale closes its connection too: its replacement prepares afresh.
 */
export class TimedClient extends pg.Client {
  /** Names of the statements prepared on this pool's connections; none: nothing is prepared. */
  protected statementNames: StatementNames | null = null;

  constructor(config?: pg.ClientConfig) {
    super(config);
    // A connection lost while the client is checked out (a transaction running when the database stops) is reported
    // here as well as to the statement waiting on it; without a listener the event would end the process. The
    // client is then not queryable, and the pool drops it when it comes back.
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const last = args.length - 1;
    const callback = args[last];
    const first = args[0];
    let named = false;
    if (typeof first === 'string' || (typeof first === 'object' && first !== null && !('submit' in first) && !(first as pg.QueryConfig).name)) {
      const config: pg.QueryConfig = typeof first === 'string' ? { text: first } : { ...(first as pg.QueryConfig) };
      const values = Array.isArray(args[1]) ? (args[1] as unknown[]) : config.values;
      const name = this.statementNames?.nameOf(config.text, values?.length ?? 0);
      if (name) {
        config.name = name;
        args[0] = config;
        named = true;
      }
    }
    const cut = (err: unknown) => {
      const stale = named && isStalePrepared(err);
      if (stale || (err instanceof Error && err.message === 'Query read timeout')) (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    };
    if (typeof callback === 'function') {
      args[last] = (err: unknown, ...rest: unknown[]) => {
        cut(err);
        (callback as (...a: unknown[]) => void)(err, ...rest);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) result.catch(cut);
    return result as never;
  }
}

/** A client class for a pool of its own (the job queue's) that prepares that pool's repeated statements. */
export function preparingClient(): typeof TimedClient {
  const names = new StatementNames();
  return class PreparingClient extends TimedClient {
    protected override statementNames = names;
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  /** Directory for PGlite data; omit for an in-memory database (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory database starts as a copy of this one (a `dumpDataDir` tarball) instead of running initdb: tests
   * start from an already migrated template (src/server/test/test-database.ts).
   */
  pgliteTemplate?: Blob | undefined;
  /** PostgreSQL: how long one statement may take (QUERY_TIMEOUT_MS unless set). */
  queryTimeoutMs?: number | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A database that does not answer a new connection within 4 s, or a statement within the query timeout, fails
    // the request (503, Retry-After) instead of holding it without bound (issue 24).
    const queryTimeout = opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
    const listeners = new Set<(text: string) => void>();
    const sent = { requests: 0, background: 0 };
    const names = new StatementNames();
    class RequestClient extends TimedClient {
      protected override statementNames = names;
      override query(...args: unknown[]): never {
        sent.requests++;
        if (listeners.size) {
          const first = args[0] as string | { text?: string } | undefined;
          const text = typeof first === 'string' ? first : (first?.text ?? '');
          for (const listen of listeners) listen(text);
        }
        return (super.query as (...a: unknown[]) => never)(...args);
      }
    }
    class BackgroundClient extends TimedClient {
      protected override statementNames = names;
      override query(...args: unknown[]): never {
        sent.background++;
        return (super.query as (...a: unknown[]) => never)(...args);
      }
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_MAX,
      idleTimeoutMillis: POOL_IDLE_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: queryTimeout,
      query_timeout: queryTimeout + 250,
      Client: RequestClient,
    });
    // Job handlers' statements: minutes allowed, no read timeout (a job that hangs is expired by the job queue).
    const backgroundPool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: BACKGROUND_POOL_MAX,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: BACKGROUND_STATEMENT_TIMEOUT_MS,
      Client: BackgroundClient,
    });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    backgroundPool.on('error', () => undefined);
    const db = drizzlePg(new RoutingPool(pool, backgroundPool) as unknown as pg.Pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: opts.databaseUrl,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
      statementsSent: () => ({ ...sent }),
      watchStatements(listen) {
        listeners.add(listen);
        return () => listeners.delete(listen);
      },
      async migrate() {
        // Several instances may start at once: one migrates, the others wait. Its own connection, without the
        // statement timeout: a migration of a big table may take minutes.
        const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        client.on('error', () => undefined); // a lost connection fails the migration's statement, not the process
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }) as NodePgDatabase<Schema>, { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          await client.end();
        }
      },
      async rows<T>(query: SQL) {
        const result = await db.execute(query);
        return result.rows as T[];
      },
      close: async () => {
        await Promise.all([pool.end(), backgroundPool.end()]);
      },
    };
  }

  let client: PGlite;
  let lock: DirLock | null = null;
  if (opts.pgliteDir) {
    // The folder holding the database folder (DATA_DIR): one process at a time, or writes are lost.
    lock = await lockDir(path.dirname(opts.pgliteDir));
    try {
      await fs.mkdir(opts.pgliteDir, { recursive: true });
      client = await PGlite.create(opts.pgliteDir);
    } catch (err) {
      await lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {});
  }
  // Its repeated statements prepared once, as on PostgreSQL (decision 135).
  const db = drizzlePglite(PreparingPglite.of(client) as unknown as PGlite);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder }),
    async rows<T>(query: SQL) {
      const result = await db.execute(query);
      return result.rows as T[];
    },
    async close() {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

let lastMigrationWhen: number | null = null;

/** Whether the newest migration in drizzle/ has been applied to this database (for /readyz). */
export async function migrationsApplied(database: Pick<Database, 'rows'>): Promise<boolean> {
  if (lastMigrationWhen === null) {
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    lastMigrationWhen = Math.max(...journal.entries.map((e) => e.when));
  }
  const [row] = await database.rows<{ newest: string | number | null }>(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  return row?.newest !== null && row?.newest !== undefined && Number(row.newest) >= lastMigrationWhen;
}
