import { like, or, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A slug from a title: lower-case ASCII letters and digits joined by single hyphens ("Reply-All Café" → "reply-all-cafe"). */
export function slugify(text: string, max = 80, fallback = 'award'): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return base || fallback;
}

/** `base`, or `base-2`, `base-3`… — the first that neither the table nor `taken` holds. */
export async function uniqueSlug(db: Pick<Db, 'select'>, table: PgTable, column: AnyPgColumn, base: string, taken: ReadonlySet<string> = new Set(), max = 80): Promise<string> {
  const rows = (await db
    .select({ slug: column })
    .from(table)
    .where(or(eq(column, base), like(column, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`)))) as { slug: string }[];
  return nextFreeSlug(base, new Set([...rows.map((r) => r.slug), ...taken]), max);
}

/** `base`, or `base-2`, `base-3`… — the first not in `used`. */
export function nextFreeSlug(base: string, used: ReadonlySet<string>, max = 80): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, max - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
