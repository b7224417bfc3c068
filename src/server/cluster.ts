import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * One server process per core on PostgreSQL (issue 25, docs/decisions/116), with node:cluster.
 *
 * The primary process migrates and seeds once (src/server/server.ts), then forks SERVER_PROCESSES workers that each
 * build the whole app and listen on the same port (the primary accepts the connections and hands them out in turn).
 * It serves no request itself; it keeps the workers running, restarting one that dies (a crash loop backs off), stops
 * them gracefully on SIGTERM/SIGINT, and relays three things between them over the cluster's IPC channel:
 *  - shutdown: a worker closes through its own graceful path (close-with-grace), not by a signal;
 *  - cache invalidation: a write answered by one worker drops the served pages and the catalogue cache of all of
 *    them at once, as it did in one process (other machines still catch up within the caches' 10 s);
 *  - metrics: `GET /metrics`, answered by any one worker, shows every worker's per-process series, each labelled
 *    `process="1"`…`process="N"`, merged by prom-client's AggregatorRegistry.
 * Everything else that must be shared between processes already is, through the database: sessions, rate limits,
 * idempotency keys, the job queue (pg-boss in every process), webhooks (src/server/multi-instance.pg.test.ts).
 */

/** The environment variable the primary gives each worker: its slot, 1…N (a replacement takes the dead one's). */
const SLOT_ENV = 'CERTIFIABLE_SERVER_PROCESS';
/** A worker that served this long before dying is restarted at once; a quicker death backs off (a crash loop). */
const STABLE_MS = 30_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** A scrape waits this long for the other workers' series, then answers with those that came. */
const METRICS_WAIT_MS = 3_000;
/**
 * PostgreSQL connections one server process may open at most: the request pool (10), the job handlers' pool (4),
 * pg-boss's (4) and its LISTEN (1) — src/server/db/client.ts and src/server/modules/jobs/job-queue.ts.
 */
export const CONNECTIONS_PER_PROCESS = 19;

type Message =
  | { type: 'certifiable:shutdown' }
  | { type: 'certifiable:invalidate'; what: 'catalogue' | 'pages' }
  | { type: 'certifiable:metrics'; id: number }
  | { type: 'certifiable:metrics-json'; id: number }
  | { type: 'certifiable:metrics-json-reply'; id: number; metrics: unknown[] }
  | { type: 'certifiable:metrics-reply'; id: number; text: string | null };

const isMessage = (m: unknown): m is Message =>
  typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string' && (m as { type: string }).type.startsWith('certifiable:');

/** This process is one of several server processes (a cluster worker). */
export const isServerWorker = (): boolean => cluster.isWorker;

/** This worker's slot, 1…N; null outside a cluster. */
export function serverProcessSlot(): number | null {
  if (!cluster.isWorker) return null;
  const slot = Number(process.env[SLOT_ENV]);
  return Number.isInteger(slot) && slot > 0 ? slot : null;
}

// ---------------------------------------------------------------------------------------------------------------
// The primary

export interface Supervision {
  /** Stops the workers gracefully (as SIGTERM does) and exits when they have. */
  shutdown(reason: string): void;
}

/**
 * Forks `count` workers and keeps them running; the process exits when they have stopped after SIGTERM/SIGINT (0 when
 * each closed cleanly), or with 1 when one fails before all have started (as a single process that cannot start).
 * `graceMs` is a worker's own time to close; a worker still running `graceMs` + 5 s after the signal is killed.
 */
export function superviseServerProcesses(opts: { count: number; log: Logger; graceMs: number; onServing(): void }): Supervision {
  const { count, log } = opts;
  interface Slot {
    n: number;
    worker: Worker | null;
    startedAt: number;
    listeningAt: number | null;
    quickDeaths: number;
    restart: NodeJS.Timeout | null;
  }
  const slots: Slot[] = Array.from({ length: count }, (_, i) => ({ n: i + 1, worker: null, startedAt: 0, listeningAt: null, quickDeaths: 0, restart: null }));
  const slotOf = (worker: Worker) => slots.find((s) => s.worker === worker);
  let serving = false;
  let stopping = false;
  let failed = false;

  const fork = (slot: Slot) => {
    slot.restart = null;
    slot.startedAt = Date.now();
    slot.listeningAt = null;
    slot.worker = cluster.fork({ [SLOT_ENV]: String(slot.n) });
  };

  cluster.on('listening', (worker) => {
    const slot = slotOf(worker);
    if (!slot || slot.listeningAt !== null) return;
    slot.listeningAt = Date.now();
    if (serving) log.info({ process: slot.n, workerPid: worker.process.pid }, `server process ${slot.n} is serving again`);
    else if (slots.every((s) => s.listeningAt !== null)) {
      serving = true;
      opts.onServing();
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf(worker);
    if (!slot) return;
    slot.worker = null;
    if (stopping) {
      if (code !== 0) failed = true;
      if (slots.every((s) => s.worker === null)) finish();
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!serving) {
      // Before all served (a port in use, a database that refused): fail the start like a single process would.
      log.error({ process: slot.n, workerPid: worker.process.pid, code, signal }, `server process ${slot.n} stopped (${how}) before the server was serving: stopping`);
      failed = true;
      stopAll();
      return;
    }
    const stable = slot.listeningAt !== null && Date.now() - slot.listeningAt >= STABLE_MS;
    slot.quickDeaths = stable ? 0 : slot.quickDeaths + 1;
    const delay = slot.quickDeaths === 0 ? 0 : Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (slot.quickDeaths - 1));
    log.error(
      { process: slot.n, workerPid: worker.process.pid, code, signal, restartInMs: delay },
      `server process ${slot.n} stopped unexpectedly (${how}); ${delay ? `starting another in ${delay / 1000} s` : 'starting another'}`,
    );
    slot.restart = setTimeout(() => fork(slot), delay);
  });

  // Messages from workers: invalidations go to the others; a scrape gathers every worker's series.
  const aggregating = new Map<number, { replies: unknown[][]; waiting: Set<Worker>; done(): void }>();
  let nextId = 0;
  cluster.on('message', (from, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'certifiable:invalidate') {
      for (const s of slots) if (s.worker && s.worker !== from && s.worker.isConnected()) s.worker.send(message);
    } else if (message.type === 'certifiable:metrics') {
      void gatherMetrics().then(
        (text) => from.isConnected() && from.send({ type: 'certifiable:metrics-reply', id: message.id, text } satisfies Message),
        () => from.isConnected() && from.send({ type: 'certifiable:metrics-reply', id: message.id, text: null } satisfies Message),
      );
    } else if (message.type === 'certifiable:metrics-json-reply') {
      const pending = aggregating.get(message.id);
      if (!pending) return;
      pending.replies.push(message.metrics);
      pending.waiting.delete(from);
      if (pending.waiting.size === 0) pending.done();
    }
  });

  /** Every serving worker's per-process series, merged (a worker that does not answer in time is left out). */
  function gatherMetrics(): Promise<string> {
    const id = nextId++;
    const asked = slots.flatMap((s) => (s.worker && s.listeningAt !== null && s.worker.isConnected() ? [s.worker] : []));
    return new Promise<unknown[][]>((resolve) => {
      const replies: unknown[][] = [];
      const timer = setTimeout(() => done(), METRICS_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        aggregating.delete(id);
        resolve(replies);
      };
      aggregating.set(id, { replies, waiting: new Set(asked), done });
      for (const w of asked) w.send({ type: 'certifiable:metrics-json', id } satisfies Message);
      if (asked.length === 0) done();
    }).then((replies) => AggregatorRegistry.aggregate(replies.flat() as Parameters<typeof AggregatorRegistry.aggregate>[0]).metrics());
  }

  let forceTimer: NodeJS.Timeout | null = null;
  function stopAll() {
    stopping = true;
    for (const s of slots) {
      if (s.restart) clearTimeout(s.restart);
      s.restart = null;
      const w = s.worker;
      if (!w) continue;
      // Over IPC rather than a signal: a worker that got the signal itself too (Ctrl-C reaches the whole process
      // group; systemd signals every process of the service) must not take ours as a second, "exit now" one.
      // A worker still starting has not joined yet (nor installed its graceful close): a signal stops it.
      if (w.isConnected() && s.listeningAt !== null) w.send({ type: 'certifiable:shutdown' } satisfies Message);
      else w.process.kill('SIGTERM');
    }
    if (slots.every((s) => s.worker === null)) return finish();
    forceTimer ??= setTimeout(() => {
      log.error(`server processes still running ${(opts.graceMs + 5000) / 1000} s after the stop: killing them`);
      for (const s of slots) s.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, opts.graceMs + 5000);
    forceTimer.unref();
  }

  function finish() {
    if (forceTimer) clearTimeout(forceTimer);
    log.info({ exitCode: failed ? 1 : 0 }, 'all server processes have stopped');
    process.exit(failed ? 1 : 0);
  }

  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      // A second signal: at once, as a single process does.
      log.error(`second ${signal}: killing the server processes`);
      for (const s of slots) s.worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    signalled = true;
    log.info({ signal }, 'shutting down: stopping the server processes');
    stopAll();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // The kernel shares the connections out (each process accepts from the one listening socket) rather than this
  // process handing each one over (Node's default on Linux): a connection handed to a process at the moment it dies
  // is lost — the client waits forever — where the kernel's queue keeps it for the others; and no connection costs
  // this process any work. NODE_CLUSTER_SCHED_POLICY=rr restores Node's default (decision 116).
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (const slot of slots) fork(slot);
  return {
    shutdown(reason: string) {
      if (stopping) return;
      log.error(reason);
      failed = true;
      stopAll();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A worker

let sharedRegistries: Registry[] = [];

/**
 * A worker's per-process metrics registries: labelled with its slot and handed to the primary when a scrape asks.
 * Outside a cluster, nothing.
 */
export function shareProcessMetrics(registries: Registry[]): void {
  const slot = serverProcessSlot();
  if (slot === null) return;
  for (const r of registries) r.setDefaultLabels({ process: String(slot) });
  sharedRegistries = registries;
}

const pendingScrapes = new Map<number, (text: string | null) => void>();
let scrapeId = 0;

/**
 * The per-process series for `GET /metrics`: in a worker, every worker's (through the primary); otherwise, or when
 * the primary does not answer in time, this process's own.
 */
export async function processMetricsText(local: Registry[]): Promise<string> {
  const own = async () => (await Promise.all(local.map((r) => r.metrics()))).join('\n');
  if (!cluster.isWorker || !process.connected || !process.send) return own();
  const id = scrapeId++;
  const text = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => {
      pendingScrapes.delete(id);
      resolve(null);
    }, METRICS_WAIT_MS + 1000);
    pendingScrapes.set(id, (t) => {
      clearTimeout(timer);
      pendingScrapes.delete(id);
      resolve(t);
    });
    process.send!({ type: 'certifiable:metrics', id } satisfies Message);
  });
  return text ?? own();
}

/**
 * Joins a worker's app to the others: closes it gracefully when the primary says so (or on SIGTERM/SIGINT, however
 * often they come), answers the primary's metrics requests, and keeps the served pages and the catalogue cache in
 * step with the other workers. Call once the app is built, with close-with-grace's `close`.
 */
export function joinServerProcesses(app: FastifyInstance, close: () => void): void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    close();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  // An invalidation here is sent to the others once per turn of the event loop; one from the others is applied
  // here without being sent back.
  const dropPages = app.pageCache.invalidate.bind(app.pageCache);
  const clearCatalogue = app.catalogCache.clear.bind(app.catalogCache);
  let applying = false;
  const outgoing = new Set<'catalogue' | 'pages'>();
  const send = (what: 'catalogue' | 'pages') => {
    if (applying || !process.connected) return;
    if (outgoing.size === 0) {
      setImmediate(() => {
        // The catalogue's clear drops the pages too.
        const kinds = outgoing.has('catalogue') ? (['catalogue'] as const) : (['pages'] as const);
        outgoing.clear();
        if (process.connected) for (const k of kinds) process.send!({ type: 'certifiable:invalidate', what: k } satisfies Message);
      });
    }
    outgoing.add(what);
  };
  app.pageCache.invalidate = () => {
    dropPages();
    send('pages');
  };
  app.catalogCache.clear = () => {
    clearCatalogue();
    send('catalogue');
  };

  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === 'certifiable:shutdown') stop();
    else if (message.type === 'certifiable:invalidate') {
      applying = true;
      try {
        if (message.what === 'catalogue') clearCatalogue();
        else dropPages();
      } finally {
        applying = false;
      }
    } else if (message.type === 'certifiable:metrics-json') {
      void Promise.all(sharedRegistries.map((r) => r.getMetricsAsJSON())).then(
        (metrics) => process.connected && process.send!({ type: 'certifiable:metrics-json-reply', id: message.id, metrics } satisfies Message),
        () => process.connected && process.send!({ type: 'certifiable:metrics-json-reply', id: message.id, metrics: [] } satisfies Message),
      );
    } else if (message.type === 'certifiable:metrics-reply') {
      pendingScrapes.get(message.id)?.(message.text);
    }
  });
}
