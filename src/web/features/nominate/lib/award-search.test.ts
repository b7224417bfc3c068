import { describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import { filterAwards } from './award-search';

const cat = (id: string, name: string, sort: number) => ({ id, slug: id, name, description: null, color: null, is_active: true, sort_order: sort });
const award = (title: string, category: ReturnType<typeof cat> | null, extra: Partial<Award> = {}): Award => ({
  id: title,
  slug: title,
  title,
  description: '',
  tagline: null,
  stats: {},
  category_id: category?.id ?? null,
  category_slug: category?.slug ?? null,
  image_url: null,
  is_active: true,
  sort_order: 0,
  category,
  ...extra,
});

const office = cat('o', 'Office & Work Life', 2);
const kitchen = cat('k', 'Kitchen', 1);
const list = [
  award('Distinguished Service in Reply-All', office, { tagline: 'Sounds good!' }),
  award('Order of the Last Biscuit', kitchen),
  award('Café Crème Medal', kitchen),
  award('Outstanding Achievement in General', null),
];

describe('award search', () => {
  it('matches every word, in any field, ignoring case and accents', () => {
    expect(filterAwards(list, 'reply sounds').map((a) => a.title)).toEqual(['Distinguished Service in Reply-All']);
    expect(filterAwards(list, 'cafe').map((a) => a.title)).toEqual(['Café Crème Medal']);
    expect(filterAwards(list, 'kitchen')).toHaveLength(2);
    expect(filterAwards(list, '  ')).toHaveLength(4);
  });
});
