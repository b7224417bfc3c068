import { REACTION_KINDS, type ReactionKind } from '@/contract/nominations-constants';

export type ReactionCounts = Record<ReactionKind, number>;

export interface ReactionState {
  reactions: ReactionCounts;
  my_reaction: ReactionKind | null;
}

/** Every kind present, missing ones as 0. */
export function normaliseCounts(reactions: Partial<Record<ReactionKind, number>> | undefined): ReactionCounts {
  return Object.fromEntries(REACTION_KINDS.map((k) => [k, Math.max(0, reactions?.[k] ?? 0)])) as ReactionCounts;
}

/** The counts after this visitor's reaction becomes `next` (null: taken back); never below zero. */
export function applyReaction(state: ReactionState, next: ReactionKind | null): ReactionState {
  const reactions = normaliseCounts(state.reactions);
  const prev = state.my_reaction;
  if (prev === next) return { reactions, my_reaction: prev };
  if (prev) reactions[prev] = Math.max(0, reactions[prev] - 1);
  if (next) reactions[next] += 1;
  return { reactions, my_reaction: next };
}

export function totalReactions(reactions: Partial<Record<ReactionKind, number>>): number {
  return REACTION_KINDS.reduce((sum, k) => sum + (reactions[k] ?? 0), 0);
}
