import path from 'node:path';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { DirLockedError } from '../db/dir-lock';
import { runAdminCommand } from '../modules/roles';

/**
 * npm run admin -- grant|revoke|list [email]
 * Uses the same DATABASE_URL / DATA_DIR as the server. With the embedded database (no
 * DATABASE_URL), stop the server first: PGlite allows one process at a time, and the DATA_DIR lock
 * refuses to run beside a server that holds it (docs/decisions/053).
 */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const code = await runAdminCommand(database.db, process.argv.slice(2), {
      out: (line) => console.info(line),
      err: (line) => console.error(line),
    });
    process.exitCode = code;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  // Another process has the embedded database open: say which, without a stack trace.
  console.error(err instanceof DirLockedError ? err.message : err);
  process.exit(1);
});
