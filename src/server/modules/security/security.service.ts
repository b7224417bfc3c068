import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { securityEvents, type SecurityEventType } from '../../db/schema/index';

export interface SecurityEventInput {
  eventType: SecurityEventType;
  details: Record<string, unknown>;
  email?: string | null;
  userAgent?: string | null;
  ip?: string | null;
}

/**
 * The server-side security logger (spec §7 "security-logger"). Like the original, a failure
 * to record is swallowed and only logged: it must never turn a refused login into a 500.
 */
export async function recordSecurityEvent(db: Db, log: FastifyBaseLogger, event: SecurityEventInput): Promise<void> {
  try {
    await db.insert(securityEvents).values({
      eventType: event.eventType,
      details: event.details,
      email: event.email?.toLowerCase() ?? null,
      userAgent: event.userAgent?.slice(0, 500) ?? null,
      ip: event.ip ?? null,
    });
  } catch (err) {
    log.error({ err, eventType: event.eventType }, 'recording a security event failed');
  }
}
