import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@/server/test/test-database';
import { containsPattern, isUniqueViolation } from './sql-text';

describe('containsPattern and isUniqueViolation, on the real database', () => {
  it('matches a term anywhere, taking %, _ and \\ literally; tells a unique violation from other errors', async () => {
    const database = await createTestDatabase();
    try {
      await database.db.execute(sql`create table t (v text primary key)`);
      await database.db.execute(sql`insert into t values ('50% off'), ('50 off'), ('a_b'), ('axb'), (${'c\\d'}), ('cd')`);
      const match = async (term: string) =>
        (await database.rows<{ v: string }>(sql`select v from t where v ilike ${containsPattern(term)} order by v`)).map((r) => r.v);
      expect(await match('0%')).toEqual(['50% off']);
      expect(await match('_')).toEqual(['a_b']);
      expect(await match('\\')).toEqual(['c\\d']);
      expect(await match('OFF')).toEqual(['50 off', '50% off']);

      const duplicate = await database.db.execute(sql`insert into t values ('cd')`).catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
      const other = await database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
      expect(isUniqueViolation(other)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
