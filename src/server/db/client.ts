import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectRoot } from '../config';
import { lockDir, type DirLock } from './dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

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
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot, 'drizzle');

// Any fixed number works; it only has to be the same in every instance.
const MIGRATION_LOCK_KEY = 7_311_420_001;
/** Connections of the app's PostgreSQL pool (the job queue has its own). */
const POOL_MAX = 10;
/** How long a new PostgreSQL connection may take: a request meeting a hung database fails within 5 s. */
export const CONNECT_TIMEOUT_MS = 4_000;

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  /** Directory for PGlite data; omit for an in-memory database (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory database starts as a copy of this one (a `dumpDataDir` tarball) instead of running initdb: tests
   * start from an already migrated template (src/server/test/test-database.ts).
   */
  pgliteTemplate?: Blob | undefined;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A database that does not answer a new connection within 4 s fails the request (503, Retry-After) instead of
    // holding it without bound (issue 24).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: POOL_MAX, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: opts.databaseUrl,
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
      async migrate() {
        // Several instances may start at once: one migrates, the others wait.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }) as NodePgDatabase<Schema>, { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          client.release();
        }
      },
      async rows<T>(query: SQL) {
        const result = await db.execute(query);
        return result.rows as T[];
      },
      close: () => pool.end(),
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
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as PgliteDatabase<Schema>, { migrationsFolder }),
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
