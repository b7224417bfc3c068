import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AWARD_LIMITS,
  type AdminAward,
  type AdminAwardSort,
  type AwardAuditEntry,
  type AwardAuditList,
  type awardBodySchema,
  type adminAwardFilterSchema,
  type awardPatchSchema,
} from '@/contract/admin-awards';
import type { Db } from '@/server/db/client';
import { awards, awardsAudit, categories, nominations, quizResults, users } from '@/server/db/schema/index';
import { linesOfAward } from '../orders';
import { badRequest, conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern, isUniqueViolation } from '@/server/lib/sql-text';
import type { Actor } from '../audit';
import { type CategoryRow, isPlainStats, toAward } from './awards.service';
import { auditedAwardChange, type AwardChangeSource } from './awards-audit';
import { slugify, uniqueSlug } from './award-slugs';
import { autoAssignCategory } from './auto-category';

type AwardRow = typeof awards.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type AwardFilter = z.output<typeof adminAwardFilterSchema>;

export function toAdminAward(row: AwardRow, category: CategoryRow | null): AdminAward {
  return { ...toAward(row, category), created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

/** The list's and the export's WHERE (spec §7 filters). */
export function awardWhere(f: AwardFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.is_active !== undefined) where.push(eq(awards.isActive, f.is_active));
  if (f.category_id === 'none') where.push(isNull(awards.categoryId));
  else if (f.category_id) where.push(eq(awards.categoryId, f.category_id));
  if (f.min_sort_order !== undefined) where.push(gte(awards.sortOrder, f.min_sort_order));
  if (f.max_sort_order !== undefined) where.push(lte(awards.sortOrder, f.max_sort_order));
  if (f.search) {
    const pattern = containsPattern(f.search);
    where.push(or(ilike(awards.title, pattern), ilike(awards.description, pattern), ilike(sql`coalesce(${awards.tagline}, '')`, pattern))!);
  }
  return where.length ? and(...where) : undefined;
}

function awardOrder(sort: AdminAwardSort = 'sort_order', dir: 'asc' | 'desc' = 'asc'): SQL[] {
  const d = dir === 'desc' ? desc : asc;
  switch (sort) {
    case 'title':
      return [d(sql`lower(${awards.title})`), asc(awards.id)];
    case 'category':
      return [dir === 'desc' ? sql`${categories.name} desc nulls last` : sql`${categories.name} asc nulls last`, asc(awards.sortOrder), asc(awards.title), asc(awards.id)];
    case 'updated':
      return [d(awards.updatedAt), asc(awards.id)];
    default:
      return [d(awards.sortOrder), d(awards.title), asc(awards.id)];
  }
}

export async function listAdminAwards(db: Db, q: AwardFilter & { page: number }) {
  const where = awardWhere(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({ award: awards, category: categories })
      .from(awards)
      .leftJoin(categories, eq(categories.id, awards.categoryId))
      .where(where)
      .orderBy(...awardOrder(q.sort, q.dir))
      .limit(AWARD_LIMITS.pageSize)
      .offset((q.page - 1) * AWARD_LIMITS.pageSize),
    db.select({ n: count() }).from(awards).where(where),
  ]);
  return { awards: rows.map((r) => toAdminAward(r.award, r.category)), total: Number(total?.n ?? 0), page: q.page, page_size: AWARD_LIMITS.pageSize };
}

/** Every award the filters match, in sort order, with its category (the export). */
export async function awardsForExport(db: Db, f: AwardFilter) {
  return db
    .select({ award: awards, category: categories })
    .from(awards)
    .leftJoin(categories, eq(categories.id, awards.categoryId))
    .where(awardWhere(f))
    .orderBy(asc(awards.sortOrder), asc(awards.title), asc(awards.id));
}

export async function getAdminAward(db: Pick<Db, 'select'>, id: string): Promise<AdminAward> {
  const [row] = await db.select({ award: awards, category: categories }).from(awards).leftJoin(categories, eq(categories.id, awards.categoryId)).where(eq(awards.id, id));
  if (!row) throw notFound('No award with that id.', 'AWARD_NOT_FOUND');
  return toAdminAward(row.award, row.category);
}

async function lockAward(tx: Tx, id: string): Promise<AwardRow> {
  const [row] = await tx.select().from(awards).where(eq(awards.id, id)).for('update');
  if (!row) throw notFound('No award with that id.', 'AWARD_NOT_FOUND');
  return row;
}

/** The category an award is filed under, checked; its slug is kept on the award beside the id (spec §3). */
export async function categoryFor(db: Pick<Db, 'select'>, id: string | null, field = 'category_id'): Promise<CategoryRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw badRequest('That category does not exist (any more).', field);
  return row;
}

/** Duplicate slugs as a 409 naming the field. */
async function uniqueAwardSlug<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another award already has this slug.', 'slug', 'ALREADY_EXISTS');
    throw err;
  }
}

