import { describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import { initialPrintSelection } from '../components/print-choice';
import { findAwardByParam } from './award-param';

const awards = [
  { id: 'a1', slug: 'reply-all', title: 'Reply-All' },
  { id: 'a2', slug: 'a1', title: 'Slug Like An Id' },
] as unknown as Award[];

describe('?award= by id or slug (docs/decisions/115)', () => {
  it('finds the award by id first, then by slug', () => {
    expect(findAwardByParam(awards, 'a1')?.title).toBe('Reply-All');
    expect(findAwardByParam(awards, 'reply-all')?.id).toBe('a1');
    expect(findAwardByParam(awards, 'nope')).toBeUndefined();
    expect(findAwardByParam(undefined, 'a1')).toBeUndefined();
  });

  it('starts the store with the same award for either', () => {
    expect(initialPrintSelection(awards, 'reply-all', null)).toEqual(initialPrintSelection(awards, 'a1', null));
    expect(initialPrintSelection(awards, null, null)).toMatchObject({ awardId: 'a1' });
    expect(initialPrintSelection(awards, 'nope', null)).toBeNull();
  });
});
