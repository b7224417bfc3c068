// Child process for the catalog benchmark: the real app on a seeded database, listening on PORT.
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed/seed';

const port = Number(process.env.PORT);
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
await database.migrate();
await seedDatabase(database.db);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
  database,
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
