import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ObjectStorage } from '@/server/adapters/storage/object-storage';
import type { Db } from '@/server/db/client';
import type { Mailer } from '../mail';
import type { SettingsService } from '../settings';

/** The bug-report services' view of the app (docs/decisions/065: services never see Fastify). */
export interface BugReportsContext {
  db: Db;
  storage: ObjectStorage;
  mailer: Mailer;
  settings: SettingsService;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function bugReportsContext(app: FastifyInstance): BugReportsContext {
  return { db: app.db, storage: app.storage, mailer: app.mailer, settings: app.settings, publicUrl: app.config.publicUrl, log: app.log };
}

/** Spec §7: the private bucket of screenshots/… and videos/…, served to admins only through our routes. */
export const BUG_BUCKET = 'bug-attachments' as const;
