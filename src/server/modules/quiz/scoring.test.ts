import { describe, expect, it } from 'vitest';
import { seedAwards } from '@/server/db/seed/catalog-data';
import { seedQuiz } from '@/server/db/seed/quiz-data';
import { compareScores, FALLBACK_AWARD_SLUG, pickAward, rankAwards, type AnswerWeight, type AwardScore, type ScoringAward } from './scoring';

const award = (slug: string, sortOrder: number): ScoringAward => ({ id: `id-${slug}`, slug, sortOrder });
const cat = award('cat', 30);
const tabs = award('tabs', 20);
const biscuit = award('biscuit', 10);
const general = award(FALLBACK_AWARD_SLUG, 99);
const candidates = [cat, tabs, biscuit, general];
const w = (answerId: string, a: ScoringAward, weight: number): AnswerWeight => ({ answerId, awardId: a.id, weight });

describe('scoring', () => {
  it('sums the weights of the answers given, per award, and picks the highest total', () => {
    const weights = [w('a1', cat, 3), w('a1', tabs, 1), w('a2', tabs, 3), w('a3', cat, 2), w('b1', biscuit, 3)];
    const ranked = rankAwards(['a1', 'a2', 'a3'], weights, candidates);
    expect(ranked.map((s) => [s.award.slug, s.total, s.answers])).toEqual([
      ['cat', 5, 2],
      ['tabs', 4, 2],
    ]);
    expect(pickAward(['a1', 'a2', 'a3'], weights, candidates)).toBe(cat);
    // An answer not given counts for nothing.
    expect(ranked.find((s) => s.award === biscuit)).toBeUndefined();
  });

  it('breaks a tie on the total by the number of answers, then sort order, then slug', () => {
    // 3 + 0 against 2 + 1: the same total, but tabs was named by two answers.
    expect(pickAward(['x', 'y'], [w('x', cat, 3), w('x', tabs, 2), w('y', tabs, 1)], candidates)).toBe(tabs);
    // Same total and answers: the lower sort order (biscuit 10 before cat 30).
    expect(pickAward(['x'], [w('x', cat, 2), w('x', biscuit, 2)], candidates)).toBe(biscuit);
    // Same sort order too: the slug decides, alphabetically.
    const alpha = award('alpha', 5);
    const omega = award('omega', 5);
    expect(pickAward(['x'], [w('x', omega, 1), w('x', alpha, 1)], [omega, alpha])).toBe(alpha);
  });

  it('is deterministic: the order of answers, weights and candidates changes nothing', () => {
    const weights = [w('a', cat, 2), w('a', biscuit, 1), w('b', biscuit, 1), w('b', tabs, 2), w('c', general, 2)];
    const answers = ['a', 'b', 'c'];
    const expected = pickAward(answers, weights, candidates);
    for (let i = 0; i < 20; i++) {
      const shuffle = <T,>(xs: readonly T[]) => [...xs].sort(() => Math.random() - 0.5);
      expect(pickAward(shuffle(answers), shuffle(weights), shuffle(candidates))).toBe(expected);
    }
    // cat 2/1, biscuit 2/2, tabs 2/1, general 2/1: biscuit has two answers.
    expect(expected).toBe(biscuit);
  });

  it('ignores weights on awards that are not candidates (switched off), and weights of zero or less', () => {
    const retired = award('retired', 1);
    expect(pickAward(['a'], [w('a', retired, 3), w('a', cat, 1), w('a', tabs, 0)], candidates)).toBe(cat);
  });

  it('falls back to the catch-all award when nothing scored, else to the first candidate; null without candidates', () => {
    expect(pickAward(['a'], [], candidates)).toBe(general);
    expect(pickAward(['a'], [], [cat, tabs])).toBe(tabs);
    expect(pickAward(['a'], [], [])).toBeNull();
  });

  it('orders scores totally (compareScores is a strict order on distinct awards)', () => {
    const s = (a: ScoringAward, total: number, answers: number): AwardScore => ({ award: a, total, answers });
    expect(compareScores(s(cat, 3, 1), s(tabs, 2, 2))).toBeLessThan(0);
    expect(compareScores(s(cat, 2, 2), s(tabs, 2, 1))).toBeLessThan(0);
    expect(compareScores(s(tabs, 2, 1), s(cat, 2, 1))).toBeLessThan(0);
    expect(compareScores(s(cat, 2, 1), s(cat, 2, 1))).toBe(0);
  });
});

