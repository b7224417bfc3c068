// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Quiz } from '@/contract/quiz';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';
import { answeredCount, clearProgress, completeAnswers, EMPTY_PROGRESS, fitProgress, PROGRESS_MAX_AGE_MS, readProgress, writeProgress } from './quiz-progress';
import { manageTokenFor, rememberManageToken } from './quiz-tokens';

const quiz: Quiz = {
  questions: [
    { id: 'q1', prompt: 'One?', aside: null, answers: [{ id: 'a1', label: 'A' }, { id: 'b1', label: 'B' }] },
    { id: 'q2', prompt: 'Two?', aside: null, answers: [{ id: 'a2', label: 'A' }, { id: 'b2', label: 'B' }] },
    { id: 'q3', prompt: 'Three?', aside: null, answers: [{ id: 'a3', label: 'A' }] },
  ],
  outcomes: [],
};

beforeEach(() => localStorage.clear());

describe('quiz progress in browser storage (answers kept across a reload)', () => {
  it('reads back what was written, under the quiz-progress key, and forgets it when cleared', () => {
    expect(readProgress(localStorage)).toBeNull();
    writeProgress(localStorage, { answers: { q1: 'b1' }, step: 1, started: true });
    expect(localStorage.getItem(STORAGE_KEYS.quizProgress)).toContain('"b1"');
    // A reload: a new read of the same storage.
    expect(readProgress(localStorage)).toEqual({ answers: { q1: 'b1' }, step: 1, started: true });
    clearProgress(localStorage);
    expect(readProgress(localStorage)).toBeNull();
  });

  it('ignores what it cannot use: another version, a hand edit, a broken value, an old run', () => {
    const now = Date.now();
    for (const raw of ['not json', 'null', '{"v":2,"answers":{},"step":0,"savedAt":1}', `{"v":1,"answers":{"q1":5},"step":0,"savedAt":${now}}`, `{"v":1,"answers":{},"step":"1","savedAt":${now}}`]) {
      localStorage.setItem(STORAGE_KEYS.quizProgress, raw);
      expect(readProgress(localStorage), raw).toBeNull();
    }
    writeProgress(localStorage, { answers: { q1: 'a1' }, step: 1, started: false }, now - PROGRESS_MAX_AGE_MS - 1);
    expect(readProgress(localStorage, now)).toBeNull();
  });

  it('survives a browser that refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(() => writeProgress(refusing, EMPTY_PROGRESS)).not.toThrow();
    expect(readProgress(refusing)).toBeNull();
    expect(() => clearProgress(refusing)).not.toThrow();
    expect(readProgress(null)).toBeNull();
  });

  it('fits stored answers to the quiz as it is now: unknown questions and answers dropped, the screen no further than the first gap', () => {
    const stored = { answers: { q1: 'b1', q2: 'gone', q9: 'a9' }, step: 3, started: true };
    const fitted = fitProgress(stored, quiz);
    expect(fitted).toEqual({ answers: { q1: 'b1' }, step: 1, started: true });
    expect(answeredCount(fitted, quiz)).toBe(1);
    expect(completeAnswers(fitted, quiz)).toBeNull();
    // Going back is kept: the screen may be before the first gap.
    expect(fitProgress({ answers: { q1: 'a1', q2: 'a2' }, step: 0, started: false }, quiz).step).toBe(0);
    // All answered: the last screen (one past the last question), answers in question order.
    const done = fitProgress({ answers: { q3: 'a3', q1: 'a1', q2: 'b2' }, step: 99, started: true }, quiz);
    expect(done.step).toBe(3);
    expect(completeAnswers(done, quiz)).toEqual(['a1', 'b2', 'a3']);
    expect(fitProgress(null, quiz)).toEqual(EMPTY_PROGRESS);
  });
});

describe('manage tokens kept by the browser that made a result', () => {
  const token = (c: string) => c.repeat(43);

  it('remembers a token per result and keeps only well-formed ones', () => {
    rememberManageToken(localStorage, 'result-a', token('a'));
    rememberManageToken(localStorage, 'result-b', token('b'));
    expect(manageTokenFor(localStorage, 'result-a')).toBe(token('a'));
    expect(manageTokenFor(localStorage, 'result-b')).toBe(token('b'));
    expect(manageTokenFor(localStorage, 'result-c')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.quizResults, JSON.stringify({ x: 'short', y: token('y') }));
    expect(manageTokenFor(localStorage, 'x')).toBeNull();
    expect(manageTokenFor(localStorage, 'y')).toBe(token('y'));
  });

  it('keeps the newest 50', () => {
    for (let i = 0; i < 55; i++) rememberManageToken(localStorage, `r${i}`, token('t'));
    expect(manageTokenFor(localStorage, 'r0')).toBeNull();
    expect(manageTokenFor(localStorage, 'r4')).toBeNull();
    expect(manageTokenFor(localStorage, 'r5')).toBe(token('t'));
    expect(manageTokenFor(localStorage, 'r54')).toBe(token('t'));
  });
});
