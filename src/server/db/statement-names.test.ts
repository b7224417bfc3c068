import { describe, expect, it } from 'vitest';
import { StatementNames } from './statement-names';

/** Decision 135: which statements a pool prepares, and the bound on how many. */
describe('StatementNames', () => {
  it('names a text the second time it is sent, and always by the same name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^certifiable_\d+$/);
    expect(names.nameOf('select $1')).toBe(name);
    expect(names.nameOf('select $1 + 1')).toBeUndefined();
    expect(names.nameOf('select $1 + 1')).not.toBe(name);
  });

  it('prepares at most PREPARED_MAX texts and keeps the names it gave', () => {
    const names = new StatementNames();
    const given: string[] = [];
    for (let i = 0; i < StatementNames.PREPARED_MAX; i++) {
      names.nameOf(`select ${i}, $1`);
      given.push(names.nameOf(`select ${i}, $1`)!);
    }
    expect(new Set(given).size).toBe(StatementNames.PREPARED_MAX);
    names.nameOf('select late, $1');
    expect(names.nameOf('select late, $1')).toBeUndefined();
    expect(names.nameOf('select 0, $1')).toBe(given[0]);
  });

  it('forgets texts seen once when they pile up, without forgetting names', () => {
    const names = new StatementNames();
    names.nameOf('hot $1');
    const hot = names.nameOf('hot $1');
    names.nameOf('seen once early $1');
    for (let i = 0; i < StatementNames.SEEN_MAX; i++) names.nameOf(`one-off ${i} $1`);
    // Forgotten: its next sending counts as its first again.
    expect(names.nameOf('seen once early $1')).toBeUndefined();
    expect(names.nameOf('hot $1')).toBe(hot);
  });
});
