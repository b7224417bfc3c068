import { asc, eq } from 'drizzle-orm';
import type { Category } from '@/contract/categories';
import type { Db } from '@/server/db/client';
import { categories } from '@/server/db/schema/index';

export type CategoryRow = typeof categories.$inferSelect;

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    color: row.color,
    is_active: row.isActive,
    sort_order: row.sortOrder,
  };
}

/** Active categories by sort_order (spec §7). */
export async function listActiveCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map(toCategory);
}
