import { QUIZ_RESULT_RATE_LIMIT } from '@/contract/quiz';
import type { Db } from '@/server/db/client';
import { tooManyRequests } from '@/server/lib/http-errors';
import { checkRateLimit, pruneRateLimitAttempts, type RateLimitRule } from '../security';

/** New results per client address (anonymous: nothing else to count by), in the database like every limit. */
export const QUIZ_RESULT_RULE: RateLimitRule = {
  attemptType: 'quiz_result',
  maxAttempts: QUIZ_RESULT_RATE_LIMIT.max,
  windowMinutes: QUIZ_RESULT_RATE_LIMIT.windowMinutes,
};

/** Reserves one attempt or throws 429 RATE_LIMITED; every attempt counts, whatever its outcome. */
export async function enforceQuizResultLimit(db: Db, ip: string): Promise<void> {
  const decision = await checkRateLimit(db, `ip:${ip}`, QUIZ_RESULT_RULE, ip);
  await pruneRateLimitAttempts(db, QUIZ_RESULT_RULE);
  if (!decision.allowed) {
    throw tooManyRequests(
      `That is ${QUIZ_RESULT_RATE_LIMIT.max} verdicts from you in the last hour, and the Committee needs to lie down. Please try again a little later.`,
      'RATE_LIMITED',
      { retryAfterSeconds: QUIZ_RESULT_RATE_LIMIT.windowMinutes * 60 },
    );
  }
}
