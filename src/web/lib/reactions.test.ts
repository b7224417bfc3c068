import { describe, expect, it } from 'vitest';
import { applyReaction, totalReactions } from './reactions';

const base = { reactions: { applause: 2, laugh: 0, salute: 1 }, my_reaction: null };

describe('applyReaction', () => {
  it('adds a first reaction', () => {
    expect(applyReaction(base, 'laugh')).toEqual({ reactions: { applause: 2, laugh: 1, salute: 1 }, my_reaction: 'laugh' });
  });
  it('moves a reaction from one kind to another', () => {
    const s = applyReaction({ ...base, my_reaction: 'applause' }, 'salute');
    expect(s).toEqual({ reactions: { applause: 1, laugh: 0, salute: 2 }, my_reaction: 'salute' });
  });
  it('takes a reaction back, never below zero', () => {
    expect(applyReaction({ reactions: { applause: 0, laugh: 0, salute: 0 }, my_reaction: 'applause' }, null).reactions.applause).toBe(0);
  });
  it('fills in kinds the server left out', () => {
    expect(applyReaction({ reactions: {} as never, my_reaction: null }, 'applause').reactions).toEqual({ applause: 1, laugh: 0, salute: 0 });
  });
  it('totals', () => {
    expect(totalReactions(base.reactions)).toBe(3);
  });
});
