import type { Quiz } from '@/contract/quiz';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';

/**
 * The quiz being taken, kept in this browser (localStorage, STORAGE_KEYS.quizProgress) so that a reload, a closed
 * tab or a visit to another page keeps the answers so far and the question on screen (docs/decisions/098). Nothing
 * here leaves the browser until the taker asks for the verdict.
 */
export interface QuizProgress {
  /** question id → answer id */
  answers: Record<string, string>;
  /** The screen shown: a question's index, or the number of questions for the "ready for the verdict" screen. */
  step: number;
  /** quiz_started was recorded for this run (by the landing page's button or the first answer). */
  started: boolean;
}

export const EMPTY_PROGRESS: QuizProgress = { answers: {}, step: 0, started: false };

const VERSION = 1;
/** A quiz left alone longer than this starts afresh. */
export const PROGRESS_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

interface Stored extends QuizProgress {
  v: number;
  savedAt: number;
}

const isIdMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** What was stored, or null when there is nothing usable (another version, a hand edit, too old). */
export function parseProgress(raw: string | null, now = Date.now()): QuizProgress | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<Stored> | null;
    if (!data || data.v !== VERSION || !isIdMap(data.answers) || typeof data.step !== 'number' || !Number.isInteger(data.step)) return null;
    if (typeof data.savedAt !== 'number' || now - data.savedAt > PROGRESS_MAX_AGE_MS) return null;
    return { answers: data.answers, step: data.step, started: data.started === true };
  } catch {
    return null;
  }
}

export function readProgress(storage: Storage | null, now = Date.now()): QuizProgress | null {
  try {
    return parseProgress(storage?.getItem(STORAGE_KEYS.quizProgress) ?? null, now);
  } catch {
    return null;
  }
}

export function writeProgress(storage: Storage | null, progress: QuizProgress, now = Date.now()) {
  try {
    const stored: Stored = { v: VERSION, savedAt: now, ...progress };
    storage?.setItem(STORAGE_KEYS.quizProgress, JSON.stringify(stored));
  } catch {
    // Private mode or a full quota: the quiz still works, it just forgets on a reload.
  }
}

export function clearProgress(storage: Storage | null) {
  try {
    storage?.removeItem(STORAGE_KEYS.quizProgress);
  } catch {
    // nothing to do
  }
}

/**
 * The stored progress fitted to the quiz as it is now (an admin may have changed it since): answers only to questions
 * that still exist, with answers that still exist; the screen no further than the first unanswered question.
 */
export function fitProgress(progress: QuizProgress | null, quiz: Quiz): QuizProgress {
  if (!progress) return EMPTY_PROGRESS;
  const answers: Record<string, string> = {};
  for (const q of quiz.questions) {
    const chosen = progress.answers[q.id];
    if (chosen && q.answers.some((a) => a.id === chosen)) answers[q.id] = chosen;
  }
  const firstOpen = quiz.questions.findIndex((q) => !answers[q.id]);
  const furthest = firstOpen === -1 ? quiz.questions.length : firstOpen;
  return { answers, step: Math.max(0, Math.min(progress.step, furthest)), started: progress.started };
}

/** The answer ids in question order, once every question has one; else null. */
export function completeAnswers(progress: QuizProgress, quiz: Quiz): string[] | null {
  const ids = quiz.questions.map((q) => progress.answers[q.id]);
  return ids.every((id): id is string => typeof id === 'string') ? ids : null;
}

/** How many questions have an answer. */
export const answeredCount = (progress: QuizProgress, quiz: Quiz) => quiz.questions.filter((q) => progress.answers[q.id]).length;

/** localStorage, or null where the browser refuses it (or on the server). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
