import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from './server/db/client';
import { seedDatabase } from './server/db/seed/seed';
import { buildTestServer } from './server/test/processes';
import { writeSnapshot } from './server/test/test-database-pool';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) every test database starts from; empty on the PostgreSQL suite. */
    pgliteTemplate: string;
    /** The same, with the catalogue seeded: what createTestApp starts from unless a test asks for no seed. */
    pgliteSeededTemplate: string;
    /** The PostgreSQL suite: migrated databases on the server every test database is copied from (CREATE … TEMPLATE). */
    postgresTemplate: string;
    postgresSeededTemplate: string;
  }
}

interface Templates {
  file: string;
  seeded: string;
  /** Projects still using the files: the last teardown removes them. */
  users: number;
  dir: string;
}

/**
 * Both Vitest projects (server, web) name this setup: the templates are built once per run and shared. Each
 * project's setup is loaded by its own module runner, so the memo lives on the process, not in this module.
 */
const shared = globalThis as typeof globalThis & {
  certifiablePgliteTemplates?: Promise<Templates>;
  certifiablePostgresTemplates?: Promise<PostgresTemplates>;
};

interface PostgresTemplates {
  migrated: string;
  seeded: string;
  users: number;
}

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL suite: two databases on the server, migrated (and seeded), that each test database is copied from
 * with CREATE DATABASE … TEMPLATE — a file copy on the server, where running the migrations and the seed took
 * ≈ 0.5 s per test file. Named per run, so runs side by side never share one; dropped when the run ends.
 */
async function buildPostgresTemplates(serverUrl: string): Promise<PostgresTemplates> {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const names = { migrated: `certifiable_template_${run}`, seeded: `certifiable_template_seeded_${run}` };
  for (const [kind, name] of Object.entries(names)) {
    await onServer(serverUrl, (c) => c.query(`create database "${name}"`).then(() => undefined));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), queryTimeoutMs: 60_000 });
    try {
      await database.migrate();
      if (kind === 'seeded') await seedDatabase(database.db);
    } finally {
      await database.close();
    }
  }
  return { ...names, users: 0 };
}

async function dropPostgresTemplates(serverUrl: string, templates: PostgresTemplates): Promise<void> {
  await onServer(serverUrl, async (c) => {
    for (const name of [templates.migrated, templates.seeded]) await c.query(`drop database if exists "${name}" with (force)`);
  });
}

/**
 * The data directory as a tarball, after a checkpoint: a copy then starts without replaying the migrations and the
 * seed from the write-ahead log — about 0.55 s and 0.7 CPU-s per test database instead of 0.7–1.0 s and 0.9–1.6.
 */
async function dump(database: Database): Promise<Buffer> {
  // The copy of itself a pooled test database is reset to (src/server/test/test-database-pool.ts).
  await writeSnapshot(database.pglite!);
  await database.pglite!.exec('checkpoint');
  return Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer());
}

async function buildTemplates(): Promise<Templates> {
  const dir = await mkdtemp(path.join(tmpdir(), 'certifiable-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const seeded = path.join(dir, 'seeded.tar');
  const database = await openDatabase({});
  try {
    await database.migrate();
    await writeFile(file, await dump(database));
    // Seeding costs every app test a few hundred milliseconds of inserts; done once here, it is a check there.
    await seedDatabase(database.db);
    await writeFile(seeded, await dump(database));
  } finally {
    await database.close();
  }
  return { file, seeded, users: 0, dir };
}

/**
 * Once per test run, before any test file: one PGlite runs initdb and the migrations, and its data directory is
 * kept as a tarball that every embedded test database is copied from (src/server/test/test-database.ts). initdb
 * alone costs 4–6 s of CPU per database on this 2-core machine, and the suite opens about sixty.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // The PostgreSQL suite starts real server processes (*.pg.test.ts): from one bundle of this run's sources.
    buildTestServer();
    const templates = await (shared.certifiablePostgresTemplates ??= buildPostgresTemplates(serverUrl));
    templates.users++;
    project.provide('pgliteTemplate', '');
    project.provide('pgliteSeededTemplate', '');
    project.provide('postgresTemplate', templates.migrated);
    project.provide('postgresSeededTemplate', templates.seeded);
    return async () => {
      if (--templates.users > 0) return;
      delete shared.certifiablePostgresTemplates;
      await dropPostgresTemplates(serverUrl, templates);
    };
  }
  const templates = await (shared.certifiablePgliteTemplates ??= buildTemplates());
  templates.users++;
  project.provide('pgliteTemplate', templates.file);
  project.provide('pgliteSeededTemplate', templates.seeded);
  project.provide('postgresTemplate', '');
  project.provide('postgresSeededTemplate', '');
  return async () => {
    if (--templates.users > 0) return;
    delete shared.certifiablePgliteTemplates;
    await rm(templates.dir, { recursive: true, force: true });
  };
}
