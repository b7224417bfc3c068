import type { Award } from '@/contract/awards';

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
