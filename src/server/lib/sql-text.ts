/** Helpers for SQL that every module needs the same way, on PGlite and node-postgres alike. */
import { HttpError } from './http-errors';

/** An ILIKE pattern matching `term` anywhere, with LIKE's own characters (`%`, `_`, `\`) taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Postgres unique_violation (23505), through Drizzle's error wrapping, on PGlite and node-postgres. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '23505') return true;
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}

/** Runs a write; a unique violation becomes a 409 naming the field (a slug, a SKU, a code already taken). */
export async function conflictOnUnique<T>(field: string, message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, 'ALREADY_EXISTS', message, field);
    throw err;
  }
}
