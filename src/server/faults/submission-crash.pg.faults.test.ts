import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { FaultShop } from '@/server/test/fault-shop';
import { submissionCrash } from '@/server/test/submission-crash';

/**
 * Issue 10 on PostgreSQL (docs/decisions/085): the only server process is killed with SIGKILL mid-submission and
 * started again (src/server/test/submission-crash.ts says what is checked). submission-crash.faults.test.ts does
 * the same on the embedded PGlite; submission-crash-two-processes.pg.faults.test.ts kills one of two processes.
 */
// Real processes (tsx, migrations, seed) on a busy 2-core machine, and the 10 s heartbeat before a killed
// process's jobs are retried: generous limits, though a run takes about half a minute on a quiet machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('kill -9 of the only server process on PostgreSQL', () => {
  const shop = new FaultShop(process.env.TEST_DATABASE_URL!);
  beforeAll(() => shop.open());
  afterAll(() => shop.close());

  it('with 50 paid orders on their way: after a restart each is submitted exactly once and no job is lost', async () => {
    await submissionCrash(shop, 50);
  });
});
