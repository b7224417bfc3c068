import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '../app';
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
  opts: { seed?: boolean; env?: Record<string, string>; logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (opts.seed !== false) await seedDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://certifiable.test',
    DATA_DIR: '/nonexistent-data-dir-for-tests',
    ...opts.env,
  });
  const app = await buildApp({ config, database, logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
