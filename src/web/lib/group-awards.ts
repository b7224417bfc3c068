import type { Award } from '@/contract/awards';
import { FALLBACK_CATEGORY_COLOR, OTHER_AWARDS_LABEL } from '@/contract/catalog-constants';

export interface AwardGroup {
  key: string;
  name: string;
  color: string;
  awards: Award[];
}

/**
 * Groups awards by their category, categories in their sort order, keeping each award's own
 * order; awards without a known category go last under 'Other Awards' (spec §2).
 */
export function groupAwardsByCategory(awards: Award[]): AwardGroup[] {
  const groups = new Map<string, AwardGroup & { sort: number }>();
  const other: Award[] = [];
  for (const award of awards) {
    const c = award.category;
    if (!c) {
      other.push(award);
      continue;
    }
    let group = groups.get(c.id);
    if (!group) {
      group = { key: c.id, name: c.name, color: c.color || FALLBACK_CATEGORY_COLOR, awards: [], sort: c.sort_order };
      groups.set(c.id, group);
    }
    group.awards.push(award);
  }
  const sorted = [...groups.values()]
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))
    .map(({ sort: _sort, ...g }) => g);
  if (other.length) sorted.push({ key: 'other', name: OTHER_AWARDS_LABEL, color: FALLBACK_CATEGORY_COLOR, awards: other });
  return sorted;
}
