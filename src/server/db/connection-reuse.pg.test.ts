import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { inBackground, openDatabase, type Database } from './client';

/**
 * Issue 25, PostgreSQL (decision 135). Repeated statements are prepared once per connection. A statement the server refuses (a unique violation — every double-clicked checkout's second
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

const prepared = async () =>
  (await database.rows<{ statement: string }>(sql`select statement from pg_prepared_statements order by prepare_time`)).map((r) => r.statement);

describe('statements prepared once per connection', () => {
  it('prepares a statement with parameters the second time it is sent, and runs it from then on without parsing', async () => {
    const pid = await backend();
    const probe = (n: number) => database.rows<{ n: number }>(sql`select ${n}::int + 1 as n -- probe of preparing`);
    expect(await probe(1)).toEqual([{ n: 2 }]);
    expect((await prepared()).filter((s) => s.includes('probe of preparing'))).toEqual([]);
    expect(await probe(2)).toEqual([{ n: 3 }]);
    expect(await probe(41)).toEqual([{ n: 42 }]);
    expect(await backend()).toBe(pid);
    expect((await prepared()).filter((s) => s.includes('probe of preparing'))).toEqual(['select $1::int + 1 as n -- probe of preparing']);
  });

  it('prepares a repeated query without parameters too (decision 136), never a setting or several statements in one text', async () => {
    for (let i = 0; i < 3; i++) expect(await database.rows(sql`select 7 as n -- probe without parameters`)).toEqual([{ n: 7 }]);
    expect((await prepared()).filter((s) => s.includes('probe without parameters'))).toEqual(['select 7 as n -- probe without parameters']);
    for (let i = 0; i < 3; i++) await database.rows(sql.raw(`set local work_mem = '4MB' -- setting probe`));
    for (let i = 0; i < 3; i++) await database.rows(sql.raw(`select 8 -- script probe; select 9 -- script probe`));
    expect((await prepared()).filter((s) => s.includes('setting probe') || s.includes('script probe'))).toEqual([]);
  });

  it('answers a prepared statement whose table a migration changed, on a connection that prepares it anew', async () => {
    await database.rows(sql`create table stale_probe (k text primary key)`);
    await database.rows(sql`insert into stale_probe values ('a')`);
    const read = () => database.rows<Record<string, unknown>>(sql`select * from stale_probe where k = ${'a'}`);
    expect(await read()).toEqual([{ k: 'a' }]);
    expect(await read()).toEqual([{ k: 'a' }]);
    await database.rows(sql`alter table stale_probe add column v int default 5`);
    expect(await read()).toEqual([{ k: 'a', v: 5 }]);
    expect(await read()).toEqual([{ k: 'a', v: 5 }]);
  });
});
