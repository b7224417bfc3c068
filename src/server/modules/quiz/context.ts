import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { CertificateRenderer, EmblemLoader } from '../certificates';
import type { SettingsService } from '../settings';

/** What the quiz's services need from the app, passed explicitly (docs/decisions/065). */
export interface QuizContext {
  db: Db;
  config: Config;
  settings: SettingsService;
  log: FastifyBaseLogger;
  /** Draws a result's certificate and share image (the one certificate renderer, in its render pool). */
  renderer: CertificateRenderer;
  emblems: EmblemLoader;
}

export const quizContext = (app: FastifyInstance): QuizContext => ({
  db: app.db,
  config: app.config,
  settings: app.settings,
  log: app.log,
  renderer: app.renderer,
  emblems: app.emblems,
});
