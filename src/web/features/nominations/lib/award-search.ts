import type { Award } from '@/contract/awards';
import { FALLBACK_CATEGORY_COLOR, OTHER_AWARDS_LABEL } from '@/contract/catalog-constants';

export interface AwardGroup {
  key: string;
  name: string;
  color: string;
  awards: Award[];
}

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Awards whose title, tagline, description or category contain every word typed (any order, any case). */
export function filterAwards(awards: Award[], query: string): Award[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return awards;
  return awards.filter((a) => {
    const hay = fold([a.title, a.tagline ?? '', a.description, a.category?.name ?? ''].join(' '));
    return words.every((w) => hay.includes(w));
  });
}

/** Grouped by category in the categories' order (as the gallery shows them); uncategorised last. */
export function groupAwards(awards: Award[]): AwardGroup[] {
  const groups = new Map<string, AwardGroup & { sort: number }>();
  const other: Award[] = [];
  for (const a of awards) {
    const c = a.category;
    if (!c) {
      other.push(a);
      continue;
    }
    const g = groups.get(c.id) ?? { key: c.id, name: c.name, color: c.color || FALLBACK_CATEGORY_COLOR, awards: [], sort: c.sort_order };
    g.awards.push(a);
    groups.set(c.id, g);
  }
  const sorted: AwardGroup[] = [...groups.values()].sort((x, y) => x.sort - y.sort || x.name.localeCompare(y.name)).map(({ sort: _s, ...g }) => g);
  if (other.length) sorted.push({ key: 'other', name: OTHER_AWARDS_LABEL, color: FALLBACK_CATEGORY_COLOR, awards: other });
  return sorted;
}
