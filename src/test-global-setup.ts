import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
const shared = globalThis as typeof globalThis & { certifiablePgliteTemplates?: Promise<Templates> };

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
  if (process.env.TEST_DATABASE_URL) {
    // The PostgreSQL suite starts real server processes (*.pg.test.ts): from one bundle of this run's sources.
    buildTestServer();
    project.provide('pgliteTemplate', '');
    project.provide('pgliteSeededTemplate', '');
    return async () => undefined;
  }
  const templates = await (shared.certifiablePgliteTemplates ??= buildTemplates());
  templates.users++;
  project.provide('pgliteTemplate', templates.file);
  project.provide('pgliteSeededTemplate', templates.seeded);
  return async () => {
    if (--templates.users > 0) return;
    delete shared.certifiablePgliteTemplates;
    await rm(templates.dir, { recursive: true, force: true });
  };
}
