import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { DirLockedError } from './db/dir-lock';
import { seedDatabase } from './db/seed/seed';
import { ensureBootstrapAdmin } from './modules/roles/bootstrap';

/** The only entry point: config → database → migrate → seed → listen, and a graceful close. */
async function main() {
  const config = loadConfigOrExit();

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  if (config.seed) await seedDatabase(database.db);

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });
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
    `Certifiable is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err: unknown) => {
  // Another process has the embedded database open: say which, without a stack trace.
  console.error(err instanceof DirLockedError ? err.message : err);
  process.exit(1);
});
