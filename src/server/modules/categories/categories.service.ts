import { asc, eq } from 'drizzle-orm';
import type { Category } from '@/contract/categories';
import type { Db } from '@/server/db/client';
import { categories } from '@/server/db/schema/index';
import { toCategory } from '../awards';

export type CategoryRow = typeof categories.$inferSelect;

/** Active categories by sort_order (spec §7). */
export async function listActiveCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(toCategory);
}