export function createAward(db: Db, actor: Actor, body: z.output<typeof awardBodySchema>, source: AwardChangeSource = 'form'): Promise<AdminAward> {
  return uniqueAwardSlug(() =>
    db.transaction(async (tx) => {
      const slug = body.slug ?? (await uniqueSlug(tx, awards, awards.slug, slugify(body.title, AWARD_LIMITS.slug)));
      // Spec §7: an award created without a category gets one from auto_assign_category(award_slug).
      const categoryId = body.category_id ?? (await autoAssignCategory(tx, slug));
      const category = await categoryFor(tx, categoryId);
      const row = await insertAward(tx, actor, source, {
        slug,
        title: body.title,
        description: body.description,
        tagline: body.tagline,
        stats: body.stats,
        categoryId: category?.id ?? null,
        categorySlug: category?.slug ?? null,
        imageUrl: body.image_url ?? null,
        isActive: body.is_active,
        sortOrder: body.sort_order,
      });
      return toAdminAward(row, category);
    }),
  );
}

export async function insertAward(tx: Tx, actor: Actor, source: AwardChangeSource, values: typeof awards.$inferInsert): Promise<AwardRow> {
  const [inserted] = await tx.insert(awards).values(values).returning();
  await auditedAwardChange(tx, actor, { action: 'create', source, awardId: inserted!.id, before: null }, async () => inserted!);
  return inserted!;
}

const sameStats = (a: unknown, b: unknown) => {
  const x = isPlainStats(a) ? a : {};
  const y = isPlainStats(b) ? b : {};
  const kx = Object.keys(x);
  return kx.length === Object.keys(y).length && kx.every((k) => Object.hasOwn(y, k) && y[k] === x[k]);
};

/** The columns of a change that differ from the row (nothing when the change changes nothing). */
export function awardChanges(row: AwardRow, set: Partial<typeof awards.$inferInsert>): Partial<typeof awards.$inferInsert> {
  const out: Partial<typeof awards.$inferInsert> = {};
  for (const [key, value] of Object.entries(set) as [keyof AwardRow, unknown][]) {
    if (value === undefined) continue;
    const same = key === 'stats' ? sameStats(row.stats, value) : row[key] === value;
    if (!same) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** Writes the columns that differ, audited; the row unchanged (and no audit row) when none does. */
export async function updateAwardRow(tx: Tx, actor: Actor, source: AwardChangeSource, before: AwardRow, set: Partial<typeof awards.$inferInsert>): Promise<AwardRow> {
  const changes = awardChanges(before, set);
  if (!Object.keys(changes).length) return before;
  const after = await auditedAwardChange(tx, actor, { action: 'update', source, awardId: before.id, before }, async () => {
    const [row] = await tx
      .update(awards)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(awards.id, before.id))
      .returning();
    return row!;
  });
  return after!;
}

export function updateAward(db: Db, actor: Actor, id: string, body: z.output<typeof awardPatchSchema>): Promise<AdminAward> {
  return uniqueAwardSlug(() =>
    db.transaction(async (tx) => {
      const before = await lockAward(tx, id);
      const set: Partial<typeof awards.$inferInsert> = {
        title: body.title,
        slug: body.slug,
        description: body.description,
        tagline: body.tagline,
        stats: body.stats,
        imageUrl: body.image_url,
        isActive: body.is_active,
        sortOrder: body.sort_order,
      };
      if (body.category_id !== undefined) {
        const category = await categoryFor(tx, body.category_id);
        set.categoryId = category?.id ?? null;
        set.categorySlug = category?.slug ?? null;
      }
      await updateAwardRow(tx, actor, 'form', before, set);
      return getAdminAward(tx, id);
    }),
  );
}

/** Where an award is used: certificates (nominations), quiz results and order lines keep pointing at it. */
export async function awardUsage(db: Pick<Db, 'select'>, id: string) {
  const [[n], [q], [o]] = await Promise.all([
    db.select({ n: count() }).from(nominations).where(eq(nominations.awardId, id)),
    db.select({ n: count() }).from(quizResults).where(eq(quizResults.awardId, id)),
    linesOfAward(db, id).then((n) => [{ n }]),
  ]);
  return { nominations: Number(n?.n ?? 0), quizResults: Number(q?.n ?? 0), orderLines: Number(o?.n ?? 0) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes an award nobody has used. One that is on a certificate, a quiz result or an order is refused with 409
 * AWARD_IN_USE: those keep showing it, so it can only be deactivated (it then leaves the gallery).
 */
export async function deleteAward(db: Db, actor: Actor, id: string): Promise<AwardRow> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockAward(tx, id);
      const usage = await awardUsage(tx, id);
      const uses = [
        usage.nominations ? plural(usage.nominations, 'certificate', 'certificates') : null,
        usage.quizResults ? plural(usage.quizResults, 'quiz result', 'quiz results') : null,
        usage.orderLines ? plural(usage.orderLines, 'order line', 'order lines') : null,
      ].filter(Boolean);
      if (uses.length) {
        throw conflict(
          `“${before.title}” is on ${uses.join(', ')}, which keep showing it, so it cannot be deleted. Deactivate it instead: it leaves the gallery and everything already made keeps it.`,
          undefined,
          'AWARD_IN_USE',
        );
      }
      await auditedAwardChange(tx, actor, { action: 'delete', source: 'form', awardId: id, before }, async () => {
        await tx.delete(awards).where(eq(awards.id, id));
        return null;
      });
      return before;
    });
  } catch (err) {
    // Used between our check and the delete: the foreign keys refuse it (23503).
    if (typeof err === 'object' && err && JSON.stringify(err).includes('23503')) {
      throw conflict('This award has just been used, so it cannot be deleted. Deactivate it instead.', undefined, 'AWARD_IN_USE');
    }
    throw err;
  }
}

