/**
 * A bounded pool of render processes for the heavy outputs (share PNG, print
 * PNG, PDF, and the decoding of uploaded award pictures): resvg, PNG encoding
 * and pdf-lib never run in the server process.
 *
 * Child processes, not worker threads (docs/decisions/021): resvg 2.6.2
 * aborts the whole process on some inputs (a Rust panic → abort()), which a
 * worker thread cannot contain, and a process gives each render its own
 * resident memory that the operating system reclaims when it is killed.
 *
 *   - at most `workers` renders at a time, at most `queueMax` more waiting;
 *     past that `run()` throws RenderBusyError at once (the route answers 503);
 *   - each render has a time budget (`timeoutMs`, counted from dispatch) and a
 *     resident-memory budget (`memoryMb`, polled from /proc on Linux); over
 *     either, its process is killed and the render fails with
 *     RenderFailedError — so does a process that dies mid-render;
 *   - a killed or crashed process is replaced; processes start lazily, on the
 *     first render, so an app that never rasterises starts none — unless the
 *     pool is `prestart()`ed (the server does, outside tests): then every process
 *     starts at once, loads its fonts and draws a warm-up certificate before the
 *     first request, and one that exits is replaced at once (docs/decisions/114);
 *   - render processes run at a lower CPU priority, so requests keep the
 *     server's share of the cores;
 *   - `close()` kills them all (the app's onClose).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpError } from '@/server/lib/http-errors';
import type { CertificateData } from './certificate-data';

export type PoolRenderKind = 'share-png' | 'print-png' | 'pdf';

/** A certificate to draw, or an admin's uploaded award picture to make drawable (award-picture.ts). */
export type RenderTask = CertificateRenderTask | { kind: 'award-picture'; image: Uint8Array };
export interface CertificateRenderTask {
  kind: PoolRenderKind;
  data: CertificateData;
  template: string;
}

export interface RenderPoolOptions {
  /** Render processes (≥ 1). */
  workers: number;
  /** Renders allowed to wait for a free process (≥ 0); more are refused with RenderBusyError. */
  queueMax: number;
  /** Budget of one render from the moment a process takes it. */
  timeoutMs: number;
  /** Resident memory one render process may reach (MiB). */
  memoryMb: number;
  /**
   * Whether a process loads and draws the templates ahead of its first render (render-worker.ts: about 3 s of CPU
   * per process). On by default; the app's tests switch it off: their renders draw what they need when they need
   * it, the same bytes, without a warm-up for every process a test starts (docs/decisions/124).
   */
  warmUp?: boolean;
  /** Where problems are reported (the app's logger). */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface RenderPoolStats {
  workers: number;
  running: number;
  queued: number;
  completed: number;
  failed: number;
  refused: number;
  /** Time spent drawing by renders that completed, in ms (with `completed`: the average render time). */
  renderMs: number;
  /** Processes started so far (a replaced one counts again). */
  started: number;
  /** Full garbage collections the processes ran after a render, past half their memory budget (decision 139). */
  collections: number;
}

/** The pool is full: try again later. */
export class RenderBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Render queue is full');
    this.name = 'RenderBusyError';
  }
}

export type RenderFailure = 'timeout' | 'memory' | 'crashed' | 'unavailable' | 'closed';

/** The render could not finish for a reason that is not its input: its process was killed or died. */
export class RenderFailedError extends Error {
  constructor(
    readonly reason: RenderFailure,
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
    this.name = 'RenderFailedError';
  }
}

/** Messages between the pool and a render process (structured clone over IPC). */
export type WorkerRequest = { id: number } & RenderTask;
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; message: string }
  /**
   * After a reply, once the process is ready for the next render: its resident memory then, the bytes of it the
   * renderer keeps on purpose (frames, tables: docs/decisions/114), and whether it ran a full garbage collection
   * first (only past half its memory budget: docs/decisions/139).
   */
  | { type: 'idle'; rss: number; kept: number; collected: boolean };

