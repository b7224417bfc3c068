import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss, type Job } from 'pg-boss';
import type { Database, Db } from '@/server/db/client';

/**
 * The job queue (docs/decisions/085): pg-boss on the same database as everything else — the embedded PGlite
 * or the PostgreSQL server — so a job is written in the same transaction as the change that causes it, survives
 * restarts, and runs once however many instances share the database (pg-boss claims with SKIP LOCKED).
 *
 * Handlers must be idempotent: a job can run again after a crash half-way (at-least-once), so each one checks
 * what it already did (an outbox row's status, an order's fulfilment id) before doing it.
 */

export interface JobOptions {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds a single run may take before it counts as failed. */
  expireInSeconds: number;
  /** Runs of this queue at once in one process. */
  concurrency?: number;
  /** Also run on this cron schedule (UTC), once across all instances. */
  cron?: string;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the change that caused it commits. */
  tx?: Pick<Db, 'execute'>;
  /** At most one waiting job with this key (e.g. the order id). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** One job as the admin jobs page shows it. */
export interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  singletonKey: string | null;
}

interface Registered {
  options: JobOptions;
  handler: JobHandler<unknown>;
}

const SCHEMA = 'pgboss';

export class JobQueue {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #opts: { pollSeconds: number; retryDelaySeconds: number; heartbeatSeconds: number };
  readonly #queues = new Map<string, Registered>();
  #boss: PgBoss | null = null;
  #running = false;

  constructor(database: Database, opts: { pollSeconds: number; retryDelaySeconds: number; heartbeatSeconds: number }, log: FastifyBaseLogger) {
    this.#database = database;
    this.#opts = opts;
    this.#log = log;
  }

  /** Whether the queue is started and working (for /readyz). */
  get running(): boolean {
    return this.#running;
  }

