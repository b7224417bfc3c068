import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
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

/** Starts the real entry point (src/server/server.ts) as its own process. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/server.ts')], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // 'close', not 'exit': it comes once the output is all read too (a log line written just before the end included).
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => output };
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

/** Stops every process started by startServer (call in afterEach). */
export async function stopAll() {
  await Promise.all(children.splice(0).map(stop));
}

