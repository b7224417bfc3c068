import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm run test:faults` (issue 23): real server processes killed with SIGKILL mid-work, on the embedded database and
 * — with TEST_DATABASE_URL — on PostgreSQL. Each file starts its own processes and database; two run at once.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/server/faults/**/*.faults.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, '**/*.pg.faults.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    // The server processes start from one bundle of this run's sources (src/server/test/processes.ts).
    globalSetup: ['./src/server/test/build-test-server.ts'],
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
