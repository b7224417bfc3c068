import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { discountCodes, discountRedemptions } from '@/server/db/schema/discount-codes';
import { conflict } from '@/server/lib/http-errors';
import { formatMoney } from '@/contract/format';

/** A discount as the shop's arithmetic applies it (src/server/modules/store/pricing.ts). */
export interface DiscountRule {
  kind: 'percent' | 'fixed';
  /** whole percent (1–100) or minor units */
  value: number;
}

/**
 * Discount codes and their uses (docs/decisions/072, 108). A checkout reserves a use in the transaction that writes
 * its order — one statement that takes it only while the limit allows — so a one-use code is used once however
 * many checkouts race for it. The use is kept when the order is paid, and given back when the order is abandoned,
 * cancelled or its payment fails. used_count always counts the uses held.
 */

export const USED_UP_MESSAGE = 'This code has been used up.';

export interface DiscountCheck {
  rule: (DiscountRule & { id: string; code: string; description: string }) | null;
  error: string | null;
}

/** A discount code as it stands now for this subtotal: the rule, or why it does not apply. */
export async function checkDiscount(db: Pick<Db, 'select'>, code: string | undefined, subtotal: number, currency: string, ownCurrency = currency, now = new Date()): Promise<DiscountCheck> {
  if (!code) return { rule: null, error: null };
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase()));
  if (!row || !row.isActive) return { rule: null, error: 'That discount code does not exist. Check the spelling?' };
  if (row.expiresAt && row.expiresAt <= now) return { rule: null, error: 'That discount code has expired.' };
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return { rule: null, error: USED_UP_MESSAGE };
  // An amount off, or a minimum, is in the code's currency (the shop's own unless set): it applies to orders in it only.
  const codeCurrency = row.currency ?? ownCurrency;
  if ((row.kind === 'fixed' || row.minSubtotal > 0) && codeCurrency !== currency) {
    return { rule: null, error: `This code works on orders in ${codeCurrency} only.` };
  }
  if (subtotal < row.minSubtotal) return { rule: null, error: `Spend at least ${formatMoney(row.minSubtotal, currency)} to use this code.` };
  const description = row.kind === 'percent' ? `${row.value}% off` : `${formatMoney(row.value, currency)} off`;
  return { rule: { id: row.id, code: row.code, kind: row.kind, value: row.value, description }, error: null };
}

/**
 * Takes one use of the code for the order, in the checkout's transaction: one statement, which takes it only while
 * the code is active and under its limit. The last use taken, the next checkout gets a 409 naming the field.
 */
export async function reserveDiscount(tx: Pick<Db, 'execute'>, orderId: string, code: string): Promise<void> {
  const result = (await tx.execute(sql`
    with taken as (
      update ${discountCodes} set used_count = used_count + 1, updated_at = now()
      where code = ${code} and is_active and (usage_limit is null or used_count < usage_limit)
      returning id, code
    )
    insert into ${discountRedemptions} (order_id, code_id, code, status)
    select ${orderId}, id, code, 'reserved' from taken
    returning order_id`)) as unknown as { rows: unknown[] };
  if (!result.rows.length) throw conflict(USED_UP_MESSAGE, 'discount_code', 'DISCOUNT_USED_UP');
}

/**
 * Gives the order's use back (abandoned, cancelled, payment failed). Idempotent: a use already given back (or kept
 * by a paid order) is left as it is. Returns whether a use went back.
 */
export async function releaseDiscount(tx: Pick<Db, 'execute'>, orderId: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    with released as (
      update ${discountRedemptions} set status = 'released', updated_at = now()
      where order_id = ${orderId} and status = 'reserved'
      returning code_id
    )
    update ${discountCodes} set used_count = greatest(used_count - 1, 0), updated_at = now()
    where id in (select code_id from released)
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * The order is paid: its use is kept. A use that was given back meanwhile (the payment failed, then another card
 * paid) is taken again — the money is in, so it is counted even past the limit; `overLimit` says so, for the
 * order's history.
 */
export async function redeemDiscount(tx: Pick<Db, 'select' | 'update' | 'execute'>, orderId: string): Promise<{ code: string; overLimit: boolean } | null> {
  const [use] = await tx.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, orderId)).for('update');
  if (!use || use.status === 'redeemed') return null;
  await tx.update(discountRedemptions).set({ status: 'redeemed', updatedAt: sql`now()` }).where(eq(discountRedemptions.orderId, orderId));
  if (use.status === 'reserved' || !use.codeId) return { code: use.code, overLimit: false };
  const [code] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1`, updatedAt: sql`now()` })
    .where(eq(discountCodes.id, use.codeId))
    .returning({ usedCount: discountCodes.usedCount, usageLimit: discountCodes.usageLimit });
  return { code: use.code, overLimit: !!code && code.usageLimit !== null && code.usedCount > code.usageLimit };
}

/** An abandoned order tried again: its use taken again (or a 409 when the code is used up meanwhile). */
export async function reserveAgain(tx: Pick<Db, 'execute'>, orderId: string): Promise<void> {
  const result = (await tx.execute(sql`
    with use as (select code_id from ${discountRedemptions} where order_id = ${orderId} and status = 'released'),
    taken as (
      update ${discountCodes} set used_count = used_count + 1, updated_at = now()
      where id in (select code_id from use) and is_active and (usage_limit is null or used_count < usage_limit)
      returning id
    )
    update ${discountRedemptions} set status = 'reserved', updated_at = now()
    where order_id = ${orderId} and code_id in (select id from taken)
    returning order_id`)) as unknown as { rows: unknown[] };
  const [held] = (
    (await tx.execute(sql`select status from ${discountRedemptions} where order_id = ${orderId}`)) as unknown as { rows: { status: string }[] }
  ).rows;
  if (held && held.status !== 'reserved' && !result.rows.length) throw conflict(USED_UP_MESSAGE, 'discount_code', 'DISCOUNT_USED_UP');
}

/** The order's use of its code, if any. */
export async function discountUseOf(db: Pick<Db, 'select'>, orderId: string) {
  const [row] = await db.select().from(discountRedemptions).where(and(eq(discountRedemptions.orderId, orderId)));
  return row ?? null;
}
