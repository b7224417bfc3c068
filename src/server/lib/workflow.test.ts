import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { createTestDatabase } from '@/server/test/test-database';
import { stop, workflow } from './workflow';

/** The step runner of the workflows (docs/decisions/108): order, state, early stop, undo, one transaction. */

let database: Database;
/** What the runner logs, kept to read back (a logger of the shape Fastify's is). */
const lines: { msg: string; step?: string; workflow?: string }[] = [];
const keep = (fields: object, msg: string) => void lines.push({ ...fields, msg });
const log = { level: 'debug', fatal: keep, error: keep, warn: keep, info: keep, debug: keep, trace: keep, silent: keep, child: () => log } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.rows(sql`create table workflow_probe (name text primary key)`);
});
afterAll(async () => {
  await database.close();
});

const names = async () => (await database.rows<{ name: string }>(sql`select name from workflow_probe order by name`)).map((r) => r.name);

describe('a workflow', () => {
  it('runs its steps in order, each seeing what the earlier ones returned', async () => {
    const seen: string[] = [];
    const flow = workflow<{ n: number }, object>('adds')
      .step('double', ({ input }) => {
        seen.push('double');
        return { doubled: input.n * 2 };
      })
      .step('add one', ({ doubled }) => {
        seen.push('add one');
        return { result: doubled + 1 };
      })
      .returns(({ result, doubled }) => ({ result, doubled }));
    expect(flow.steps).toEqual(['double', 'add one']);
    expect(await flow.run({ db: database.db, log }, { n: 20 })).toEqual({ result: 41, doubled: 40 });
    expect(seen).toEqual(['double', 'add one']);
  });

  it('ends early with stop(): later steps do not run and nothing is undone', async () => {
    const undone: string[] = [];
    const ran: string[] = [];
    const flow = workflow<{ replay: boolean }, object>('stops')
      .step(
        'first',
        () => {
          ran.push('first');
        },
        () => {
          undone.push('first');
        },
      )
      .step('maybe stop', ({ input }) => (input.replay ? stop('already done') : undefined))
      .step('last', () => {
        ran.push('last');
        return { answer: 'done now' };
      })
      .returns(({ answer }) => answer);
    expect(await flow.run({ db: database.db, log }, { replay: true })).toBe('already done');
    expect(ran).toEqual(['first']);
    expect(undone).toEqual([]);
    expect(await flow.run({ db: database.db, log }, { replay: false })).toBe('done now');
  });

  it('undoes the completed steps newest first when a step fails, then throws the step’s own error', async () => {
    const undone: string[] = [];
    class PaymentDown extends Error {}
    const flow = workflow<object, object>('undoes')
      .step('reserve', () => ({ reserved: 'R1' }), ({ reserved }) => void undone.push(`release ${reserved}`))
      .step('write', () => ({ written: 'W1' }), ({ written }) => void undone.push(`erase ${written}`))
      .step('no undo', () => ({ noted: true }))
      .step('charge', () => {
        throw new PaymentDown('the provider is down');
      })
      .returns(() => 'never');
    await expect(flow.run({ db: database.db, log }, {})).rejects.toBeInstanceOf(PaymentDown);
    expect(undone).toEqual(['erase W1', 'release R1']);
  });

  it('a failing undo is logged and does not hide the step’s error; the undos before it still run', async () => {
    const undone: string[] = [];
    const flow = workflow<object, object>('undo fails')
      .step('a', () => undefined, () => void undone.push('a'))
      .step('b', () => undefined, () => {
        throw new Error('undo b broke');
      })
      .step('c', () => {
        throw new Error('c broke');
      })
      .returns(() => undefined);
    await expect(flow.run({ db: database.db, log }, {})).rejects.toThrow('c broke');
    expect(undone).toEqual(['a']);
    expect(lines.some((l) => l.msg === 'undoing a workflow step failed' && l.step === 'b' && l.workflow === 'undo fails')).toBe(true);
  });
});

describe('a transactional workflow', () => {
  const writeTwo = workflow<{ first: string; second: string }, object>('writes two', { transaction: true })
    .step('write the first', async ({ tx, input }) => {
      await tx.execute(sql`insert into workflow_probe (name) values (${input.first})`);
    })
    .step('write the second', async ({ tx, input }) => {
      await tx.execute(sql`insert into workflow_probe (name) values (${input.second})`);
    })
    .returns(({ input }) => input.second);

  it('commits all its steps together, or none when one fails (its undo is the rollback)', async () => {
    expect(await writeTwo.run({ db: database.db, log }, { first: 'a', second: 'b' })).toBe('b');
    expect(await names()).toEqual(['a', 'b']);
    // The second write collides with 'a': the first write of this run rolls back with it.
    await expect(writeTwo.run({ db: database.db, log }, { first: 'c', second: 'a' })).rejects.toThrow();
    expect(await names()).toEqual(['a', 'b']);
  });

  it('runs inside a transaction the caller holds, and rolls back with it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await writeTwo.within(tx as never, { db: database.db, log }, { first: 'd', second: 'e' });
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('the caller changes its mind');
    expect(await names()).toEqual(['a', 'b']);
  });

  it('refuses an undo on a step of its own: the rollback is the undo', () => {
    expect(() =>
      workflow<object, object>('wrong', { transaction: true }).step(
        'step',
        () => undefined,
        () => undefined,
      ),
    ).toThrow('its undo is the rollback');
  });
});
