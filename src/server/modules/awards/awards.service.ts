import { and, asc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Award } from '@/contract/awards';
import type { Category } from '@/contract/categories';
import type { Db } from '@/server/db/client';
import { awards, categories } from '@/server/db/schema/index';

export interface AwardFilters {
  search?: string | undefined;
  category_id?: string | undefined;
  is_active?: boolean | undefined;
  min_sort_order?: number | undefined;
  max_sort_order?: number | undefined;
  limit?: number | undefined;
}

type AwardRow = typeof awards.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

/**
 * A category as the contract shows it: on its own (the categories module's list) and inside every award. Here, with
 * the award it is part of, so that the categories module (which files awards) depends on awards and not both ways.
 */
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

export function isPlainStats(v: unknown): v is Record<string, string | number> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function toAward(row: AwardRow, category: CategoryRow | null): Award {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    tagline: row.tagline,
    stats: isPlainStats(row.stats) ? row.stats : {},
    category_id: row.categoryId,
    category_slug: row.categorySlug,
    image_url: row.imageUrl,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    category: category ? toCategory(category) : null,
  };
}

/** Escapes LIKE wildcards so a search for "100%" matches the text "100%". */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Awards with their (active) category joined, ordered by sort_order (spec §7).
 * `publicOnly` callers only ever see active awards, whatever they ask for.
 */
export async function listAwards(db: Db, filters: AwardFilters, opts: { publicOnly: boolean }): Promise<Award[]> {
  const where: SQL[] = [];
  if (opts.publicOnly) where.push(eq(awards.isActive, true));
  if (filters.is_active !== undefined) where.push(eq(awards.isActive, filters.is_active));
  if (filters.category_id) where.push(eq(awards.categoryId, filters.category_id));
  if (filters.min_sort_order !== undefined) where.push(gte(awards.sortOrder, filters.min_sort_order));
  if (filters.max_sort_order !== undefined) where.push(lte(awards.sortOrder, filters.max_sort_order));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    where.push(
      or(
        ilike(awards.title, pattern),
        ilike(awards.description, pattern),
        ilike(sql`coalesce(${awards.tagline}, '')`, pattern),
      )!,
    );
  }
  const query = db
    .select({ award: awards, category: categories })
    .from(awards)
    .leftJoin(categories, and(eq(categories.id, awards.categoryId), eq(categories.isActive, true)))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(awards.sortOrder), asc(awards.title));
  const rows = filters.limit ? await query.limit(filters.limit) : await query;
  return rows.map((r) => toAward(r.award, r.category));
}

/** Active awards for the sitemap: id and last change. */
export async function listActiveAwardStamps(db: Db) {
  return db
    .select({ id: awards.id, slug: awards.slug, updatedAt: awards.updatedAt })
    .from(awards)
    .where(eq(awards.isActive, true))
    .orderBy(asc(awards.sortOrder));
}