  get names(): string[] {
    return [...this.#queues.keys()];
  }

  /** Declares a queue and its worker; call before start(). */
  register<T>(name: string, options: JobOptions, handler: JobHandler<T>): void {
    if (this.#boss) throw new Error(`job queue "${name}" registered after the queue started`);
    this.#queues.set(name, { options, handler: handler as JobHandler<unknown> });
  }

  async start(): Promise<void> {
    if (this.#boss) return;
    const { pglite, url } = this.#database;
    const heartbeat = this.#opts.heartbeatSeconds;
    const boss = new PgBoss({
      ...(pglite ? { db: fromPglite(pglite), backend: 'pglite' as const } : { connectionString: url!, max: 4 }),
      schema: SCHEMA,
      // Jobs of a process that died (kill -9, a lost machine) are noticed within about two heartbeats.
      superviseIntervalSeconds: Math.min(heartbeat, 60),
      monitorIntervalSeconds: Math.min(heartbeat, 60),
      // Cron jobs (the nightly clean-up): one instance enqueues each run.
      schedule: true,
    });
    boss.on('error', (err: unknown) => this.#log.error({ err }, 'job queue error'));
    this.#boss = boss;
    await boss.start();
    for (const [name, { options, handler }] of this.#queues) {
      const queueOptions = {
        retryLimit: options.retryLimit,
        retryDelay: this.#opts.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: options.expireInSeconds,
        heartbeatSeconds: heartbeat,
        retentionSeconds: 14 * 24 * 3600,
        deleteAfterSeconds: 7 * 24 * 3600,
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
      else await boss.createQueue(name, queueOptions);
      const concurrency = options.concurrency ?? 1;
      await boss.work<unknown>(
        name,
        { pollingIntervalSeconds: this.#opts.pollSeconds, batchSize: 1, localConcurrency: concurrency },
        async (jobs: Job<unknown>[]) => {
          for (const job of jobs) {
            const retryCount = (job as unknown as { retryCount?: number }).retryCount ?? 0;
            // The fault tests count these lines to prove that each job runs once across processes.
            this.#log.debug({ job: { id: job.id, name, retryCount } }, 'job started');
            try {
              await handler(job.data, { id: job.id, retryCount });
            } catch (err) {
              this.#log.warn({ err, job: { id: job.id, name } }, 'job failed; it will be retried if attempts remain');
              throw err;
            }
          }
        },
      );
    }
    for (const [name, { options }] of this.#queues) {
      if (options.cron) await boss.schedule(name, options.cron, {}, { tz: 'UTC' });
    }
    this.#running = true;
  }

  /** Stops taking jobs and waits (at most timeoutMs) for the running ones to finish. */
  async stop(timeoutMs = 8_000): Promise<void> {
    const boss = this.#boss;
    if (!boss) return;
    this.#running = false;
    await boss.stop({ graceful: true, timeout: timeoutMs, close: true }).catch((err: unknown) => this.#log.error({ err }, 'stopping the job queue failed'));
  }

  async send(name: string, data: object, opts: SendOptions = {}): Promise<string | null> {
    const boss = this.#boss;
    if (!boss) throw new Error('the job queue is not started');
    if (!this.#queues.has(name)) throw new Error(`unknown job queue "${name}"`);
    return boss.send(name, data, {
      ...(opts.tx ? { db: fromDrizzle(opts.tx as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]) } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfterSeconds ? { startAfter: Math.max(1, Math.round(opts.startAfterSeconds)) } : {}),
    });
  }

  /** Jobs for the admin page, newest first. */
  async list(filter: { state?: JobState | 'waiting'; name?: string; limit?: number } = {}): Promise<JobRow[]> {
    const conditions = [sql`name = any(${sql.param(this.names)}::text[])`];
    if (filter.state === 'waiting') conditions.push(sql`state in ('created', 'retry', 'active')`);
    else if (filter.state) conditions.push(sql`state = ${filter.state}`);
    if (filter.name) conditions.push(sql`name = ${filter.name}`);
    const rows = await this.#database.rows<{
      id: string;
      name: string;
      state: JobState;
      data: unknown;
      output: unknown;
      retry_count: number;
      retry_limit: number;
      created_on: string | Date;
      start_after: string | Date;
      started_on: string | Date | null;
      completed_on: string | Date | null;
      singleton_key: string | null;
    }>(sql`select id, name, state, data, output, retry_count, retry_limit, created_on, start_after, started_on, completed_on, singleton_key
      from ${sql.identifier(SCHEMA)}.job where ${sql.join(conditions, sql` and `)}
      order by created_on desc limit ${Math.min(filter.limit ?? 100, 500)}`);
    const date = (v: string | Date | null) => (v === null ? null : new Date(v));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      state: r.state,
      data: r.data,
      output: r.output,
      retryCount: Number(r.retry_count),
      retryLimit: Number(r.retry_limit),
      createdOn: date(r.created_on)!,
      startAfter: date(r.start_after)!,
      startedOn: date(r.started_on),
      completedOn: date(r.completed_on),
      singletonKey: r.singleton_key,
    }));
  }

  /** Counts per queue and state, for the admin page. */
  async counts(): Promise<{ name: string; state: JobState; count: number }[]> {
    const rows = await this.#database.rows<{ name: string; state: JobState; n: number | string }>(
      sql`select name, state, count(*) as n from ${sql.identifier(SCHEMA)}.job where name = any(${sql.param(this.names)}::text[]) group by name, state`,
    );
    return rows.map((r) => ({ name: r.name, state: r.state, count: Number(r.n) }));
  }

  async find(id: string): Promise<JobRow | null> {
    const rows = await this.#database.rows<{ name: string }>(sql`select name from ${sql.identifier(SCHEMA)}.job where id = ${id} limit 1`);
    if (!rows[0]) return null;
    return (await this.list({ name: rows[0].name, limit: 500 })).find((j) => j.id === id) ?? null;
  }

  /** Runs a failed job (or one waiting to be retried) again now. */
  async retryNow(name: string, id: string): Promise<boolean> {
    const boss = this.#boss;
    if (!boss) throw new Error('the job queue is not started');
    // A failed job goes back to waiting; a job waiting for its next attempt has the attempt brought forward.
    await boss.retry(name, id);
    const rows = await this.#database.rows<{ id: string }>(
      sql`update ${sql.identifier(SCHEMA)}.job set start_after = now() where name = ${name} and id = ${id} and state in ('retry', 'created') returning id`,
    );
    return rows.length > 0;
  }
}
