import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { builtOnce, type Executor } from '@/server/db/built-once';
import type { Db } from '@/server/db/client';
import { rateLimitAttempts, rateLimitCounters } from '@/server/db/schema/index';

export interface RateLimitRule {
  attemptType: string;
  maxAttempts: number;
  windowMinutes: number;
  /**
   * Count only the attempts from the same client address as this one (per identifier *and* address): a stranger's
   * failures then use up the stranger's allowance, not the identifier's everywhere (the sign-in lockout, decision 110).
   */
  perAddress?: boolean;
}

export interface RateLimitDecision {
  allowed: boolean;
  attemptsRemaining: number;
  /** The reserved attempt row; settle it with logRateLimitAttempt once the outcome is known. */
  attemptId: string | null;
}

/**
 * Spec §7 check_rate_limit, made race-free: the attempt is reserved (a failed row) first and
 * then the failed attempts in the window are counted, the reservation included. Of N
 * concurrent attempts only those that counted ≤ max go on, so no burst slips past the limit,
 * on one instance or many. A refused attempt removes its reservation (it was never tried).
 * Successful attempts do not count against the limit (docs/decisions/014).
 */
export async function checkRateLimit(
  db: Db,
  identifier: string,
  rule: RateLimitRule,
  ip?: string | null,
): Promise<RateLimitDecision> {
  const id = identifier.trim().toLowerCase();
  const [reserved] = await db
    .insert(rateLimitAttempts)
    .values({ identifier: id, attemptType: rule.attemptType, successful: false, ip: ip ?? null })
    .returning({ id: rateLimitAttempts.id });
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitAttempts)
    .where(
      and(
        eq(rateLimitAttempts.identifier, id),
        eq(rateLimitAttempts.attemptType, rule.attemptType),
        rule.perAddress ? eq(rateLimitAttempts.ip, ip ?? '') : undefined,
        eq(rateLimitAttempts.successful, false),
        gt(rateLimitAttempts.createdAt, sql`now() - make_interval(mins => ${rule.windowMinutes})`),
      ),
    );
  const used = Number(row?.n ?? 0);
  if (used > rule.maxAttempts) {
    await db.delete(rateLimitAttempts).where(eq(rateLimitAttempts.id, reserved!.id));
    return { allowed: false, attemptsRemaining: 0, attemptId: null };
  }
  return { allowed: true, attemptsRemaining: rule.maxAttempts - used, attemptId: reserved!.id };
}

/** Spec §7 log_rate_limit_attempt: records the outcome of the attempt checkRateLimit reserved. */
export async function logRateLimitAttempt(db: Db, attemptId: string, successful: boolean): Promise<void> {
  if (!successful) return; // reserved as failed already
  await db.update(rateLimitAttempts).set({ successful: true }).where(eq(rateLimitAttempts.id, attemptId));
}

/** Takes back reserved attempts that turned out not to be attempts at all (they must not count). */
export async function releaseRateLimitAttempts(db: Db, attemptIds: readonly string[]): Promise<void> {
  if (attemptIds.length) await db.delete(rateLimitAttempts).where(inArray(rateLimitAttempts.id, [...attemptIds]));
}

export interface RateLimitCheck {
  identifier: string;
  rule: RateLimitRule;
}

export type RateLimitsDecision =
  | { allowed: true; attemptIds: string[] }
  | { allowed: false; refusedBy: RateLimitCheck };

/**
 * Several limits on one action (per address and per IP, per hour and per day): each is reserved
 * in turn; when one refuses, the reservations already made are taken back, so a refused action
 * counts against none of them.
 */
export async function checkRateLimits(
  db: Db,
  checks: readonly RateLimitCheck[],
  ip?: string | null,
): Promise<RateLimitsDecision> {
  const attemptIds: string[] = [];
  for (const check of checks) {
    const decision = await checkRateLimit(db, check.identifier, check.rule, ip);
    if (!decision.allowed) {
      await releaseRateLimitAttempts(db, attemptIds);
      return { allowed: false, refusedBy: check };
    }
    attemptIds.push(decision.attemptId!);
  }
  return { allowed: true, attemptIds };
}

/**
 * Rows of a rule that are out of its window count for nothing. Called now and then (about one
 * call in fifty) for the frequent per-IP rules, so their rows do not pile up without a scheduler.
 */
export async function pruneRateLimitAttempts(db: Db, rule: RateLimitRule, probability = 0.02): Promise<void> {
  if (Math.random() >= probability) return;
  await db
    .delete(rateLimitAttempts)
    .where(
      and(
        eq(rateLimitAttempts.attemptType, rule.attemptType),
        sql`${rateLimitAttempts.createdAt} < now() - make_interval(mins => ${rule.windowMinutes})`,
      ),
    )
    .catch(() => undefined);
}

/**
 * One attempt against a fixed-window limit, in ONE statement (issue 25; the order path's limit of checkouts per
 * address — the test processor counts card attempts on its own page, decision 117): an upsert of the identifier's counter that returns the count. Concurrent
 * attempts queue on the counter's row lock and each sees the count the one before it left, so a burst cannot slip
 * past the limit. A window starts at its first attempt and lasts `rule.windowMinutes`; refused attempts count too
 * (they are attempts), and the next window starts from one. The nightly retention job deletes ended counters.
 */
export async function countAttempt(db: Executor, identifier: string, rule: Pick<RateLimitRule, 'attemptType' | 'maxAttempts' | 'windowMinutes'>): Promise<{ allowed: boolean; count: number }> {
  const [row] = (await countAttemptStatement(db, { identifier: identifier.trim().toLowerCase(), attemptType: rule.attemptType, windowMinutes: rule.windowMinutes })).rows;
  const count = row?.count ?? 1;
  return { allowed: count <= rule.maxAttempts, count };
}
/** Built once (decision 144): it runs on every checkout, sign-in and form. */
const countAttemptStatement = builtOnce<'identifier' | 'attemptType' | 'windowMinutes', { count: number }>(['identifier', 'attemptType', 'windowMinutes'], (p) => {
  const ended = sql`c.window_start <= now() - make_interval(mins => ${p.windowMinutes}::int)`;
  return sql`
    insert into ${rateLimitCounters} as c (identifier, attempt_type) values (${p.identifier}, ${p.attemptType})
    on conflict (identifier, attempt_type) do update
    set count = case when ${ended} then 1 else c.count + 1 end,
        window_start = case when ${ended} then now() else c.window_start end
    returning count`;
});
