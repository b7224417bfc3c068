import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type JobResult, type JobWithMetadata } from 'pg-boss';
import type { z } from 'zod';
import { runText, type Executor } from '@/server/db/built-once';
import { PreparingPglite } from '@/server/db/pglite-prepared';
import { CONNECT_TIMEOUT_MS, inBackground, preparingClient, type Database } from '@/server/db/client';

/**
 * The job queue (docs/decisions/085, 108): pg-boss on the same database as everything else — the embedded PGlite
 * or the PostgreSQL server — so a job is written in the same transaction as the change that causes it, survives
 * restarts, and runs once however many instances share the database (pg-boss claims with SKIP LOCKED).
 *
 * Jobs are typed: each module declares its jobs with defineJob (name, zod payload, options) in its `*.jobs.ts`, and
 * hands their handlers to the one registry in src/server/jobs.ts at start. A send is checked against the payload
 * schema, so a job that could never run is refused where it is made, not found failing later.
 *
 * Workers are woken by LISTEN/NOTIFY the moment a job is committed (polling stays as the floor), fetch in batches
 * and run several at once, each job settled on its own. In tests the queue can run without workers: `drain()` runs
 * every due job, in order, until none is left — deterministic, no polling.
 *
 * Handlers must be idempotent: a job can run again after a crash half-way (at-least-once), so each one checks
 * what it already did (an outbox row's status, a fulfilment's provider id) before doing it.
 */

/** Runs a scheduled queue's worker takes a fetch unless its definition says otherwise (JobOptions.batchSize). */
const SCHEDULED_BATCH = 10;

export interface JobOptions {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds a single run may take before it counts as failed. */
  expireInSeconds: number;
  /** Jobs of this queue running at once in one process (default 1). */
  concurrency?: number;
  /**
   * Jobs fetched per round trip by each of those workers (default 1; 10 on a cron schedule); each is settled on its
   * own. A worker whose fetch came back full fetches again at once; at 1 it waits for a NOTIFY or the poll between
   * jobs, so a queue that may hold a backlog takes more (decision 139). A scheduled queue's runs pile up behind its
   * long poll (one sent at start, a NOTIFY missed) and would stay one poll behind the clock at 1 (decision 149).
   */
  batchSize?: number;
  /** Also run on this cron schedule (UTC), once across all instances. */
  cron?: string;
  /**
   * How often an idle worker of this queue looks for jobs whose time has come and retries (default JOBS_POLL_SECONDS).
   * A new job wakes it at once (NOTIFY): a queue fed by a schedule needs no quick polling.
   */
  pollSeconds?: number;
  /**
   * How long a job of this queue may wait for a pause in the requests before it runs anyway, when it is longer than
   * JOBS_WAIT_FOR_REQUESTS_MS (decision 143): for work that costs a shopper's worth of CPU many times over and that
   * nobody waits for, the built-in print shop's drawing. Nothing waits with JOBS_WAIT_FOR_REQUESTS_MS=0.
   */
  waitForRequestsMs?: number;
}

/** A job's name, payload schema and options: what both the sender and the handler hold. */
export interface JobDef<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  readonly options: JobOptions;
}

export function defineJob<T>(name: string, schema: z.ZodType<T>, options: JobOptions): JobDef<T> {
  return { name, schema, options };
}

/** A job with its handler, as a module hands it to the registry. */
export interface JobRegistration {
  readonly job: JobDef<unknown>;
  readonly handler: JobHandler<unknown>;
}

export function handle<T>(job: JobDef<T>, handler: JobHandler<T>): JobRegistration {
  return { job: job as JobDef<unknown>, handler: handler as JobHandler<unknown> };
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the change that caused it commits. */
  tx?: Executor;
  /** At most one waiting job with this key (e.g. the order id). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /**
   * The job's own id (a uuid): a second send with the same id is ignored, even after the first job completed — for
   * a handler that may run again after a crash and must not enqueue its follow-up twice.
   */
  id?: string;
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
  job: JobDef<unknown>;
  handler: JobHandler<unknown>;
}

export interface JobQueueOptions {
  pollSeconds: number;
  retryDelaySeconds: number;
  heartbeatSeconds: number;
  /** 'workers': jobs run in the background as they come; 'manual': only drain() runs them (tests). */
  mode?: 'workers' | 'manual';
  /**
   * Awaited by a worker before each job it runs (not by drain(), nor once the queue is stopping): a pause in the
   * requests, for a time bounded by the job's queue (src/server/lib/requests-first.ts, decisions 140 and 143).
   */
  beforeEachJob?: (job: JobDef<unknown>) => Promise<void>;
}

const SCHEMA = 'pgboss';

