import { Worker } from 'node:worker_threads';

/**
 * The embedded database's last resort when the disk fills (issue 24, docs/decisions/112).
 *
 * PGlite runs PostgreSQL inside this process. When it fails to write its write-ahead log (ENOSPC on a new 16 MB log
 * segment) its next statement never returns: the WebAssembly spins on one core and the event loop is blocked for
 * good — freeing space does not help (measured on PGlite 0.5; a restart does: the database opens with every
 * committed transaction). Nothing in JavaScript runs any more, not even SIGTERM's handler, so the process
 * can neither answer nor stop cleanly.
 *
 * A worker thread watches: the main thread ticks a shared counter every second; when the ticks have stopped for
 * `stallSeconds` and the disk was below the floor within the last five minutes, the worker writes why to stderr and
 * kills the process (SIGKILL: the only signal a blocked event loop cannot ignore), so a supervisor starts it again —
 * which succeeds once there is room. A blocked loop without a full disk is left alone (it is not this failure).
 */
export function startStallWatchdog(opts: { dir: string; minFreeBytes: number; stallSeconds: number }): { stop(): void } {
  const ticks = new Int32Array(new SharedArrayBuffer(4));
  const timer = setInterval(() => Atomics.add(ticks, 0, 1), 1000);
  timer.unref();
  // No inherited flags (a loader, --input-type): the worker is plain CommonJS source.
  const worker = new Worker(WATCHDOG_SOURCE, { eval: true, execArgv: [], workerData: { ...opts, ticks } });
  worker.unref();
  worker.on('error', () => undefined); // a watchdog that cannot run must not take the server down
  return {
    stop() {
      clearInterval(timer);
      void worker.terminate();
    },
  };
}

/** The worker's code, as source: the server is one bundled file, so the worker cannot be a module of its own. */
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { dir, minFreeBytes, stallSeconds, ticks } = workerData;
let lastTick = Atomics.load(ticks, 0);
let lastTickAt = Date.now();
let lowAt = 0;
let lowFree = 0;
setInterval(() => {
  const now = Date.now();
  try {
    const s = fs.statfsSync(dir);
    const free = s.bavail * s.bsize;
    if (free < minFreeBytes) { lowAt = now; lowFree = free; }
  } catch {}
  const tick = Atomics.load(ticks, 0);
  if (tick !== lastTick) { lastTick = tick; lastTickAt = now; return; }
  if (now - lastTickAt < stallSeconds * 1000 || now - lowAt > 300000) return;
  const line = JSON.stringify({
    level: 60, time: now, pid: process.pid,
    msg: 'the embedded database stopped answering after the disk filled (DATA_DIR had ' + Math.floor(lowFree / 1048576) +
      ' MB free): exiting so that a restart recovers it; make room in ' + dir + ' first',
  });
  try { fs.writeSync(2, line + '\\n'); } catch {}
  process.kill(process.pid, 'SIGKILL');
}, 1000);
`;
