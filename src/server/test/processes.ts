import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { projectRoot } from '../config';

const children: ChildProcess[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let logDir: string | null = null;
let logCount = 0;

/** A file for one process's output, in a folder of this test process's own that goes when it ends. */
function logFile(): string {
  if (!logDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-server-logs-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    logDir = dir;
  }
  return path.join(logDir, `${++logCount}.log`);
}

/** Where test runs put the server bundle their processes start from. */
const TEST_SERVER_DIR = path.join('dist', 'test-server');

/**
 * Bundles the server as `npm run build` does (scripts/build-server.mjs), from the sources as they are now, into
 * dist/test-server. The global setup of the suites that start real servers does it once per run (and says so in
 * CERTIFIABLE_TEST_SERVER); a test file run some other way builds it itself.
 */
export function buildTestServer() {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--outdir', TEST_SERVER_DIR], { cwd: projectRoot, stdio: 'ignore' });
  process.env.CERTIFIABLE_TEST_SERVER = 'built';
}

/**
 * The server as production runs it. Started from the bundle, a server process (and each of its render processes)
 * loads a few files instead of compiling every module through tsx: about 2 s of CPU less per start, and the fault
 * tests start dozens.
 */
function serverBundle(): string {
  if (process.env.CERTIFIABLE_TEST_SERVER !== 'built') buildTestServer();
  return path.join(projectRoot, TEST_SERVER_DIR, 'server.mjs');
}

/**
 * Starts the real entry point (src/server/server.ts, bundled as `npm run build` bundles it) as its own process. Its output goes to a file, not a pipe:
 * a logger that finds a pipe full (this process busy) keeps the line in memory to retry later, and a SIGKILL then
 * loses it; a file takes every line at once, so a killed process's log is whole up to its death.
 */
export function startServer(env: Record<string, string>) {
  const file = logFile();
  const fd = fs.openSync(file, 'a');
  const child = spawn(process.execPath, [serverBundle()], {
    cwd: projectRoot,
    // One server process unless a test asks for more (on PostgreSQL the default is one per core; decision 116).
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', NODE_ENV: 'production', SERVER_PROCESSES: '1', ...env },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd); // the child holds its own copy
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => fs.readFileSync(file, 'utf8') };
}

export async function waitForHealth(port: number, timeoutMs = 120_000, server?: { exited: Promise<number | null>; output(): string }) {
  const until = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server?.exited.then((code) => (exitCode = code));
  while (Date.now() < until) {
    if (exitCode !== undefined) throw new Error(`server for port ${port} exited with ${exitCode}:\n${server!.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not become healthy${server ? `:\n${server.output()}` : ''}`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return; // already gone (a signal leaves exitCode null)
  const done = new Promise((r) => child.once('close', r));
  child.kill('SIGTERM');
  await done;
}

/**
 * The server processes a process started (the workers of SERVER_PROCESSES; not its render processes), by their
 * command line: the bundle tests start (server.mjs) or the sources (src/server/server.ts).
 */
export function serverProcessesUnder(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
      if (/src\/server\/server\.ts|(^|\/)server\.mjs/.test(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Stops every process started by startServer (call in afterEach). */
export async function stopAll() {
  await Promise.all(children.splice(0).map(stop));
}


/** One statement on the maintenance database of the PostgreSQL server named by TEST_DATABASE_URL. */
export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the TEST_DATABASE_URL server for a test that starts real server processes on it: its URL,
 * and `drop()` (forcing its connections closed).
 */
export async function scratchDatabase(prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => void (await adminQuery(`drop database if exists "${name}" with (force)`)) };
}
