import fs from 'node:fs/promises';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { DirLockedError } from './db/dir-lock';
import { seedDatabase } from './db/seed/seed';
import { ensureBootstrapAdmin } from './modules/roles/bootstrap';

/** The only entry point: config → database → migrate → seed → listen, and a graceful close. */
async function main() {
  // Node 20 is past its end of life and some dependencies need 22. `npm start` and `npm test` run on the Node 24 the
  // project installs for itself (package.json optionalDependencies, docs/decisions/113); this catches a direct start.
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    console.error(
      `Certifiable needs Node.js 22.12 or newer (24 LTS recommended); this is ${process.version}.\n` +
        'Start it with "npm start": after "npm install" it runs on the Node 24 that npm installed into node_modules/.bin.',
    );
    process.exit(1);
  }
  const config = loadConfigOrExit();
  // One logger from the first step, so the start says what it is doing (opening, migrating and seeding can take a
  // while on a first start); the app logs through it too.
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
  const step = async <T>(doing: string, done: string, work: () => Promise<T>): Promise<T> => {
    log.info(`${doing}…`);
    const started = performance.now();
    const result = await work();
    log.info({ ms: Math.round(performance.now() - started) }, done);
    return result;
  };

  // The server's own files (print files, the render cache, uploads without S3) live here; /readyz checks its space.
  await fs.mkdir(config.dataDir, { recursive: true });
  const database = await step(
    config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${path.join(config.dataDir, 'pglite')}`,
    'Database open',
    () => openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), queryTimeoutMs: config.dbQueryTimeoutMs }),
  );
  await step('Applying database migrations', 'Migrations applied', () => database.migrate());
  if (config.seed) await step('Seeding the catalogue (first start only; later starts check and skip)', 'Catalogue seeded', () => seedDatabase(database.db));

  const app = await step('Building the app', 'App built', () => buildApp({ config, database, loggerInstance: log }));
  await ensureBootstrapAdmin(app);
  if (app.mailer.transport === 'log') {
    app.log.info('SMTP_URL is not set: mails go to the mail_outbox table and this log.');
  }
  if (!app.shell.built) {
    app.log.warn(`No built web app in ${config.webDistDir}: run "npm run build" (npm start does it for you).`);
  }

  // On SIGTERM/SIGINT (or an uncaught error): stop taking connections, let requests finish, close the render
  // processes and the database (releasing the DATA_DIR lock), then exit; 10 s at most, a second signal at once.
  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'uncaught error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Certifiable is serving ${config.publicUrl} (Node ${process.version}, database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  // Another process has the embedded database open: say which, without a stack trace.
  console.error(err instanceof DirLockedError ? err.message : err);
  process.exit(1);
});
