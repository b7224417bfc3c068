import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied, type Database } from '@/server/db/client';
import { diskSpace } from '@/server/lib/disk-full';
import type { JobQueue } from '../jobs';

/** How long one readiness check may take: a hung database makes /readyz answer 503 in about this, not hang. */
const CHECK_TIMEOUT_MS = 3_000;

export type ReadinessPart = 'database' | 'migrations' | 'jobs' | 'disk';

export interface Readiness {
  ok: boolean;
  database: boolean;
  migrations: boolean;
  jobs: boolean;
  disk: boolean;
  /** The parts that failed, each with what was found, in words an operator can act on. */
  failing: { part: ReadinessPart; reason: string }[];
  /** How long the oldest due job has waited for a worker, in seconds (null when the queue could not be read). */
  jobs_oldest_wait_seconds: number | null;
}

function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Readiness (issue 24): each part checked at once, each within 3 s, through its own connection — the app's database
 * pool, the job queue's own pool (it can fail while the app's works, and the other way round), the migrations table
 * and the free space in DATA_DIR — and the body names what failed and why.
 */
export async function checkReadiness(deps: { database: Database; jobs: JobQueue; dataDir: string; diskMinFreeBytes: number; jobsMaxWaitSeconds: number }): Promise<Readiness> {
  const failing: Readiness['failing'] = [];
  const [db, queue, disk] = await Promise.allSettled([
    within(
      (async () => {
        await deps.database.rows(sql`select 1 as ok`);
        return migrationsApplied(deps.database);
      })(),
      'the database',
    ),
    deps.jobs.running ? within(deps.jobs.backlog(), "the job queue's own connection") : Promise.reject(new Error('the job queue is not running')),
    diskSpace(deps.dataDir, deps.diskMinFreeBytes),
  ]);

  const database = db.status === 'fulfilled';
  const migrations = database && db.value;
  if (db.status === 'rejected') failing.push({ part: 'database', reason: reasonOf(db.reason) });
  else if (!db.value) failing.push({ part: 'migrations', reason: 'the newest migration in drizzle/ is not applied' });

  let jobs = queue.status === 'fulfilled';
  let oldest: number | null = null;
  if (queue.status === 'rejected') failing.push({ part: 'jobs', reason: reasonOf(queue.reason) });
  else {
    const worst = queue.value.reduce((a, b) => (b.oldestSeconds > a.oldestSeconds ? b : a), { queue: '', waiting: 0, oldestSeconds: 0 });
    oldest = Math.round(worst.oldestSeconds);
    if (worst.oldestSeconds > deps.jobsMaxWaitSeconds) {
      jobs = false;
      failing.push({ part: 'jobs', reason: `a job of ${worst.queue} has waited ${oldest} s for a worker (more than ${deps.jobsMaxWaitSeconds} s)` });
    }
  }

  const diskOk = disk.status === 'fulfilled' && disk.value.ok;
  if (disk.status === 'rejected') failing.push({ part: 'disk', reason: `DATA_DIR could not be checked: ${reasonOf(disk.reason)}` });
  else if (!disk.value.ok) failing.push({ part: 'disk', reason: `DATA_DIR has ${Math.floor(disk.value.freeBytes / 1_048_576)} MB free, too little to take orders safely` });

  return { ok: failing.length === 0, database, migrations, jobs, disk: diskOk, failing, jobs_oldest_wait_seconds: oldest };
}

const readySchema = z.object({
  ok: z.boolean(),
  database: z.boolean(),
  migrations: z.boolean(),
  jobs: z.boolean(),
  disk: z.boolean(),
  failing: z.array(z.object({ part: z.enum(['database', 'migrations', 'jobs', 'disk']), reason: z.string() })),
  jobs_oldest_wait_seconds: z.number().nullable(),
});

/** For load balancers and orchestrators: alive (/healthz), and ready to serve (/readyz) — docs/operations.md. */
export function healthRoutes(deps: { database: Database; jobs: JobQueue; dataDir: string; diskMinFreeBytes: number; jobsMaxWaitSeconds: number }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The API's own check: the process answers and its database too.
    app.get('/api/health', { schema: { tags: ['ops'], summary: 'Liveness and database check', response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => {
      await deps.database.rows(sql`select 1 as ok`);
      return { ok: true as const };
    });
    app.get('/healthz', { schema: { tags: ['ops'], summary: 'Liveness: the process answers', response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({
      ok: true as const,
    }));
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['ops'],
          summary: 'Readiness: database reachable, migrations applied, job queue connected and keeping up, space in DATA_DIR',
          response: { 200: readySchema, 503: readySchema },
        },
      },
      async (_request, reply) => {
        const readiness = await checkReadiness(deps);
        return reply.code(readiness.ok ? 200 : 503).send(readiness);
      },
    );
  };
}
