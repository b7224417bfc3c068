/**
 * Scoring a quiz (docs/decisions/098): pure, no database. Each answer given adds its weights to their awards; the
 * award with the highest total wins. Ties are broken, always the same way:
 *   1. the higher total;
 *   2. more answers leaning towards it (steady evidence beats one loud answer);
 *   3. the award's sort order in the catalogue (lower first), as the gallery lists them;
 *   4. its slug, alphabetically (slugs are unique, so this always decides).
 * Only the candidates given (the active awards) can win; weights on any other award are ignored.
 */

export interface ScoringAward {
  id: string;
  slug: string;
  sortOrder: number;
}

export interface AnswerWeight {
  answerId: string;
  awardId: string;
  weight: number;
}

export interface AwardScore {
  award: ScoringAward;
  total: number;
  /** How many of the given answers lean towards it. */
  answers: number;
}

/** The catch-all verdict when the answers lean towards no active award at all (an admin switched them off). */
export const FALLBACK_AWARD_SLUG = 'outstanding-achievement-in-general';

/** Best first: total, then answers, then sort order, then slug. */
export function compareScores(a: AwardScore, b: AwardScore): number {
  return (
    b.total - a.total ||
    b.answers - a.answers ||
    a.award.sortOrder - b.award.sortOrder ||
    (a.award.slug < b.award.slug ? -1 : a.award.slug > b.award.slug ? 1 : 0)
  );
}

/** Every candidate award that the given answers lean towards, best first. */
export function rankAwards(answerIds: readonly string[], weights: readonly AnswerWeight[], candidates: readonly ScoringAward[]): AwardScore[] {
  const given = new Set(answerIds);
  const byId = new Map(candidates.map((a) => [a.id, a]));
  const scores = new Map<string, AwardScore>();
  for (const w of weights) {
    if (!given.has(w.answerId) || w.weight <= 0) continue;
    const award = byId.get(w.awardId);
    if (!award) continue;
    const s = scores.get(award.id) ?? { award, total: 0, answers: 0 };
    s.total += w.weight;
    s.answers += 1;
    scores.set(award.id, s);
  }
  return [...scores.values()].sort(compareScores);
}

/**
 * The verdict for a set of answers: the best-ranked candidate; when no candidate scored, the fallback award if it
 * is a candidate, else the first candidate by sort order and slug. Null only when there is no candidate at all.
 */
export function pickAward(
  answerIds: readonly string[],
  weights: readonly AnswerWeight[],
  candidates: readonly ScoringAward[],
  fallbackSlug = FALLBACK_AWARD_SLUG,
): ScoringAward | null {
  const [best] = rankAwards(answerIds, weights, candidates);
  if (best) return best.award;
  const fallback = candidates.find((a) => a.slug === fallbackSlug);
  if (fallback) return fallback;
  const [first] = candidates.map((award) => ({ award, total: 0, answers: 0 })).sort(compareScores);
  return first?.award ?? null;
}
