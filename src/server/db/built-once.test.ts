import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { builtOnce, statementPart } from './built-once';
import type { Database } from './client';

/**
 * Decision 144: a statement built once runs with each call's own values, on the database or inside a transaction,
 * and with the parts another module adds — on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.rows(sql`create table built_once_probe (k text primary key, n int not null)`);
  await database.rows(sql`create table built_once_part (k text primary key, note text not null)`);
});
afterAll(async () => database.close());

let builds = 0;
const put = builtOnce<'k' | 'n', { k: string; n: number }>(['k', 'n'], (p, parts) => {
  builds++;
  return sql`with put as (insert into built_once_probe (k, n) values (${p.k}, ${p.n}::int) returning k, n)${sql.join(
    parts.map((part, i) => sql`, ${sql.raw(`part_${i}`)} as (${part})`),
    sql``,
  )} select k, n from put`;
});
const note = statementPart(['k', 'note'], (p) => sql`insert into built_once_part (k, note) values (${p.k}, ${p.note})`);
const read = async (k: string) => (await database.rows<{ n: number }>(sql`select n from built_once_probe where k = ${k}`))[0]?.n ?? null;

describe('statements built once', () => {
  it('runs with each call’s own values, building the statement only the first time', async () => {
    const before = builds;
    const answers = [];
    for (let i = 1; i <= 3; i++) answers.push((await put(database.db, { k: `plain-${i}`, n: i * 10 })).rows);
    expect(answers).toEqual([[{ k: 'plain-1', n: 10 }], [{ k: 'plain-2', n: 20 }], [{ k: 'plain-3', n: 30 }]]);
    expect(await read('plain-2')).toBe(20);
    expect(builds - before).toBeLessThanOrEqual(1);
  });

  it('runs inside the transaction it is handed: a rollback takes its write back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await put(tx, { k: 'rolled-back', n: 1 });
        const inside = (await tx.execute(sql`select count(*)::int as c from built_once_probe where k = 'rolled-back'`)) as unknown as { rows: unknown[] };
        expect(inside.rows).toEqual([{ c: 1 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await read('rolled-back')).toBeNull();
  });

  it('takes another module’s part with that part’s values, built once more for that shape', async () => {
    const before = builds;
    await put(database.db, { k: 'with-note-1', n: 1 }, [note({ k: 'with-note-1', note: 'first' })]);
    await put(database.db, { k: 'with-note-2', n: 2 }, [note({ k: 'with-note-2', note: 'second' })]);
    await put(database.db, { k: 'without-note', n: 3 });
    expect(await database.rows(sql`select k, note from built_once_part order by k`)).toEqual([
      { k: 'with-note-1', note: 'first' },
      { k: 'with-note-2', note: 'second' },
    ]);
    expect(await read('without-note')).toBe(3);
    expect(builds - before).toBe(1);
  });

  it('a refused run (a duplicate key) writes nothing of its parts and leaves the statement usable', async () => {
    await expect(put(database.db, { k: 'plain-1', n: 99 }, [note({ k: 'orphan', note: 'never' })])).rejects.toThrow();
    expect(await database.rows(sql`select k from built_once_part where k = 'orphan'`)).toEqual([]);
    expect(await read('plain-1')).toBe(10);
    expect((await put(database.db, { k: 'after-refusal', n: 7 })).rows).toEqual([{ k: 'after-refusal', n: 7 }]);
  });
});
