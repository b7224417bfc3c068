/**
 * A server start, as an operator restarting it meets it (docs/decisions/142): the built server (npm packages bundled
 * with it, but for the few that need their own folder) against the same sources built with every package left to
 * Node, as it was built before — both built in this run, started one after the other on the same database, already
 * migrated and seeded (a restart, not a first start). For each: the time from the process's spawn to /api/health
 * answering 200, and the CPU the process used to get there (/proc). One server process (SERVER_PROCESSES=1), so the
 * CPU is all of it. BENCH_STARTS sets the starts of each build (6).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onEachDatabase, percentile, request, runWhenMain, sleep, SERVER, stopServer, type BenchSection } from './support';

const root = path.resolve(import.meta.dirname, '..');
const STARTS = Number(process.env.BENCH_STARTS ?? 6);
/** Two levels below the project, as dist/server is: the server finds the web build and migrations from there. */
const EXTERNAL_DIR = path.join(root, '.bench-start', 'external');
const PORT = 4340;

/** CPU seconds a process has used (user + system), from /proc; null off Linux. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** Spawns a build, waits for /api/health: milliseconds from spawn to healthy, CPU seconds until then. */
async function timedStart(server: string, dataDir: string, env: Record<string, string>): Promise<{ ms: number; cpu: number | null; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SERVER_PROCESSES: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${server} exited with ${child.exitCode}`);
    try {
      if ((await request(`http://127.0.0.1:${PORT}/api/health`, { timeoutMs: 2000 })).status === 200) {
        return { ms: performance.now() - started, cpu: cpuSeconds(child.pid!), child };
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  child.kill('SIGKILL');
  throw new Error(`${server} did not answer /api/health within 120 s`);
}

async function onDatabase(database: string, env: Record<string, string>): Promise<BenchSection> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const builds = { bundled: SERVER, external: path.join(EXTERNAL_DIR, 'server.mjs') };
  const times: Record<keyof typeof builds, { ms: number[]; cpu: number[] }> = { bundled: { ms: [], cpu: [] }, external: { ms: [], cpu: [] } };
  try {
    // The first start migrates and seeds the database: not a restart, not counted.
    await stopServer((await timedStart(SERVER, dataDir, env)).child);
    for (let i = 0; i < STARTS; i++) {
      // Alternated, so that a change in the machine's load falls on both.
      for (const name of (i % 2 === 0 ? ['external', 'bundled'] : ['bundled', 'external']) as (keyof typeof builds)[]) {
        const { ms, cpu, child } = await timedStart(builds[name], dataDir, env);
        await stopServer(child);
        times[name].ms.push(ms);
        if (cpu !== null) times[name].cpu.push(cpu);
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const p50 = (values: number[]) => percentile(values, 50);
  const line = (name: keyof typeof builds) =>
    `${p50(times[name].ms).toFixed(0)} ms to healthy, ${times[name].cpu.length ? `${(p50(times[name].cpu) * 1000).toFixed(0)} ms CPU` : 'CPU not measured'}`;
  const ratio = (values: (t: { ms: number[]; cpu: number[] }) => number[]) => (p50(values(times.bundled)) / p50(values(times.external))).toFixed(2);
  return {
    lines: [
      `server start · ${database} · packages left to Node (before): ${line('external')} (p50 of ${STARTS})`,
      `server start · ${database} · packages bundled (as built):    ${line('bundled')}; ratio ${ratio((t) => t.ms)} in time, ${times.bundled.cpu.length ? ratio((t) => t.cpu) : '–'} in CPU (lower is faster)`,
    ],
    failed: false,
  };
}

export async function serverStart(): Promise<BenchSection> {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', EXTERNAL_DIR, '--packages-external'], { cwd: root, stdio: 'ignore' });
  try {
    const section = await onEachDatabase('server start', onDatabase);
    return { lines: [`server start (load average ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end)`, ...section.lines], failed: section.failed };
  } finally {
    fs.rmSync(path.dirname(EXTERNAL_DIR), { recursive: true, force: true });
  }
}

await runWhenMain(import.meta, serverStart);
