import { describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { Category } from '@/contract/categories';
import { groupAwardsByCategory } from './group-awards';

const cat = (id: string, name: string, sort: number, color: string | null = '#123456'): Category => ({
  id,
  slug: id,
  name,
  description: null,
  color,
  is_active: true,
  sort_order: sort,
});

const award = (id: string, category: Category | null): Award => ({
  id,
  slug: id,
  title: id,
  description: '',
  tagline: null,
  stats: {},
  category_id: category?.id ?? null,
  category_slug: category?.slug ?? null,
  image_url: null,
  is_active: true,
  sort_order: 0,
  category,
});

describe('groupAwardsByCategory', () => {
  it('orders groups by category sort order, keeps award order and puts Other Awards last', () => {
    const office = cat('office', 'Office', 20);
    const kitchen = cat('kitchen', 'Kitchen', 10, null);
    const groups = groupAwardsByCategory([
      award('a', office),
      award('b', null),
      award('c', kitchen),
      award('d', office),
    ]);
    expect(groups.map((g) => [g.name, g.awards.map((a) => a.id)])).toEqual([
      ['Kitchen', ['c']],
      ['Office', ['a', 'd']],
      ['Other Awards', ['b']],
    ]);
    expect(groups[0]!.color).toBe('#6366f1');
    expect(groups[1]!.color).toBe('#123456');
  });

  it('has no Other Awards group when every award has a category', () => {
    expect(groupAwardsByCategory([award('a', cat('x', 'X', 1))]).map((g) => g.name)).toEqual(['X']);
  });
});
