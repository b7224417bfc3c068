import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { createTestDatabase } from '../test/test-database';
import { inBackground, openDatabase, type Database } from './client';

/**
 * Issue 24, PostgreSQL: a request's statement is cut at DB_QUERY_TIMEOUT_MS (the server cancels it), while background
 * work — every job handler runs inside inBackground() — may take minutes (the nightly roll-ups and clean-ups).
 */
let owner: Database;
let database: Database;
beforeAll(async () => {
  owner = await createTestDatabase();
  database = await openDatabase({ databaseUrl: owner.url!, queryTimeoutMs: 500 });
});
afterAll(async () => {
  await database.close();
  await owner.close();
});

describe('statement timeouts', () => {
  it('cuts a request’s statement that runs past the timeout, as the database being unavailable', async () => {
    const started = performance.now();
    const err = await database.rows(sql`select pg_sleep(2)`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_500);
    // The pool goes on serving.
    expect(await database.rows(sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
  });

  it('lets background work run longer, in and out of a transaction', async () => {
    await expect(inBackground(() => database.rows(sql`select pg_sleep(1), 1 as ok`))).resolves.toHaveLength(1);
    await expect(inBackground(() => database.db.transaction((tx) => tx.execute(sql`select pg_sleep(1)`)))).resolves.toBeDefined();
  });
});
