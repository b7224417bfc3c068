import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { pooledDatabase } from './test-database-pool';

const templates = new Map<string, Promise<Blob | undefined>>();

/**
 * The migrated PGlite the test run made once (src/test-global-setup.ts), read once per test process, with or without
 * the seeded catalogue. Starting from it takes under a second where initdb and the migrations take five or more on a
 * busy machine; the migrations still run after it (finding nothing to do), and createTestApp still runs the seed
 * (finding it applied), so a test never depends on the template being right.
 */
function pgliteTemplate(seeded: boolean): Promise<Blob | undefined> {
  const key = seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate';
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const file = inject(key);
      return file ? new Blob([await readFile(file)]) : undefined;
    })();
    templates.set(key, template);
  }
  return template;
}

/**
 * A migrated database as the template left it, for one test file: in-memory PGlite by default — a new one, or one an
 * earlier file of this worker closed, reset to the template (test-database-pool.ts, docs/decisions/130) — or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL, copied from the run's template there (dropped again
 * on close). `seeded`: it starts with the catalogue already seeded (the caller still runs seedDatabase, which then
 * finds nothing to do).
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const seeded = opts.seeded ?? false;
    const database = await pooledDatabase(seeded ? 'seeded' : 'migrated', await pgliteTemplate(seeded));
    await database.migrate();
    return database;
  }
  const name = `certifiable_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Copied from the run's migrated (and seeded) template on the server (src/test-global-setup.ts) when there is one.
    const template = inject(opts.seeded ? 'postgresSeededTemplate' : 'postgresTemplate');
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A busy test machine may take longer than production's statement timeout; the outage test uses the real one.
  const database = await openDatabase({ databaseUrl: url.toString(), queryTimeoutMs: 30_000 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
