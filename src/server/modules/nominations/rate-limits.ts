import {
  NOMINATION_RATE_LIMIT,
  PREVIEW_RATE_LIMIT,
  REACTION_RATE_LIMIT,
} from '@/contract/nominations';
import type { Db } from '@/server/db/client';
import { tooManyRequests } from '@/server/lib/http-errors';
import { checkRateLimit, pruneRateLimitAttempts, type RateLimitRule } from '../security';

/**
 * Limits on what strangers can make us do (docs/decisions/032), counted in the database like the
 * login limit, so they hold across restarts and instances. Every attempt is reserved as a
 * "failed" row and never marked successful: here every attempt counts, whatever its outcome.
 */
export const RULES = {
  nomination: { attemptType: 'nomination', maxAttempts: NOMINATION_RATE_LIMIT.max, windowMinutes: NOMINATION_RATE_LIMIT.windowMinutes },
  preview: { attemptType: 'certificate_preview', maxAttempts: PREVIEW_RATE_LIMIT.max, windowMinutes: PREVIEW_RATE_LIMIT.windowMinutes },
  reaction: { attemptType: 'reaction', maxAttempts: REACTION_RATE_LIMIT.max, windowMinutes: REACTION_RATE_LIMIT.windowMinutes },
  /** Mails about nominations one address can receive in a day (claim links, receipts): no mail-bombing by nomination. */
  nominationMail: { attemptType: 'nomination_mail', maxAttempts: 5, windowMinutes: 24 * 60 },
  /** Fresh claim links a nominator can ask for in an hour. */
  claimLink: { attemptType: 'claim_link', maxAttempts: 5, windowMinutes: 60 },
} satisfies Record<string, RateLimitRule>;

const MESSAGES: Record<keyof typeof RULES, string> = {
  nomination: `That is ${NOMINATION_RATE_LIMIT.max} nominations from you in the last hour, and the Committee needs a moment to catch up. Please try again a little later.`,
  preview: 'The preview is taking a short break after a lot of typing. Wait a minute and it will catch up.',
  reaction: 'That is a lot of reactions in a short time. Please wait a few minutes and try again.',
  nominationMail: 'We have already sent several mails to this address today. Please try again tomorrow.',
  claimLink: 'You have asked for several new claim links in the last hour. Please try again later.',
};

/** Reserves one attempt or throws 429 RATE_LIMITED with a message a person understands. */
export async function enforceLimit(db: Db, rule: keyof typeof RULES, identifier: string, ip: string | null): Promise<void> {
  const r = RULES[rule];
  const decision = await checkRateLimit(db, identifier, r, ip);
  await pruneRateLimitAttempts(db, r);
  if (!decision.allowed) throw tooManyRequests(MESSAGES[rule]);
}

/** Like enforceLimit, but answers whether the attempt may go ahead instead of throwing. */
export async function tryLimit(db: Db, rule: keyof typeof RULES, identifier: string, ip: string | null): Promise<boolean> {
  const r = RULES[rule];
  const decision = await checkRateLimit(db, identifier, r, ip);
  await pruneRateLimitAttempts(db, r);
  return decision.allowed;
}

