import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CATEGORY_LIMITS, type AdminCategory, type adminCategoryListQuerySchema, type categoryBodySchema, type categoryPatchSchema } from '@/contract/admin-awards';
import type { Db } from '@/server/db/client';
import { awards, categories } from '@/server/db/schema/index';
import { badRequest, conflict, notFound } from '@/server/lib/http-errors';
import { containsPattern, isUniqueViolation } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { updateAwardRow, slugify, uniqueSlug, toCategory } from '../awards';
import type { CategoryRow } from './categories.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Written out: inside a sub-select Drizzle leaves column names unqualified, and "id" would then be the award's.
const awardCount = sql<number>`(select count(*)::int from "awards" where "awards"."category_id" = "categories"."id")`;

const view = (row: CategoryRow, n: number): AdminCategory => ({ ...toCategory(row), keywords: row.keywords, award_count: Number(n) });

/** What the audit log keeps of a category. */
const snapshot = (row: CategoryRow) => ({ ...toCategory(row), keywords: row.keywords });

export async function listAdminCategories(db: Db, q: z.output<typeof adminCategoryListQuerySchema>): Promise<AdminCategory[]> {
  const where: SQL[] = [];
  if (q.is_active !== undefined) where.push(eq(categories.isActive, q.is_active));
  if (q.search) {
    const p = containsPattern(q.search);
    where.push(or(ilike(categories.name, p), ilike(categories.slug, p), ilike(sql`coalesce(${categories.description}, '')`, p))!);
  }
  const d = q.dir === 'desc' ? desc : asc;
  const order = q.sort === 'name' ? [d(sql`lower(${categories.name})`)] : q.sort === 'awards' ? [d(awardCount), asc(categories.name)] : [d(categories.sortOrder), asc(categories.name)];
  const rows = await db
    .select({ category: categories, n: awardCount })
    .from(categories)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order, asc(categories.id));
  return rows.map((r) => view(r.category, r.n));
}

async function byId(db: Pick<Db, 'select'>, id: string): Promise<AdminCategory> {
  const [row] = await db.select({ category: categories, n: awardCount }).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('No category with that id.', 'CATEGORY_NOT_FOUND');
  return view(row.category, row.n);
}

async function lock(tx: Tx, id: string): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw notFound('No category with that id.', 'CATEGORY_NOT_FOUND');
  return row;
}

async function uniqueCategorySlug<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('Another category already has this slug.', 'slug', 'ALREADY_EXISTS');
    throw err;
  }
}

export function createCategory(db: Db, actor: Actor, body: z.output<typeof categoryBodySchema>): Promise<AdminCategory> {
  return uniqueCategorySlug(() =>
    db.transaction(async (tx) => {
      const slug = body.slug ?? (await uniqueSlug(tx, categories, categories.slug, slugify(body.name, CATEGORY_LIMITS.slug, 'category'), new Set(), CATEGORY_LIMITS.slug));
      const [row] = await tx
        .insert(categories)
        .values({ slug, name: body.name, description: body.description, color: body.color, isActive: body.is_active, sortOrder: body.sort_order, keywords: body.keywords })
        .returning();
      await audited(tx, actor, { action: 'category.created', entityType: 'category', entityId: row!.id, before: null, after: snapshot(row!) }, async () => undefined);
      return view(row!, 0);
    }),
  );
}

export function updateCategory(db: Db, actor: Actor, id: string, body: z.output<typeof categoryPatchSchema>): Promise<AdminCategory> {
  return uniqueCategorySlug(() =>
    db.transaction(async (tx) => {
      const before = await lock(tx, id);
      const [after] = await tx
        .update(categories)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.slug !== undefined ? { slug: body.slug } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.color !== undefined ? { color: body.color } : {}),
          ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
          ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
          ...(body.keywords !== undefined ? { keywords: body.keywords } : {}),
          updatedAt: new Date(),
        })
        .where(eq(categories.id, id))
        .returning();
      await audited(tx, actor, { action: 'category.updated', entityType: 'category', entityId: id, before: snapshot(before), after: snapshot(after!) }, async () => {
        // Awards keep their category's slug beside its id (spec §3): a new slug follows to them.
        if (after!.slug !== before.slug) await tx.update(awards).set({ categorySlug: after!.slug }).where(eq(awards.categoryId, id));
      });
      return byId(tx, id);
    }),
  );
}

/**
 * Deletes a category. When awards are filed under it the caller must say where they go — another category, or
 * none (the gallery's 'Other Awards') — else 409 CATEGORY_HAS_AWARDS. Each award moved is audited.
 */
export async function deleteCategory(db: Db, actor: Actor, id: string, awardsTo: string | undefined): Promise<{ moved: number }> {
  return db.transaction(async (tx) => {
    const before = await lock(tx, id);
    const held = await tx.select().from(awards).where(eq(awards.categoryId, id)).orderBy(asc(awards.id)).for('update');
    if (held.length && awardsTo === undefined) {
      throw conflict(
        `“${before.name}” has ${held.length} award${held.length === 1 ? '' : 's'}. Say where they go: another category, or none (they then show under Other Awards).`,
        'awards_to',
        'CATEGORY_HAS_AWARDS',
      );
    }
    let target: CategoryRow | null = null;
    if (awardsTo && awardsTo !== 'none') {
      if (awardsTo === id) throw badRequest('The awards cannot move to the category being deleted.', 'awards_to');
      [target = null] = await tx.select().from(categories).where(eq(categories.id, awardsTo));
      if (!target) throw badRequest('That category does not exist (any more).', 'awards_to');
    }
    for (const award of held) {
      await updateAwardRow(tx, actor, 'category', award, { categoryId: target?.id ?? null, categorySlug: target?.slug ?? null });
    }
    await audited(
      tx,
      actor,
      { action: 'category.deleted', entityType: 'category', entityId: id, before: snapshot(before), after: held.length ? { awards_moved_to: target?.slug ?? null, awards: held.length } : null },
      () => tx.delete(categories).where(eq(categories.id, id)),
    );
    return { moved: held.length };
  });
}
