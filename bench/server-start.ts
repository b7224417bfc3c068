/**
 * A server start, as an operator restarting it meets it (docs/decisions/142): the built server (npm packages bundled
 * with it, but for the few that need their own folder) against the same sources built with every package left to
 * Node, as it was built before — both built in this run, started one after the other on the same database, already
 * migrated and seeded (a restart, not a first start). For each: the time from the process's spawn to /api/health
 * answering 200, and the CPU the process used to get there (/proc). One server process (SERVER_PROCESSES=1), so the
 * CPU is all of it. BENCH_STARTS sets the starts of each build (6).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onEachDatabase, percentile, processCpuMs, runWhenMain, SERVER, startServer, stopServer, type BenchSection } from './support';

const root = path.resolve(import.meta.dirname, '..');
const STARTS = Number(process.env.BENCH_STARTS ?? 6);
/** Two levels below the project, as dist/server is: the server finds the web build and migrations from there. */
const EXTERNAL_DIR = path.join(root, '.bench-start', 'external');
const PORT = 4340;

/** Starts a build and waits for /api/health: milliseconds from spawn to healthy, CPU seconds until then. */
async function timedStart(server: string, dataDir: string, env: Record<string, string>): Promise<{ ms: number; cpu: number | null; child: ChildProcess }> {
  const started = performance.now();
  const child = await startServer(PORT, dataDir, { SERVER_PROCESSES: '1', ...env }, { server, pollMs: 10 });
  const ms = performance.now() - started;
  const cpuMs = processCpuMs(child.pid!);
  return { ms, cpu: cpuMs === null ? null : cpuMs / 1000, child };
}

async function onDatabase(database: string, env: Record<string, string>): Promise<BenchSection> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const builds = { bundled: SERVER, external: path.join(EXTERNAL_DIR, 'server.mjs') };
  const times: Record<keyof typeof builds, { ms: number[]; cpu: number[] }> = { bundled: { ms: [], cpu: [] }, external: { ms: [], cpu: [] } };
  try {
    // The first start migrates and seeds the database: not a restart, not counted.
    await stopServer(await startServer(PORT, dataDir, { SERVER_PROCESSES: '1', ...env }));
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
  const summary = (t: { ms: number[]; cpu: number[] }) => ({ ms: percentile(t.ms, 50), cpu: t.cpu.length ? percentile(t.cpu, 50) * 1000 : null });
  const external = summary(times.external);
  const bundled = summary(times.bundled);
  const line = (t: { ms: number; cpu: number | null }) => `${t.ms.toFixed(0)} ms to healthy, ${t.cpu === null ? 'CPU not measured' : `${t.cpu.toFixed(0)} ms CPU`}`;
  const cpuRatio = bundled.cpu !== null && external.cpu !== null ? (bundled.cpu / external.cpu).toFixed(2) : '–';
  return {
    lines: [
      `server start · ${database} · packages left to Node (before): ${line(external)} (p50 of ${STARTS})`,
      `server start · ${database} · packages bundled (as built):    ${line(bundled)}; ratio ${(bundled.ms / external.ms).toFixed(2)} in time, ${cpuRatio} in CPU (lower is faster)`,
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
