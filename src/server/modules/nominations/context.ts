import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { Mailer } from '../mail';
import type { SettingsService } from '../settings';

/**
 * What the nomination services (and those of claims, community and certificates) need from the app,
 * passed explicitly: services never see Fastify (docs/decisions/065).
 */
export interface NominationsContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
}

/** Built where a module registers its routes, from the app's own services. */
export const nominationsContext = (app: FastifyInstance): NominationsContext => ({
  db: app.db,
  config: app.config,
  mailer: app.mailer,
  settings: app.settings,
  log: app.log,
});
