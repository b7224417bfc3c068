import { STORAGE_KEYS } from '@/web/lib/storage-keys';

/**
 * The manage tokens of results made in this browser (localStorage, STORAGE_KEYS.quizResults): the only key to
 * taking a result out of the Hall of Fame, so only this browser can (docs/decisions/098). The newest 50 are kept.
 */
const MAX_KEPT = 50;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function read(storage: Storage | null): Record<string, string> {
  try {
    const data = JSON.parse(storage?.getItem(STORAGE_KEYS.quizResults) ?? 'null') as unknown;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
    return Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string' && TOKEN.test(v))) as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberManageToken(storage: Storage | null, resultId: string, token: string) {
  try {
    const kept = Object.entries(read(storage)).filter(([id]) => id !== resultId);
    kept.push([resultId, token]);
    storage?.setItem(STORAGE_KEYS.quizResults, JSON.stringify(Object.fromEntries(kept.slice(-MAX_KEPT))));
  } catch {
    // Refused storage: the result works, it just cannot be taken out of the Hall of Fame from here.
  }
}

export function manageTokenFor(storage: Storage | null, resultId: string): string | null {
  return read(storage)[resultId] ?? null;
}
