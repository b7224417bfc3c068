import fs from 'node:fs/promises';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { sql } from 'drizzle-orm';
import { pino, type Logger } from 'pino';
import { buildApp } from './app';
import { CONNECTIONS_PER_PROCESS, isServerWorker, joinServerProcesses, serverProcessSlot, superviseServerProcesses } from './cluster';
import { loadConfigOrExit, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DirLockedError } from './db/dir-lock';
import { seedDatabase } from './db/seed/seed';
import { ensureBootstrapAdmin } from './modules/roles';

/**
 * The only entry point: config → database → migrate → seed → listen, and a graceful close. On PostgreSQL with more
 * than one server process (SERVER_PROCESSES, one per core by default; docs/decisions/116) this process migrates and
 * seeds, then forks the processes that serve (src/server/cluster.ts) and watches over them.
 */
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
  // Several server processes (PostgreSQL, docs/decisions/116): this is one of them; the primary has migrated.
  if (isServerWorker()) return serveWorker(config, log);
  const step = async <T>(doing: string, done: string, work: () => Promise<T>): Promise<T> => {
    log.info(`${doing}…`);
    const started = performance.now();
    const result = await work();
    log.info({ ms: Math.round(performance.now() - started) }, done);
    return result;
  };
  if (!config.databaseUrl && (config.processes.asked ?? 1) > 1) {
    log.warn(`SERVER_PROCESSES=${config.processes.asked} is for PostgreSQL: the embedded database (no DATABASE_URL) is one process's, so one process serves.`);
  }

  // The server's own files (print files, the render cache, uploads without S3) live here; /readyz checks its space.
  await fs.mkdir(config.dataDir, { recursive: true });
  const database = await step(
    config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${path.join(config.dataDir, 'pglite')}`,
    'Database open',
    () => openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), queryTimeoutMs: config.dbQueryTimeoutMs }),
  );
  await step('Applying database migrations', 'Migrations applied', () => database.migrate());
  if (config.seed) await step('Seeding the catalogue (first start only; later starts check and skip)', 'Catalogue seeded', () => seedDatabase(database.db));

  if (config.processes.count > 1) {
    // The primary: migrated and seeded once, above; the workers build the app and serve. It keeps no connection.
    await warnAboutConnections(database, config.processes.count, log);
    await database.close();
    log.info(`Starting ${config.processes.count} server processes (${processRule(config)})…`);
    const started = performance.now();
    superviseServerProcesses({
      count: config.processes.count,
      log,
      graceMs: GRACE_MS,
      onServing: () =>
        log.info(
          { ms: Math.round(performance.now() - started), processes: config.processes.count },
          `Certifiable is serving ${config.publicUrl} (Node ${process.version}, database: PostgreSQL, ${config.processes.count} server processes)`,
        ),
    });
    return;
  }

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
  closeWithGrace({ delay: GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'uncaught error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Certifiable is serving ${config.publicUrl} (Node ${process.version}, database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}, one server process${config.databaseUrl ? `: ${processRule(config)}` : ''})`,
  );
}

/** Why this many server processes serve on PostgreSQL (docs/decisions/116, 138), as the start's log says it. */
function processRule({ processes }: Config): string {
  if (processes.asked !== null) return `SERVER_PROCESSES=${processes.asked}`;
  return `SERVER_PROCESSES unset: one per CPU core${processes.databaseHere ? ', less one for the database on this machine' : ''}`;
}

/** How long a process has to close gracefully after SIGTERM/SIGINT before it exits anyway. */
const GRACE_MS = 10_000;

/**
 * One of several server processes (a cluster worker): connect, build the app and serve on the shared port. The
 * primary ran the migrations and the seed; it tells this process when to stop (src/server/cluster.ts).
 */
async function serveWorker(config: Config, log: Logger) {
  const slot = serverProcessSlot() ?? 0;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), queryTimeoutMs: config.dbQueryTimeoutMs });
  const app = await buildApp({ config, database, loggerInstance: log.child({ process: slot }) });
  await ensureBootstrapAdmin(app);
  // Said once, not by every process.
  if (slot === 1 && app.mailer.transport === 'log') app.log.info('SMTP_URL is not set: mails go to the mail_outbox table and this log.');
  if (slot === 1 && !app.shell.built) app.log.warn(`No built web app in ${config.webDistDir}: run "npm run build" (npm start does it for you).`);

  // The same graceful close as a single process; the signals are the primary's to give (joinServerProcesses).
  const grace = closeWithGrace({ delay: GRACE_MS, logger: app.log, skip: ['SIGTERM', 'SIGINT'] }, async ({ err }) => {
    if (err) app.log.error({ err }, 'uncaught error, shutting down');
    else app.log.info('shutting down');
    await app.close();
    await database.close();
  });
  joinServerProcesses(app, () => void grace.close());
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`server process ${slot} is listening`);
}

/** PostgreSQL refuses connections past max_connections: say so before the processes find out one by one. */
async function warnAboutConnections(database: Database, processes: number, log: Logger) {
  try {
    const [row] = await database.rows<{ max: number; reserved: number }>(
      sql`select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved`,
    );
    const wanted = processes * CONNECTIONS_PER_PROCESS;
    if (row && wanted > row.max - row.reserved) {
      log.warn(
        `${processes} server processes may open up to ${wanted} PostgreSQL connections (${CONNECTIONS_PER_PROCESS} each) but the server allows ${row.max - row.reserved}: lower SERVER_PROCESSES or raise max_connections (docs/deploy.md)`,
      );
    }
  } catch {
    // Not allowed to read the settings: nothing to say.
  }
}

main().catch((err: unknown) => {
  // Another process has the embedded database open: say which, without a stack trace.
  console.error(err instanceof DirLockedError ? err.message : err);
  process.exit(1);
});