interface Job {
  task: RenderTask;
  timeoutMs: number;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
  job: (Job & { id: number; startedAt: number; timer: NodeJS.Timeout }) | null;
  /** Answered its render and not yet reported 'idle' (collecting garbage, when it must): not given another render meanwhile. */
  settling: boolean;
  /** Set when we kill the process on purpose: why the running job failed. */
  killedFor: RenderFailure | null;
}

/** Under tsx/Vitest the entry is the TypeScript source; in the built server it is the second bundle. */
function workerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { file: join(dirname(here), 'render-worker.ts'), execArgv: ['--import', 'tsx'] };
  return { file: join(dirname(here), 'render-worker.mjs'), execArgv: [] };
}

/** The server's environment without its secrets: drawing needs none of them. */
function renderEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['AUTH_SECRET', 'DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_SECRET', 'ADMIN_PASSWORD', 'TEST_DATABASE_URL']) delete env[name];
  return env;
}

const FAILURE_RETRY_SECONDS = 10;
/** Niceness of render processes: the server answers requests first. */
const RENDER_NICENESS = 10;
const MEMORY_POLL_MS = 100;
/**
 * Shares of `memoryMb` a process may hold after a render, less what the renderer keeps on purpose: past the first it
 * runs a full garbage collection (decision 139), past the second it is replaced rather than creep up.
 */
const COLLECT_PAST = 0.5;
const REPLACE_PAST = 0.6;

export class RenderPool {
  readonly #options: RenderPoolOptions;
  readonly #workers = new Set<Worker>();
  readonly #queue: Job[] = [];
  readonly #exited = new Set<Promise<void>>();
  #nextId = 1;
  #closed = false;
  /** prestart(): keep `workers` processes started and warm, not only while renders wait. */
  #keepWarm = false;
  #memoryTimer: NodeJS.Timeout | null = null;
  /** Moving average of render durations, for Retry-After. */
  #averageMs = 1000;
  /** Consecutive processes that died before they were ready: stop retrying after a few. */
  #startFailures = 0;
  #stats = { completed: 0, failed: 0, refused: 0, started: 0, renderMs: 0, collections: 0 };

