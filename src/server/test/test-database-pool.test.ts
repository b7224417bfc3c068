import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from './test-database';

/**
 * Embedded test databases are reused between test files of one worker (test-database-pool.ts): what one file did
 * must never reach the next. (Not on the PostgreSQL suite, vitest.config.ts: there every file gets a new database.)
 */

const awardCount = async (d: Database) => (await d.rows<{ n: number }>(sql`select count(*)::int as n from awards`))[0]!.n;
const nextOrderNumber = async (d: Database) => (await d.rows<{ n: string }>(sql`select nextval('order_number_seq')::text as n`))[0]!.n;
const settingsText = async (d: Database) => JSON.stringify(await d.rows(sql`select * from settings order by 1`));

describe('pooled test databases', () => {
  it('hands a closed database to the next caller as the template left it: rows, sequences and session alike', async () => {
    const first = await createTestDatabase({ seeded: true });
    const awards = await awardCount(first);
    const settings = await settingsText(first);
    expect(awards).toBeGreaterThan(0);
    const firstNumber = await nextOrderNumber(first);
    await first.db.execute(sql`delete from awards where id in (select id from awards limit 1)`);
    await first.db.execute(sql`update settings set value = '"changed"'::jsonb`);
    await first.db.execute(sql`insert into rate_limit_attempts (identifier, attempt_type) values ('someone@example.com', 'sign-in')`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    await first.db.execute(sql`create temporary table scratch (x int)`);
    await first.close();

    const second = await createTestDatabase({ seeded: true });
    try {
      expect(second.pglite, 'the same engine, reused').toBe(first.pglite);
      expect(await awardCount(second)).toBe(awards);
      expect(await settingsText(second)).toBe(settings);
      expect(await nextOrderNumber(second)).toBe(firstNumber);
      expect((await second.rows<{ n: number }>(sql`select count(*)::int as n from rate_limit_attempts`))[0]!.n).toBe(0);
      expect((await second.rows<{ statement_timeout: string }>(sql`show statement_timeout`))[0]!.statement_timeout).not.toBe('1234ms');
      await expect(second.db.execute(sql`select * from scratch`)).rejects.toThrow(/scratch/);
    } finally {
      await second.close();
    }
  });

  it('never reuses a database whose tables a test changed, nor one closed under its user', async () => {
    const reshaped = await createTestDatabase({ seeded: true });
    await reshaped.db.execute(sql`alter table awards add column extra int`);
    await reshaped.close();
    const next = await createTestDatabase({ seeded: true });
    expect(next.pglite).not.toBe(reshaped.pglite);
    expect((await next.rows<{ n: number }>(sql`select count(*)::int as n from information_schema.columns where table_name = 'awards' and column_name = 'extra'`))[0]!.n).toBe(0);
    await next.pglite!.close();
    await next.close();
    const after = await createTestDatabase({ seeded: true });
    try {
      expect(after.pglite).not.toBe(next.pglite);
      expect(await awardCount(after)).toBeGreaterThan(0);
    } finally {
      await after.close();
    }
  });

  it('keeps the seeded and the bare template apart', async () => {
    const seeded = await createTestDatabase({ seeded: true });
    await seeded.close();
    const bare = await createTestDatabase({ seeded: false });
    try {
      expect(bare.pglite).not.toBe(seeded.pglite);
      expect(await awardCount(bare)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
