import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DiscountCode, DiscountCodeList, discountCodeBodySchema, discountCodePatchSchema } from '@/contract/admin-products';
import type { Db } from '@/server/db/client';
import { discountCodes } from '@/server/db/schema/discount-codes';
import { badRequest, notFound } from '@/server/lib/http-errors';
import { conflictOnUnique } from '@/server/lib/sql-text';
import { audited, type Actor } from '../audit';
import { shopCurrencies, type ShopSettings } from '../settings';

/** /admin/discount-codes (issue 9): the codes, every change audited. */

type CodeRow = typeof discountCodes.$inferSelect;
type Shop = Pick<ShopSettings, 'currency' | 'currencies'>;

/**
 * The currency to store for a code's amounts (docs/decisions/134): one the shop sells in, else 400 naming `currency`;
 * the shop's own is stored as null, the one way to say "the shop's own" (such a code follows it if it ever changes).
 * A rule across the body and the settings: checked here, after the schema has passed every field.
 */
function codeCurrency(shop: Shop, currency: string | null): string | null {
  if (currency === null || currency === shop.currency) return null;
  const offered = shopCurrencies(shop);
  if (!offered.includes(currency)) throw badRequest(`The shop does not sell in ${currency}: choose ${offered.join(', ')}.`, 'currency', 'CURRENCY_NOT_SOLD');
  return currency;
}

const codeView = (c: CodeRow): DiscountCode => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  value: c.value,
  min_subtotal: c.minSubtotal,
  currency: c.currency,
  expires_at: c.expiresAt?.toISOString() ?? null,
  usage_limit: c.usageLimit,
  used_count: c.usedCount,
  is_active: c.isActive,
  created_at: c.createdAt.toISOString(),
});


/** The codes, newest first, with the currencies their amounts may be in. */
export async function listDiscountCodes(db: Db, shop: Shop): Promise<DiscountCodeList> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt));
  return { discount_codes: rows.map(codeView), currency: shop.currency, currencies: shopCurrencies(shop) };
}

const codeColumns = (b: Partial<z.output<typeof discountCodeBodySchema>>) => ({
  ...(b.code !== undefined ? { code: b.code } : {}),
  ...(b.kind !== undefined ? { kind: b.kind } : {}),
  ...(b.value !== undefined ? { value: b.value } : {}),
  ...(b.min_subtotal !== undefined ? { minSubtotal: b.min_subtotal } : {}),
  ...(b.currency !== undefined ? { currency: b.currency } : {}),
  ...(b.expires_at !== undefined ? { expiresAt: b.expires_at ? new Date(b.expires_at) : null } : {}),
  ...(b.usage_limit !== undefined ? { usageLimit: b.usage_limit } : {}),
  ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
});

export function createDiscountCode(db: Db, actor: Actor, shop: Shop, body: z.output<typeof discountCodeBodySchema>): Promise<DiscountCode> {
  const currency = codeCurrency(shop, body.currency);
  return conflictOnUnique('code', 'That discount code already exists.', () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values({ ...codeColumns({ ...body, currency }), code: body.code, kind: body.kind, value: body.value }).returning();
      await audited(tx, actor, { action: 'discount_code.created', entityType: 'discount_code', entityId: row!.id, before: null, after: row }, async () => undefined);
      return codeView(row!);
    }),
  );
}

/** Changes a code; a new `currency` must be one the shop sells in (one it stopped selling in may stay as it is). */
export function updateDiscountCode(db: Db, actor: Actor, shop: Shop, id: string, body: z.output<typeof discountCodePatchSchema>): Promise<DiscountCode> {
  const change = body.currency === undefined ? body : { ...body, currency: codeCurrency(shop, body.currency) };
  return conflictOnUnique('code', 'That discount code already exists.', () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!before) throw notFound('No discount code with that id.', 'DISCOUNT_CODE_NOT_FOUND');
      const kind = body.kind ?? before.kind;
      const value = body.value ?? before.value;
      if (kind === 'percent' && value > 100) throw badRequest('A percentage discount is at most 100', 'value');
      const [after] = await audited(tx, actor, { action: 'discount_code.updated', entityType: 'discount_code', entityId: id, before, after: change }, () =>
        tx.update(discountCodes).set({ ...codeColumns(change), updatedAt: new Date() }).where(eq(discountCodes.id, id)).returning(),
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
