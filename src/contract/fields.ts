import { z } from 'zod';

/**
 * Field schemas shared by every route, for values that pass a format check yet cannot be used: a date the
 * calendar does not have or the database cannot store, a count past PostgreSQL's `integer`. Use these instead
 * of a bare z.iso.date() / z.number(), so the API answers 400 naming the field and never reaches the database
 * with them (docs/decisions/051). Text with NUL or lone surrogates is refused for every route by the server's
 * validator compiler, not here.
 */

/** The largest PostgreSQL `integer`. */
export const INT4_MAX = 2 ** 31 - 1;

/** Years PostgreSQL's date types and JavaScript agree on; year 0 does not exist in PostgreSQL's ISO input. */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

/** True when `iso` (YYYY-MM-DD…) names a real day: no 30 February, no month 13, no year 0000. */
function isRealDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYY-MM-DD, a real day from year 1 to 9999. */
export const calendarDate = (field: string) =>
  z
    .string({ message: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${field} must be a date (YYYY-MM-DD)` })
    .refine((s) => isRealDay(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))), {
      message: `${field} must be a real date between 0001-01-01 and 9999-12-31`,
    });

/** A UTC timestamp as PostgreSQL writes it (YYYY-MM-DDTHH:MM:SS[.ffffff]Z) that names a real instant. */
export const utcTimestamp = (field: string) =>
  z
    .string({ message: `${field} must be a timestamp` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, { message: `${field} must be a UTC timestamp` })
    .refine(
      (s) =>
        isRealDay(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))) &&
        Number(s.slice(11, 13)) < 24 &&
        Number(s.slice(14, 16)) < 60 &&
        Number(s.slice(17, 19)) < 60,
      { message: `${field} must be a real moment in time` },
    );

/** A whole number from `min` that fits an `integer` column. */
export const int4 = (field: string, min = 0) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int({ message: `${field} must be a whole number` })
    .min(min, { message: `${field} must be at least ${min}` })
    .max(INT4_MAX, { message: `${field} is too large` });

/** ?page=N for paged lists: from 1, bounded so an offset can never overflow. */
export const pageNumber = () =>
  z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int({ message: 'page must be a whole number from 1' })
    .min(1, { message: 'page must be a whole number from 1' })
    .max(100_000, { message: 'page must be at most 100000' })
    .default(1);