// ---- The seeded quiz ----

const activeAwards: ScoringAward[] = seedAwards.filter((a) => a.isActive).map((a) => ({ id: a.slug, slug: a.slug, sortOrder: a.sortOrder }));
const questions = seedQuiz.map((q) => q.answers.map((a) => a.slug));
const weights: AnswerWeight[] = seedQuiz.flatMap((q) =>
  q.answers.flatMap((a) => Object.entries(a.weights).map(([slug, weight]) => ({ answerId: a.slug, awardId: slug, weight }))),
);
const weightOf = new Map(weights.map((x) => [`${x.answerId}|${x.awardId}`, x.weight]));

/**
 * One answer per question that ends on `target`, or null when there is none. Depth-first over the questions (those
 * leaning towards the target first), pruning as soon as another award is ahead of the best the target can still
 * reach: totals only grow, so that award can never be caught.
 */
function answersReaching(target: ScoringAward): string[] | null {
  const w = (answer: string, slug: string) => weightOf.get(`${answer}|${slug}`) ?? 0;
  const order = [...questions.keys()].sort((a, b) => {
    const lean = (q: number) => Math.max(...questions[q]!.map((ans) => w(ans, target.slug)));
    return lean(b) - lean(a);
  });
  const maxLeft = order.map((_, i) => order.slice(i).reduce((sum, q) => sum + Math.max(...questions[q]!.map((ans) => w(ans, target.slug))), 0));
  const countLeft = order.map((_, i) => order.slice(i).filter((q) => questions[q]!.some((ans) => w(ans, target.slug) > 0)).length);
  const chosen: string[] = [];
  const search = (depth: number): boolean => {
    const ranked = rankAwards(chosen, weights, activeAwards);
    const mine = ranked.find((s) => s.award === target) ?? { award: target, total: 0, answers: 0 };
    if (depth === order.length) return ranked[0]?.award === target;
    const best: AwardScore = { award: target, total: mine.total + maxLeft[depth]!, answers: mine.answers + countLeft[depth]! };
    if (ranked.some((s) => s.award !== target && compareScores(s, best) < 0)) return false;
    const options = [...questions[order[depth]!]!].sort((a, b) => w(b, target.slug) - w(a, target.slug));
    for (const answer of options) {
      chosen.push(answer);
      if (search(depth + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  return search(0) ? [...chosen] : null;
}

describe('the seeded quiz', () => {
  it('has 8–12 questions of unique slugs; every answer leans towards 1–3 known awards with weights 1–3', () => {
    expect(seedQuiz.length).toBeGreaterThanOrEqual(8);
    expect(seedQuiz.length).toBeLessThanOrEqual(12);
    const known = new Set(seedAwards.map((a) => a.slug));
    const slugs = seedQuiz.flatMap((q) => [q.slug, ...q.answers.map((a) => a.slug)]);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const q of seedQuiz) {
      expect(q.answers.length, q.slug).toBeGreaterThanOrEqual(3);
      for (const a of q.answers) {
        const leans = Object.entries(a.weights);
        expect(leans.length, a.slug).toBeGreaterThanOrEqual(1);
        expect(leans.length, a.slug).toBeLessThanOrEqual(3);
        for (const [slug, weight] of leans) {
          expect(known.has(slug), `${a.slug} → ${slug}`).toBe(true);
          expect([1, 2, 3], `${a.slug} → ${slug}`).toContain(weight);
        }
      }
    }
  });

  it('can end on every active seeded award: a set of answers reaching each one exists', () => {
    const unreachable: string[] = [];
    for (const target of activeAwards) {
      const answers = answersReaching(target);
      if (!answers) {
        unreachable.push(target.slug);
        continue;
      }
      // The witness, checked with the function the server uses.
      expect(answers).toHaveLength(seedQuiz.length);
      expect(pickAward(answers, weights, activeAwards), target.slug).toBe(target);
    }
    expect(unreachable).toEqual([]);
  });

  it('leans no answer towards a retired award, and never needs the fallback', () => {
    const retired = new Set(seedAwards.filter((a) => !a.isActive).map((a) => a.slug));
    expect(weights.filter((x) => retired.has(x.awardId))).toEqual([]);
    expect(activeAwards.some((a) => a.slug === FALLBACK_AWARD_SLUG)).toBe(true);
  });
});
