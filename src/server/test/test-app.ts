import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
import type { SsrRenderer } from '../modules/seo/html-shell';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { seedDatabase } from '../db/seed/seed';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a fresh database (seeded unless told otherwise), for app.inject tests. */
export async function createTestApp(
  opts: { seed?: boolean; env?: Record<string, string>; logger?: FastifyServerOptions['logger']; ssr?: SsrRenderer | null } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // Files the app writes (the print shop's print files) go to a folder of this test's own.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'certifiable-test-'));
  if (opts.seed !== false) await seedDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://certifiable.test',
    DATA_DIR: dataDir,
    // Jobs are picked up at once and retried after a second, so tests see their effects quickly.
    JOBS_POLL_SECONDS: '0.5',
    JOBS_RETRY_DELAY_SECONDS: '1',
    // The print shop moves only when a test (or an admin) says so.
    PRINT_SHOP_STEP_MINUTES: '0',
    ...opts.env,
  });
  // Pages are the empty shell unless a test passes the server renderer (whatever dist/ holds must not matter).
  const app = await buildApp({ config, database, logger: opts.logger ?? false, ssr: opts.ssr ?? null });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
