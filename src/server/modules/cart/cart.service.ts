import { eq, sql } from 'drizzle-orm';
import { mergeCartLines, normaliseCartLine, REMEMBERED_MERGES, storedCartSchema, type StoredCartLine } from '@/contract/cart';
import type { CartLineInput } from '@/contract/shop';
import type { Db } from '@/server/db/client';
import { carts } from '@/server/db/schema/index';

/** What a stored row holds, read defensively: a line that no longer parses is dropped, not served. */
function linesOf(items: unknown): StoredCartLine[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const parsed = storedCartSchema.shape.lines.element.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The user's stored cart (empty when they never had one). */
export async function getCart(db: Db, userId: string): Promise<StoredCartLine[]> {
  const [row] = await db.select({ items: carts.items }).from(carts).where(eq(carts.userId, userId));
  return row ? linesOf(row.items) : [];
}

/** Replaces the user's cart; repeated lines of the same print are one line (their quantities added). */
export async function replaceCart(db: Db, userId: string, lines: readonly CartLineInput[]): Promise<StoredCartLine[]> {
  const items = mergeCartLines([], lines.map(normaliseCartLine));
  await db
    .insert(carts)
    .values({ userId, items })
    .onConflictDoUpdate({ target: carts.userId, set: { items, updatedAt: sql`now()` } });
  return items;
}

/**
 * Adds a browser's cart to the stored one (on sign-in), by the cart's own rule: the same print of the same
 * variant raises the quantity, anything else is a new line. Two merges at once for one user queue on the row.
 * A cart merged before under the same `mergeId` is not added again: the stored cart is the answer.
 */
export async function mergeCart(db: Db, userId: string, lines: readonly CartLineInput[], mergeId?: string): Promise<StoredCartLine[]> {
  return db.transaction(async (tx) => {
    await tx.insert(carts).values({ userId, items: [] }).onConflictDoNothing();
    const [row] = await tx
      .select({ items: carts.items, mergedIds: carts.mergedIds })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for('update');
    const stored = linesOf(row?.items);
    const merged = Array.isArray(row?.mergedIds) ? row.mergedIds : [];
    if (mergeId && merged.includes(mergeId)) return stored;
    const items = mergeCartLines(stored, lines.map(normaliseCartLine));
    const mergedIds = mergeId ? [...merged, mergeId].slice(-REMEMBERED_MERGES) : merged;
    await tx.update(carts).set({ items, mergedIds, updatedAt: sql`now()` }).where(eq(carts.userId, userId));
    return items;
  });
}
