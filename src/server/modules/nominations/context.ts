import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { CertificateRenderer } from '../certificates/certificate-renderer';
import type { Mailer } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import type { EmblemLoader } from './emblems';

/** What the nomination services need from the app, passed explicitly (no Fastify in services). */
export interface NominationsContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  settings: SettingsService;
  emblems: EmblemLoader;
  renderer: CertificateRenderer;
  log: FastifyBaseLogger;
}
