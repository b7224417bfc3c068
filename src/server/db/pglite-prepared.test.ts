import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingPglite } from './pglite-prepared';

/**
 * Decision 135: the embedded database prepares a repeated statement once and then runs it in one call — answering
 * exactly what PGlite's own `query` answers, in and out of transactions, with errors as PGlite reports them.
 */
let pglite: PGlite;
let db: PreparingPglite;
beforeAll(async () => {
  pglite = await PGlite.create();
  db = PreparingPglite.of(pglite);
  await pglite.exec(`
    create table things (
      id int primary key, name text not null, at timestamptz not null, doc jsonb, tags text[], ok boolean,
      price numeric(10,2), big bigint, raw bytea
    );`);
});
afterAll(async () => pglite.close());

const prepared = async () => (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

describe('PreparingPglite', () => {
  it('is the one wrapper of its engine', () => {
    expect(PreparingPglite.of(pglite)).toBe(db);
  });

  it('prepares a statement the second time it is sent, and answers as PGlite does with every type', async () => {
    const insert = 'insert into things values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *';
    const row = (i: number) => [i, `thing ${i}`, new Date(Date.UTC(2026, 10, i)), { n: i, list: [1, 'two'] }, ['a', `b${i}`], i % 2 === 0, '12.50', 9007199254740993n, new Uint8Array([i, 255])];
    const plain = await pglite.query(insert, row(1));
    const first = await db.query(insert, row(2));
    expect(await prepared()).not.toContain(insert);
    const second = await db.query(insert, row(3));
    expect(await prepared()).toContain(insert);
    const third = await db.query(insert, row(4));
    expect(second.fields).toEqual(plain.fields);
    expect({ ...third.rows[0] as object, id: 1, name: 'thing 1' }).toEqual({ ...(plain.rows[0] as object), at: new Date(Date.UTC(2026, 10, 4)), doc: { n: 4, list: [1, 'two'] }, tags: ['a', 'b4'], ok: true, raw: new Uint8Array([4, 255]) });
    expect(first.affectedRows).toBe(1);
    expect(third.affectedRows).toBe(1);

    const select = 'select id, name, doc, tags from things where id = any($1::int[]) order by id';
    await db.query(select, [[1]]);
    const viaPrepared = await db.query(select, [[2, 3, 4]], { rowMode: 'array' });
    const viaPglite = await pglite.query(select, [[2, 3, 4]], { rowMode: 'array' });
    expect(viaPrepared.rows).toEqual(viaPglite.rows);
    expect(viaPrepared.rows).toHaveLength(3);
    expect(await db.query(select, [[99]])).toMatchObject({ rows: [] });
  });

  it("reads a prepared statement's answer with the caller's parsers over PGlite's own, as drizzle passes them", async () => {
    const select = 'select id, at, doc, price from things where id = $1';
    // drizzle keeps timestamps as text and parses them itself; every other type as PGlite parses it.
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `as text: ${value}` } };
    await db.query(select, [2], options);
    const viaPrepared = await db.query(select, [2], { ...options, parsers: { ...options.parsers } });
    expect(await prepared()).toContain(select);
    expect(viaPrepared.rows).toEqual((await pglite.query(select, [2], options)).rows);
    expect(viaPrepared.rows[0]).toEqual([2, expect.stringMatching(/^as text: 2026-11-02 00:00:00\+00/), { n: 2, list: [1, 'two'] }, '12.50']);
    // The caller's parsers are the caller's: PGlite's own stay as they were for the next statement.
    expect((await db.query<{ at: Date }>(select, [2])).rows[0]!.at).toEqual(new Date(Date.UTC(2026, 10, 2)));
  });

  it('reports a refused statement as PGlite does: its code, the statement and its parameters; the next one runs', async () => {
    const insert = 'insert into things (id, name, at) values ($1, $2, now())';
    await db.query(insert, [10, 'ten']);
    await db.query(insert, [11, 'eleven']);
    const err = await db.query(insert, [10, 'again']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', query: insert, params: [10, 'again'] });
    await db.query(insert, [12, 'twelve']);
    expect((await pglite.query('select count(*)::int as n from things where id between 10 and 12')).rows).toEqual([{ n: 3 }]);
  });

  it('runs prepared statements inside a transaction, rolled back with it', async () => {
    const update = 'update things set name = $1 where id = $2';
    await db.query(update, ['one', 1]);
    await db.query(update, ['one', 1]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(update, ['renamed', 1]);
        expect((await tx.query<{ name: string }>('select name from things where id = $1', [1])).rows).toEqual([{ name: 'renamed' }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await pglite.query('select name from things where id = 1')).rows).toEqual([{ name: 'one' }]);
    await db.transaction(async (tx) => {
      await tx.query(update, ['kept', 1]);
    });
    expect((await pglite.query('select name from things where id = 1')).rows).toEqual([{ name: 'kept' }]);
  });

  it('prepares again after DISCARD ALL once told, and by itself when the table changed its columns', async () => {
    const read = 'select * from things where id = $1';
    await db.query(read, [1]);
    await db.query(read, [1]);
    await pglite.exec('discard all');
    db.forget();
    expect((await db.query<{ id: number }>(read, [1])).rows[0]!.id).toBe(1);

    await pglite.exec('discard all'); // not told: the statement is gone from the session
    expect((await db.query<{ id: number }>(read, [1])).rows[0]!.id).toBe(1);

    await pglite.exec('alter table things add column colour text default $$red$$');
    expect((await db.query<{ colour: string }>(read, [1])).rows[0]!.colour).toBe('red');
    expect((await db.query<{ colour: string }>(read, [1])).rows[0]!.colour).toBe('red');
  });
});
