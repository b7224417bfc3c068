import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { categories } from '@/server/db/schema/index';

export interface CategoryKeywords {
  id: string;
  slug: string;
  sortOrder: number;
  keywords: string[];
}

/** Whether a word of an award's slug is one of a category's keywords (a plural, or a longer word for keywords of 4+ letters). */
export function keywordMatches(word: string, keyword: string): boolean {
  if (!keyword) return false;
  return word === keyword || word === `${keyword}s` || word === `${keyword}es` || (keyword.length >= 4 && word.startsWith(keyword));
}

/**
 * auto_assign_category(award_slug) (spec §7; docs/decisions/101), as a pure rule: the active category whose
 * keywords match the most distinct words of the award's slug; a tie goes to the lower sort order, then the slug.
 * No match: null — the award has no category and the gallery shows it under 'Other Awards'.
 */
export function pickCategory(awardSlug: string, candidates: readonly CategoryKeywords[]): string | null {
  const words = [...new Set(awardSlug.toLowerCase().split('-').filter(Boolean))];
  let best: { c: CategoryKeywords; score: number } | null = null;
  for (const c of candidates) {
    const score = words.filter((w) => c.keywords.some((k) => keywordMatches(w, k))).length;
    if (score === 0) continue;
    if (!best || score > best.score || (score === best.score && (c.sortOrder < best.c.sortOrder || (c.sortOrder === best.c.sortOrder && c.slug < best.c.slug)))) {
      best = { c, score };
    }
  }
  return best?.c.id ?? null;
}

/** The active categories and their keywords, for pickCategory. */
export async function loadCategoryKeywords(db: Pick<Db, 'select'>): Promise<CategoryKeywords[]> {
  return db
    .select({ id: categories.id, slug: categories.slug, sortOrder: categories.sortOrder, keywords: categories.keywords })
    .from(categories)
    .where(eq(categories.isActive, true));
}

/** auto_assign_category(award_slug): a category id, or null when no active category's keywords match. */
export async function autoAssignCategory(db: Pick<Db, 'select'>, awardSlug: string): Promise<string | null> {
  return pickCategory(awardSlug, await loadCategoryKeywords(db));
}
