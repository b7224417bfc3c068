import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/server/db/client';
import { securityEvents, type SecurityEventType } from '@/server/db/schema/index';

export interface SecurityEventInput {
  eventType: SecurityEventType;
  details: Record<string, unknown>;
  email?: string | null;
  userAgent?: string | null;
  ip?: string | null;
}

/** Repeats of one event within this many minutes are one row with a count (docs/decisions/018). */
export const SECURITY_EVENT_WINDOW_MINUTES = 15;

/** What makes two events "the same": type, address, IP and details. The user agent is not part of it (free to vary). */
function sameEventDigest(event: SecurityEventInput, email: string | null): string {
  const details = Object.keys(event.details)
    .sort()
    .map((k) => [k, event.details[k]]);
  return createHash('sha256')
    .update(JSON.stringify([event.eventType, email, event.ip ?? null, details]))
    .digest('base64url');
}

/**
 * The server-side security logger (spec §7 "security-logger"). Like the original, a failure
 * to record is swallowed and only logged: it must never turn a refused login into a 500.
 *
 * Repeats are coalesced: the key is the event's digest plus the number of the fixed window it falls
 * in (taken from the database clock, so every instance agrees), and a repeat adds to `count` and
 * moves `last_seen_at` in one atomic upsert. A flood of refused sign-ins is one row per window.
 */
export async function recordSecurityEvent(db: Db, log: FastifyBaseLogger, event: SecurityEventInput): Promise<void> {
  const email = event.email?.toLowerCase() ?? null;
  const windowSeconds = SECURITY_EVENT_WINDOW_MINUTES * 60;
  try {
    await db
      .insert(securityEvents)
      .values({
        eventType: event.eventType,
        details: event.details,
        email,
        userAgent: event.userAgent?.slice(0, 500) ?? null,
        ip: event.ip ?? null,
        coalesceKey: sql`${`${sameEventDigest(event, email)}:`} || floor(extract(epoch from now()) / ${windowSeconds})::bigint::text`,
      })
      .onConflictDoUpdate({
        target: securityEvents.coalesceKey,
        set: {
          count: sql`${securityEvents.count} + 1`,
          lastSeenAt: sql`now()`,
          userAgent: sql`excluded.user_agent`,
        },
      });
  } catch (err) {
    log.error({ err, eventType: event.eventType }, 'recording a security event failed');
  }
}
