import { fileURLToPath } from 'node:url';
import { basename } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a CI-like run on 2 cores (2026-11-28, two at once), longest first; re-measure when a file
 * changes much. Vitest orders by the last run's durations, which a clean clone (CI) has none of; it then starts the
 * largest file first, and the longest run here is a 19-line file: it started last, alone on one worker, 30–40 s after
 * the other was idle. Files not listed keep Vitest's order, after these (docs/decisions/142).
 */
const SECONDS: Record<string, number> = {
  'database-outage.pg.faults': 73,
  'checkout-crash.pg.faults': 65,
  'server-process.faults': 48,
  'disk-full.faults': 44,
  'checkout-crash.faults': 43,
  'submission-crash.faults': 32,
  'submission-crash-two-processes.pg.faults': 28,
  'submission-crash.pg.faults': 24,
  'socket-flood.faults': 18,
};
const seconds = (spec: TestSpecification) => SECONDS[basename(spec.moduleId).replace(/\.test\.ts$/, '')];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const own = await super.sort(files);
    const listed = own.filter((f) => seconds(f) !== undefined).sort((a, b) => seconds(b)! - seconds(a)!);
    return [...listed, ...own.filter((f) => seconds(f) === undefined)];
  }
}

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
    // The longest files first, so that the two workers finish together.
    sequence: { sequencer: LongestFirst },
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