export class JobQueue {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #opts: JobQueueOptions;
  readonly #queues = new Map<string, Registered>();
  #boss: PgBoss | null = null;
  #running = false;
  #stopping = false;

  constructor(database: Database, opts: JobQueueOptions, log: FastifyBaseLogger) {
    this.#database = database;
    this.#opts = opts;
    this.#log = log;
  }

  /** Whether the queue is started and working (for /readyz). */
  get running(): boolean {
    return this.#running;
  }

  /** How long a failed job waits before its first retry (JOBS_RETRY_DELAY_SECONDS). */
  get retryDelaySeconds(): number {
    return this.#opts.retryDelaySeconds;
  }

  get names(): string[] {
    return [...this.#queues.keys()];
  }

  /** Declares queues and their handlers (src/server/jobs.ts, once); call before start(). */
  register(registrations: readonly JobRegistration[]): void {
    for (const { job, handler } of registrations) {
      if (this.#boss) throw new Error(`job queue "${job.name}" registered after the queue started`);
      if (this.#queues.has(job.name)) throw new Error(`job queue "${job.name}" registered twice`);
      this.#queues.set(job.name, { job, handler });
    }
  }

  /** Runs one job's handler: the payload is checked first (a job sent before a deploy changed it fails clearly). */
  async #run(name: string, job: { id: string; data: unknown; retryCount?: number }): Promise<void> {
    const registered = this.#queues.get(name)!;
    const retryCount = job.retryCount ?? 0;
    // The fault tests count these lines to prove that each job runs once across processes.
    this.#log.debug({ job: { id: job.id, name, retryCount } }, 'job started');
    const parsed = registered.job.schema.safeParse(job.data);
    if (!parsed.success) throw new Error(`job ${name} ${job.id}: its payload does not fit: ${parsed.error.message}`);
    // Background work: on PostgreSQL its statements may take minutes (a request's are cut at seconds).
    await inBackground(() => registered.handler(parsed.data, { id: job.id, retryCount }));
  }

  async start(): Promise<void> {
    if (this.#boss) return;
    const { pglite, url } = this.#database;
    const heartbeat = this.#opts.heartbeatSeconds;
    const manual = this.#opts.mode === 'manual';
    const boss = new PgBoss({
      // Its own small pool on PostgreSQL, with the app's connect timeout and a bound on any one statement.
      ...(pglite
        ? { db: fromPglite(PreparingPglite.of(pglite) as unknown as typeof pglite), backend: 'pglite' as const }
        : // Its repeated statements prepared once per connection, as the app's own are (decision 135).
          { connectionString: url!, max: 4, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: '-c statement_timeout=60000 -c plan_cache_mode=force_generic_plan', Client: preparingClient() }),
      schema: SCHEMA,
      // Workers wake the moment a job commits (NOTIFY), on every instance; polling stays as the floor.
      useListenNotify: !manual,
      // Jobs of a process that died (kill -9, a lost machine) are noticed within about two heartbeats.
      superviseIntervalSeconds: Math.min(heartbeat, 60),
      monitorIntervalSeconds: Math.min(heartbeat, 60),
      // Cron jobs (the nightly clean-up, the payment reconciliation): one instance enqueues each run.
      schedule: !manual,
    });
    boss.on('error', (err: unknown) => this.#log.error({ err }, 'job queue error'));
    this.#boss = boss;
    await boss.start();
    for (const [name, { job }] of this.#queues) {
      const queueOptions = {
        retryLimit: job.options.retryLimit,
        retryDelay: this.#opts.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: job.options.expireInSeconds,
        heartbeatSeconds: heartbeat,
        retentionSeconds: 14 * 24 * 3600,
        deleteAfterSeconds: 7 * 24 * 3600,
        notify: true,
      };
      if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
      else await boss.createQueue(name, queueOptions);
      if (manual) continue;
      await boss.work<unknown>(
        name,
        {
          // NOTIFY wakes a worker when a job commits; polling still finds retries and jobs whose time has come.
          pollingIntervalSeconds: job.options.pollSeconds ?? this.#opts.pollSeconds,
          notifyPollingIntervalSeconds: job.options.pollSeconds ?? this.#opts.pollSeconds,
          batchSize: job.options.batchSize ?? (job.options.cron ? SCHEDULED_BATCH : 1),
          // A backlog is worked off without a pause: while a fetch comes back full, the next follows at once (else a
          // worker waits the polling interval between batches, and with no new job to NOTIFY it, a queue of hundreds
          // drained ten every two seconds — bench/checkout-load.ts).
          burstWhenBatchFull: true,
          localConcurrency: job.options.concurrency ?? 1,
          perJobResults: true,
          includeMetadata: true,
        },
        (async (jobs: JobWithMetadata<unknown>[]): Promise<JobResult[]> => {
          const results: JobResult[] = [];
          for (const j of jobs) {
            try {
              // Stopping (a deploy, a restart): the batch's jobs run now rather than outwait the shutdown's bound.
              if (!this.#stopping) await this.#opts.beforeEachJob?.(job);
              await this.#run(name, j);
              results.push({ id: j.id, status: 'completed' });
            } catch (err) {
              this.#log.warn({ err, job: { id: j.id, name } }, 'job failed; it will be retried if attempts remain');
              results.push({ id: j.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } });
            }
          }
          return results;
        }) as never,
      );
    }
    if (!manual) {
      for (const [name, { job }] of this.#queues) {
        if (job.options.cron) await boss.schedule(name, job.options.cron, {}, { tz: 'UTC' });
      }
    }
    this.#running = true;
  }

  /**
   * What waits in each of our queues (for /metrics and /readyz), read through the queue's own connection: jobs due
   * now or later and not yet taken (created, or waiting to retry), and how long the oldest of the due ones has
   * waited since it became due (a job scheduled for later does not count as waiting before its time). Queues with
   * nothing waiting are listed with 0.
   */
  async backlog(): Promise<{ queue: string; waiting: number; oldestSeconds: number }[]> {
    const waiting = new Map([...this.#queues.keys()].map((name) => [name, { waiting: 0, oldestSeconds: 0 }]));
    if (this.#boss) {
      const { rows } = await this.#boss.getDb().executeSql(
        `select name, count(*)::int as waiting,
                coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float8 as oldest
           from ${SCHEMA}.job where state in ('created', 'retry') and name = any($1) group by name`,
        [[...this.#queues.keys()]],
      );
      for (const row of rows as { name: string; waiting: number; oldest: number }[]) {
        waiting.set(row.name, { waiting: Number(row.waiting), oldestSeconds: Number(row.oldest) });
      }
    }
    return [...waiting].map(([queue, w]) => ({ queue, ...w }));
  }

  /**
   * Manual mode (tests): runs every job that is due — and what those jobs enqueue — until none is left, one at a
   * time, in the order the queues were registered. `delayed: true` also runs jobs scheduled for later (a funnel's
   * close, a print shop's next step). Failed jobs are left to their retry time. Returns how many ran.
   */
  async drain(opts: { delayed?: boolean; only?: readonly string[]; except?: readonly string[] } = {}): Promise<number> {
    const boss = this.#boss;
    if (!boss) throw new Error('the job queue is not started');
    const names = (opts.only ?? [...this.#queues.keys()]).filter((n) => !opts.except?.includes(n));
    let total = 0;
    for (let round = 0; round < 200; round++) {
      let ran = 0;
      for (const name of names) {
        const jobs = await boss.fetch<unknown>(name, { batchSize: 50, includeMetadata: true, ...(opts.delayed ? { ignoreStartAfter: true } : {}) });
        for (const j of jobs) {
          ran++;
          try {
            await this.#run(name, j);
            await boss.complete(name, j.id);
          } catch (err) {
            this.#log.warn({ err, job: { id: j.id, name } }, 'job failed; it will be retried if attempts remain');
            await boss.fail(name, j.id, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      }
      if (!ran) return total;
      total += ran;
    }
    throw new Error('drain(): jobs kept coming for 200 rounds');
  }

  /** Stops taking jobs and waits (at most timeoutMs) for the running ones to finish. */
  async stop(timeoutMs = 8_000): Promise<void> {
    const boss = this.#boss;
    if (!boss) return;
    this.#running = false;
    this.#stopping = true;
    await boss.stop({ graceful: true, timeout: timeoutMs, close: true }).catch((err: unknown) => this.#log.error({ err }, 'stopping the job queue failed'));
  }

  /** Enqueues a job (in `opts.tx` when given); the payload must fit the job's schema. */
  async send<T>(job: JobDef<T>, data: T, opts: SendOptions = {}): Promise<string | null> {
    const boss = this.#boss;
    if (!boss) throw new Error('the job queue is not started');
    const name = job.name;
    if (!this.#queues.has(name)) throw new Error(`unknown job queue "${name}"`);
    const payload = job.schema.parse(data) as object;
    const tx = opts.tx;
    return boss.send(name, payload, {
      // In the caller's transaction, pg-boss's own text and values as they are (decision 147).
      ...(tx ? { db: { executeSql: (text: string, values?: unknown[]) => runText(tx, text, values ?? []) } } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfterSeconds ? { startAfter: Math.max(1, Math.round(opts.startAfterSeconds)) } : {}),
      ...(opts.id ? { id: opts.id } : {}),
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