/** Activates or deactivates many awards at once (each change audited). */
export async function bulkSetActive(db: Db, actor: Actor, ids: string[], isActive: boolean): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(awards).where(inArray(awards.id, [...new Set(ids)])).orderBy(asc(awards.id)).for('update');
    let updated = 0;
    for (const row of rows) {
      if (row.isActive === isActive) continue;
      await updateAwardRow(tx, actor, 'bulk', row, { isActive });
      updated++;
    }
    return { updated };
  });
}

/**
 * Moves an award one place up or down among the awards of its own category (the gallery shows each category's
 * awards in sort order). Equal sort orders are first spread out in steps of 10 so that the swap shows.
 */
export async function moveAward(db: Db, actor: Actor, id: string, direction: 'up' | 'down'): Promise<AdminAward> {
  return db.transaction(async (tx) => {
    const award = await lockAward(tx, id);
    const sameCategory = award.categoryId ? eq(awards.categoryId, award.categoryId) : isNull(awards.categoryId);
    const siblings = await tx.select().from(awards).where(sameCategory).orderBy(asc(awards.sortOrder), asc(awards.title), asc(awards.id)).for('update');
    const at = siblings.findIndex((a) => a.id === id);
    const other = direction === 'up' ? at - 1 : at + 1;
    if (other < 0 || other >= siblings.length) return getAdminAward(tx, id);
    let list = siblings;
    if (new Set(siblings.map((a) => a.sortOrder)).size !== siblings.length) {
      list = [];
      for (const [i, row] of siblings.entries()) list.push(await updateAwardRow(tx, actor, 'reorder', row, { sortOrder: (i + 1) * 10 }));
    }
    const [a, b] = [list[at]!, list[other]!];
    await updateAwardRow(tx, actor, 'reorder', a, { sortOrder: b.sortOrder });
    await updateAwardRow(tx, actor, 'reorder', b, { sortOrder: a.sortOrder });
    return getAdminAward(tx, id);
  });
}

/** Sets (or clears) an award's picture, audited as an image change. */
export async function setAwardImage(db: Db, actor: Actor, id: string, imageUrl: string | null): Promise<{ award: AdminAward; previous: string | null }> {
  return db.transaction(async (tx) => {
    const before = await lockAward(tx, id);
    await updateAwardRow(tx, actor, 'image', before, { imageUrl });
    return { award: await getAdminAward(tx, id), previous: before.imageUrl };
  });
}

export async function requireAward(db: Pick<Db, 'select'>, id: string): Promise<AwardRow> {
  const [row] = await db.select().from(awards).where(eq(awards.id, id));
  if (!row) throw notFound('No award with that id.', 'AWARD_NOT_FOUND');
  return row;
}

const AUDIT_PAGE_SIZE = 50;

/** awards_audit newest first (spec §7), all awards or one, with who made each change. */
export async function listAwardAudit(db: Db, q: { award_id?: string | undefined; page: number }): Promise<AwardAuditList> {
  const where = q.award_id ? eq(awardsAudit.awardId, q.award_id) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: awardsAudit, user: { id: users.id, name: users.name, email: users.email } })
      .from(awardsAudit)
      .leftJoin(users, eq(users.id, awardsAudit.changedBy))
      .where(where)
      .orderBy(desc(awardsAudit.changedAt), desc(awardsAudit.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((q.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(awardsAudit).where(where),
  ]);
  const entries: AwardAuditEntry[] = rows.map(({ entry, user }) => {
    const state = entry.after ?? entry.before ?? {};
    return {
      id: entry.id,
      award_id: entry.awardId,
      action: entry.action,
      source: entry.source,
      changed_at: entry.changedAt.toISOString(),
      changed_by: user?.id ? { id: user.id, name: user.name || null, email: user.email } : null,
      title: typeof state.title === 'string' ? state.title : '',
      before: entry.before,
      after: entry.after,
    };
  });
  return { entries, total: Number(total?.n ?? 0), page: q.page, page_size: AUDIT_PAGE_SIZE };
}


