import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { inBackground, openDatabase, type Database } from './client';

/**
 * Issue 25, PostgreSQL: a statement the server refuses (a unique violation — every double-clicked checkout's second
 * request meets one) leaves its connection in the pool. pg-pool's own `query` closed it, so under load each order
 * paid for a new connection and a fresh backend with cold caches. A connection that did not answer is still closed
 * (statement-timeout.pg.test.ts).
 */
let owner: Database;
let database: Database;
beforeAll(async () => {
  owner = await createTestDatabase();
  database = await openDatabase({ databaseUrl: owner.url! });
  await database.rows(sql`create table reuse_probe (k text primary key)`);
});
afterAll(async () => {
  await database.close();
  await owner.close();
});

const backend = async () => (await database.rows<{ pid: number }>(sql`select pg_backend_pid() as pid`))[0]!.pid;

describe('connections kept after a refused statement', () => {
  it('answers a unique violation and a division by zero on the same connection, opening none', async () => {
    const pid = await backend();
    await database.rows(sql`insert into reuse_probe values ('a')`);
    for (let i = 0; i < 5; i++) {
      await expect(database.rows(sql`insert into reuse_probe values ('a')`)).rejects.toMatchObject({ cause: { code: '23505' } });
      await expect(database.rows(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012' } });
    }
    expect(await backend()).toBe(pid);
    expect(database.poolUse!().total).toBe(1);
  });

  it('keeps the background pool’s connection too', async () => {
    const pid = await inBackground(backend);
    await expect(inBackground(() => database.rows(sql`select 1 / 0`))).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await inBackground(backend)).toBe(pid);
  });
});
