import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { FaultShop } from '@/server/test/fault-shop';
import { submissionCrash } from '@/server/test/submission-crash';

/**
 * Issue 10 on the embedded PGlite (docs/decisions/085): the one server process of a DATA_DIR is killed with SIGKILL
 * mid-submission and started again on the same folder (src/server/test/submission-crash.ts says what is checked).
 * submission-crash.pg.faults.test.ts does the same on PostgreSQL; submission-crash-two-processes.pg.faults.test.ts
 * kills one of two processes.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

describe('kill -9 of the server process on the embedded database', () => {
  const shop = new FaultShop(null);
  beforeAll(() => shop.open());
  afterAll(() => shop.close());

  it('with 50 paid orders on their way: after a restart on the same folder each is submitted exactly once and no job is lost', async () => {
    await submissionCrash(shop, 50);
  });
});
