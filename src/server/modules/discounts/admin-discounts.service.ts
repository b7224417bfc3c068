import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DiscountCode, discountCodeBodySchema, discountCodePatchSchema } from '@/contract/admin-products';
import type { Db } from '@/server/db/client';
import { discountCodes } from '@/server/db/schema/discount-codes';
import { badRequest, notFound } from '@/server/lib/http-errors';
import { conflictOnUnique } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';

/** /admin/discount-codes (issue 9): the codes, every change audited. */

type CodeRow = typeof discountCodes.$inferSelect;

const codeView = (c: CodeRow): DiscountCode => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  value: c.value,
  min_subtotal: c.minSubtotal,
  expires_at: c.expiresAt?.toISOString() ?? null,
  usage_limit: c.usageLimit,
  used_count: c.usedCount,
  is_active: c.isActive,
  created_at: c.createdAt.toISOString(),
});


export async function listDiscountCodes(db: Db): Promise<DiscountCode[]> {
  return (await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt))).map(codeView);
}

const codeColumns = (b: Partial<z.output<typeof discountCodeBodySchema>>) => ({
  ...(b.code !== undefined ? { code: b.code } : {}),
  ...(b.kind !== undefined ? { kind: b.kind } : {}),
  ...(b.value !== undefined ? { value: b.value } : {}),
  ...(b.min_subtotal !== undefined ? { minSubtotal: b.min_subtotal } : {}),
  ...(b.expires_at !== undefined ? { expiresAt: b.expires_at ? new Date(b.expires_at) : null } : {}),
  ...(b.usage_limit !== undefined ? { usageLimit: b.usage_limit } : {}),
  ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
});

export function createDiscountCode(db: Db, actor: Actor, body: z.output<typeof discountCodeBodySchema>): Promise<DiscountCode> {
  return conflictOnUnique('code', 'That discount code already exists.', () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values({ ...codeColumns(body), code: body.code, kind: body.kind, value: body.value }).returning();
      await audited(tx, actor, { action: 'discount_code.created', entityType: 'discount_code', entityId: row!.id, before: null, after: row }, async () => undefined);
      return codeView(row!);
    }),
  );
}

export function updateDiscountCode(db: Db, actor: Actor, id: string, body: z.output<typeof discountCodePatchSchema>): Promise<DiscountCode> {
  return conflictOnUnique('code', 'That discount code already exists.', () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!before) throw notFound('No discount code with that id.', 'DISCOUNT_CODE_NOT_FOUND');
      const kind = body.kind ?? before.kind;
      const value = body.value ?? before.value;
      if (kind === 'percent' && value > 100) throw badRequest('A percentage discount is at most 100', 'value');
      const [after] = await audited(tx, actor, { action: 'discount_code.updated', entityType: 'discount_code', entityId: id, before, after: body }, () =>
        tx.update(discountCodes).set({ ...codeColumns(body), updatedAt: new Date() }).where(eq(discountCodes.id, id)).returning(),
      );
      return codeView(after!);
    }),
  );
}

export async function deleteDiscountCode(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id));
    if (!before) throw notFound('No discount code with that id.', 'DISCOUNT_CODE_NOT_FOUND');
    await audited(tx, actor, { action: 'discount_code.deleted', entityType: 'discount_code', entityId: id, before, after: null }, () =>
      tx.delete(discountCodes).where(eq(discountCodes.id, id)),
    );
  });
}
