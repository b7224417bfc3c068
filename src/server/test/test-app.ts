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
  /**
   * Runs every job that is due — and what those jobs enqueue — until none is left (`delayed`: also those scheduled
   * for later). With `jobs: 'manual'` this is the only way jobs run: deterministic, no polling. The built-in print
   * shop's drawing of print files (seconds of rendering per order) runs only when asked: `drawFiles`.
   */
  drain(opts?: { delayed?: boolean; drawFiles?: boolean }): Promise<number>;
  close(): Promise<void>;
}

/** The real app on a fresh database (seeded unless told otherwise), for app.inject tests. */
/** The route modules' heads (the web app's page table), as the built server render bundle carries them. */
const testPageTable = async () => (await import('@/web/app/page-heads')).PAGE_TABLE;

export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    logger?: FastifyServerOptions['logger'];
    ssr?: SsrRenderer | null;
    /** 'manual': no background workers; the test runs jobs with drain(). Default: workers, as in production. */
    jobs?: 'workers' | 'manual';
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seeded: opts.seed !== false });
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
    JOBS_MODE: opts.jobs ?? 'workers',
    ...opts.env,
  });
  // Pages are the empty shell unless a test passes the server renderer (whatever dist/ holds must not matter).
  // Every page's head comes from the route modules, imported when a test first asks for a page.
  const app = await buildApp({ config, database, logger: opts.logger ?? false, ssr: opts.ssr ?? null, pages: testPageTable });
  await app.ready();
  return {
    app,
    database,
    config,
    drain: (o = {}) => app.jobs.drain({ delayed: o.delayed ?? false, except: o.drawFiles ? [] : ['print-shop.draw'] }),
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