  constructor(options: RenderPoolOptions) {
    this.#options = {
      ...options,
      workers: Math.max(1, Math.floor(options.workers)),
      queueMax: Math.max(0, Math.floor(options.queueMax)),
    };
  }

  get stats(): RenderPoolStats {
    return {
      workers: this.#workers.size,
      running: [...this.#workers].filter((w) => w.job).length,
      queued: this.#queue.length,
      ...this.#stats,
    };
  }

  /** Process ids of the render processes (for tests and diagnostics). */
  get pids(): number[] {
    return [...this.#workers].flatMap((w) => (w.child.pid ? [w.child.pid] : []));
  }

  /** Renders in a pool process; throws RenderBusyError at once when the pool and its queue are full. */
  run(task: RenderTask, options: { timeoutMs?: number } = {}): Promise<Buffer> {
    if (this.#closed) return Promise.reject(this.#failure('closed'));
    const running = [...this.#workers].filter((w) => w.job).length;
    // Capacity counts every accepted render, running or waiting (also while processes start).
    if (running + this.#queue.length >= this.#options.workers + this.#options.queueMax) {
      this.#stats.refused++;
      return Promise.reject(new RenderBusyError(this.#retryAfter()));
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.#queue.push({ task, timeoutMs: options.timeoutMs ?? this.#options.timeoutMs, resolve, reject });
      this.#dispatch();
    });
  }

  /**
   * Starts every render process now and keeps them started: each loads its fonts and templates and draws a
   * warm-up certificate before it reports ready, so the first real render is all drawing (docs/decisions/114).
   */
  prestart(): void {
    if (this.#closed) return;
    this.#keepWarm = true;
    this.#topUp();
  }

  #topUp(): void {
    while (this.#keepWarm && !this.#closed && this.#workers.size < this.#options.workers) this.#spawn();
  }

  /** Kills every render process; waiting and running renders fail with reason 'closed'. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(this.#failure('closed'));
    for (const worker of this.#workers) this.#kill(worker, 'closed');
    this.#stopMemoryWatch();
    await Promise.all([...this.#exited]);
  }

  /** Seconds until a newly queued render is likely to start: the queue ahead divided among the processes. */
  #retryAfter(): number {
    const ahead = this.#queue.length + this.#options.workers;
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.#averageMs) / this.#options.workers / 1000)));
  }

  #failure(reason: RenderFailure): RenderFailedError {
    const messages: Record<RenderFailure, string> = {
      timeout: `Render took longer than its ${this.#options.timeoutMs} ms budget`,
      memory: `Render process went over its ${this.#options.memoryMb} MiB memory budget`,
      crashed: 'Render process died',
      unavailable: 'Render processes could not be started',
      closed: 'Render pool is closed',
    };
    return new RenderFailedError(reason, FAILURE_RETRY_SECONDS, messages[reason]);
  }

  #dispatch(): void {
    if (this.#closed) return;
    for (const worker of this.#workers) {
      if (this.#queue.length === 0) return;
      if (!worker.ready || worker.job || worker.settling || worker.killedFor) continue;
      this.#start(worker, this.#queue.shift()!);
    }
    // Start processes lazily, one per waiting render, up to the pool size.
    const starting = [...this.#workers].filter((w) => !w.ready).length;
    for (let i = starting; i < this.#queue.length && this.#workers.size < this.#options.workers; i++) this.#spawn();
  }

  #start(worker: Worker, job: Job): void {
    const id = this.#nextId++;
    const timer = setTimeout(() => this.#kill(worker, 'timeout'), job.timeoutMs);
    worker.job = { ...job, id, startedAt: performance.now(), timer };
    const request: WorkerRequest = { id, ...job.task };
    worker.child.send(request);
    this.#watchMemory();
  }

  #spawn(): void {
    const { file, execArgv } = workerEntry();
    // The V8 heap gets part of the budget; the rest is resvg's own (native) memory.
    const heapMb = Math.max(64, Math.floor(this.#options.memoryMb / 2));
    const child = fork(file, [], {
      // A small young generation: the warm-up drawing (docs/decisions/114) would otherwise leave ≈70 MB of it
      // committed, and a process over 60 % of its budget after a render is replaced.
      execArgv: [...execArgv, `--max-old-space-size=${heapMb}`, '--max-semi-space-size=4', '--expose-gc'],
      // glibc keeps one malloc arena per thread; two are plenty for one render at a time
      // and keep freed pixel buffers from piling up as resident memory.
      env: {
        ...renderEnv(),
        MALLOC_ARENA_MAX: '2',
        UV_THREADPOOL_SIZE: '2',
        RENDER_WARM_UP: this.#options.warmUp === false ? '0' : '1',
        RENDER_COLLECT_OVER_MB: String(Math.floor(this.#options.memoryMb * COLLECT_PAST)),
      },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#stats.started++;
    const worker: Worker = { child, ready: false, job: null, settling: false, killedFor: null };
    this.#workers.add(worker);
    if (child.pid) {
      try {
        setPriority(child.pid, RENDER_NICENESS);
      } catch {
        // Not permitted on this system: renders then compete with requests on equal terms.
      }
    }
    child.on('message', (message: WorkerReply) => this.#onMessage(worker, message));
    // A send to a process that just died: its exit handler fails the job.
    child.on('error', (error) => this.#options.log?.warn({ err: error }, 'certificate render process error'));
    const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
      this.#onExit(worker, code, signal);
      resolve();
    }));
    this.#exited.add(exited);
    void exited.then(() => this.#exited.delete(exited));
  }

  #onMessage(worker: Worker, message: WorkerReply): void {
    if (message.type === 'ready') {
      worker.ready = true;
      this.#startFailures = 0;
      this.#dispatch();
      return;
    }
    if (message.type === 'idle') {
      if (!worker.settling || worker.killedFor) return;
      worker.settling = false;
      if (message.collected) this.#stats.collections++;
      // Freed pixel buffers can stay resident in the allocator: start afresh rather than creep up. What the renderer
      // keeps on purpose is no creep.
      if (message.rss - message.kept > this.#options.memoryMb * 1024 * 1024 * REPLACE_PAST) this.#kill(worker, 'memory');
      else this.#dispatch();
      return;
    }
    const job = worker.job;
    if (!job || job.id !== message.id || worker.killedFor) return;
    clearTimeout(job.timer);
    worker.job = null;
    // The answer goes out first; the process collects the render's garbage after it, when it must, and reports 'idle'.
    worker.settling = true;
    const ms = performance.now() - job.startedAt;
    this.#averageMs = this.#averageMs * 0.8 + ms * 0.2;
    if (message.type === 'done') {
      this.#stats.completed++;
      this.#stats.renderMs += ms;
      job.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    } else {
      // An exception in our drawing code: a bug, reported as such (500), not as load.
      this.#stats.failed++;
      job.reject(new Error(`Certificate render failed: ${message.message}`));
    }
  }

  #onExit(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    this.#workers.delete(worker);
    const job = worker.job;
    if (job) {
      clearTimeout(job.timer);
      worker.job = null;
      const reason = worker.killedFor ?? 'crashed';
      this.#stats.failed++;
      if (reason !== 'closed') {
        this.#options.log?.error({ reason, code, signal, kind: job.task.kind, ms: Math.round(performance.now() - job.startedAt) }, 'certificate render failed');
      }
      job.reject(this.#failure(reason));
    }
    if (this.#closed) {
      if (this.#workers.size === 0) this.#stopMemoryWatch();
      return;
    }
    if (!worker.ready && !worker.killedFor) {
      // Died while starting: after a few in a row, fail what waits instead of retrying forever.
      this.#startFailures++;
      this.#options.log?.error({ code, signal }, 'certificate render process failed to start');
      if (this.#startFailures >= 3) {
        for (const waiting of this.#queue.splice(0)) waiting.reject(this.#failure('unavailable'));
        this.#startFailures = 0;
        // Stop keeping processes warm: the next render starts one lazily (and fails the same way if it must).
        this.#keepWarm = false;
        return;
      }
    }
    this.#dispatch();
    this.#topUp();
  }

  #kill(worker: Worker, reason: RenderFailure): void {
    if (worker.killedFor) return;
    worker.killedFor = reason;
    worker.child.kill('SIGKILL');
  }

  /** Resident memory of busy render processes, from /proc (Linux); elsewhere only the time budget applies. */
  #watchMemory(): void {
    if (this.#memoryTimer || process.platform !== 'linux') return;
    const limitKb = this.#options.memoryMb * 1024;
    this.#memoryTimer = setInterval(() => {
      const busy = [...this.#workers].filter((w) => w.job && !w.killedFor && w.child.pid);
      if (busy.length === 0) return this.#stopMemoryWatch();
      for (const worker of busy) {
        void readFile(`/proc/${worker.child.pid}/status`, 'utf8').then(
          (status) => {
            const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
            if (rssKb > limitKb && worker.job) this.#kill(worker, 'memory');
          },
          () => undefined, // the process just exited
        );
      }
    }, MEMORY_POLL_MS);
    this.#memoryTimer.unref();
  }

  #stopMemoryWatch(): void {
    if (this.#memoryTimer) clearInterval(this.#memoryTimer);
    this.#memoryTimer = null;
  }
}

/**
 * The render pool is full or a render was killed (time or memory budget, crash): 503 with Retry-After
 * (docs/decisions/021); like every error answer it is no-store. Anything else stays an error.
 */
export function renderUnavailable(error: unknown): unknown {
  if (!(error instanceof RenderBusyError) && !(error instanceof RenderFailedError)) return error;
  const headers = { 'retry-after': String(error.retryAfterSeconds) };
  if (error instanceof RenderBusyError) {
    return new HttpError(503, 'RENDER_BUSY', 'We are drawing a lot of certificates right now. Please try again in a few seconds.', undefined, headers);
  }
  if (error.reason === 'timeout') {
    return new HttpError(503, 'RENDER_TIMEOUT', 'Drawing this certificate took too long. Please try again in a minute.', undefined, headers);
  }
  return new HttpError(503, 'RENDER_FAILED', 'We could not draw this certificate just now. Please try again in a minute.', undefined, headers);
}
