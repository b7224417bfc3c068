import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names';

/** Decision 135: which statements a pool prepares, and the bound on how many. */
describe('StatementNames', () => {
  it('names a text the second time it is sent, and always by the same name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1', 1)).toBeUndefined();
    const name = names.nameOf('select $1', 1);
    expect(name).toMatch(/^certifiable_\d+$/);
    expect(names.nameOf('select $1', 1)).toBe(name);
    expect(names.nameOf('select $1 + 1', 1)).toBeUndefined();
    expect(names.nameOf('select $1 + 1', 1)).not.toBe(name);
  });

  it('prepares at most PREPARED_MAX texts and keeps the names it gave', () => {
    const names = new StatementNames();
    const given: string[] = [];
    for (let i = 0; i < StatementNames.PREPARED_MAX; i++) {
      names.nameOf(`select ${i}, $1`, 1);
      given.push(names.nameOf(`select ${i}, $1`, 1)!);
    }
    expect(new Set(given).size).toBe(StatementNames.PREPARED_MAX);
    names.nameOf('select late, $1', 1);
    expect(names.nameOf('select late, $1', 1)).toBeUndefined();
    expect(names.nameOf('select 0, $1', 1)).toBe(given[0]);
  });

  it('forgets texts seen once when they pile up, without forgetting names', () => {
    const names = new StatementNames();
    names.nameOf('hot $1', 1);
    const hot = names.nameOf('hot $1', 1);
    names.nameOf('seen once early $1', 1);
    for (let i = 0; i < StatementNames.SEEN_MAX; i++) names.nameOf(`one-off ${i} $1`, 1);
    // Forgotten: its next sending counts as its first again.
    expect(names.nameOf('seen once early $1', 1)).toBeUndefined();
    expect(names.nameOf('hot $1', 1)).toBe(hot);
  });

  it('prepares a repeated query without parameters (the job queue writes its values into the text), never transaction control, settings, DDL or several statements', () => {
    const names = new StatementNames();
    const twice = (text: string) => (names.nameOf(text, 0), names.nameOf(text, 0));
    const fetch = "WITH next AS (SELECT j.id FROM pgboss.job_common j WHERE j.name = 'order.mail' LIMIT 10 FOR UPDATE SKIP LOCKED) UPDATE pgboss.job_common j SET state = 'active' FROM next WHERE j.id = next.id RETURNING j.id";
    expect(twice(fetch)).toMatch(/^certifiable_/);
    expect(twice('  select count(*) from orders;  ')).toMatch(/^certifiable_/);
    for (const text of ['BEGIN', 'commit', 'SET LOCAL lock_timeout = 1000', 'create table t (id int)', 'DISCARD ALL', 'select 1; select 2', "BEGIN; SELECT pg_advisory_xact_lock(1); COMMIT;"]) {
      expect(twice(text), text).toBeUndefined();
    }
  });
});
