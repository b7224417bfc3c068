import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, scratchDatabase, serverProcessesUnder, startServer, stopAll, waitForHealth } from './test/processes';

// Runs only in the PostgreSQL suite (vitest includes *.pg.test.ts when TEST_DATABASE_URL is set).
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

/** The server processes a primary forked (its children running the entry point; not tsx's esbuild helper). */
const workersOf = serverProcessesUnder;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A GET on a connection of its own (so the connections are shared out among the processes). */
function get(port: number, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent: false, timeout: 15_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${pathname}`)));
    req.on('error', reject);
  });
}

/** From GET /metrics: requests answered so far, by the server process (its `process` label) that answered them. */
async function answeredBy(port: number): Promise<Map<string, number>> {
  const { status, body } = await get(port, '/metrics');
  expect(status).toBe(200);
  const counts = new Map<string, number>();
  for (const m of body.matchAll(/^http_request_duration_seconds_count\{[^}]*process="(\d+)"[^}]*\} (\d+)$/gm)) {
    counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + Number(m[2]));
  }
  return counts;
}

afterEach(stopAll);
afterAll(async () => {
  await database?.drop();
});

describe('one server process per core on PostgreSQL (SERVER_PROCESSES)', { timeout: 240_000 }, () => {
  it('serves from 2 processes, replaces one that is killed while requests keep succeeding, and stops all on SIGTERM', async () => {
    database = await scratchDatabase('certifiable_processes');
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-processes-'));
    const server = startServer({ DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SERVER_PROCESSES: '2', LOG_LEVEL: 'info' });
    await waitForHealth(port, undefined, server);
    const primary = server.child.pid!;

    // The start says how many serve, once; the primary migrated and seeded once, before the processes started.
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/Certifiable is serving .*2 server processes/);
    const said = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; pid: number });
    expect(said.filter((l) => l.msg.startsWith('Migrations applied')).map((l) => l.pid)).toEqual([primary]);
    expect(said.filter((l) => l.msg.startsWith('Catalogue seeded')).map((l) => l.pid)).toEqual([primary]);

    // Two processes of its own, and both answer: connections are shared out among them.
    await expect.poll(() => workersOf(primary).length, { timeout: 30_000 }).toBe(2);
    const first = workersOf(primary);
    await expect
      .poll(
        async () => {
          await Promise.all(Array.from({ length: 8 }, () => get(port, '/api/awards')));
          return [...(await answeredBy(port)).keys()].sort();
        },
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(['1', '2']);

    // One dies (SIGKILL: no goodbye). Requests keep being answered, by the other, while a new one starts.
    const victim = first[0]!;
    process.kill(victim, 'SIGKILL');
    const statuses: number[] = [];
    let replaced: number[] = [];
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      statuses.push((await get(port, '/api/health')).status);
      replaced = workersOf(primary);
      if (replaced.length === 2 && !replaced.includes(victim) && (await answeredBy(port)).size === 2 && (await get(port, '/api/health')).status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(victim);
    expect(replaced).toContain(first[1]);
    expect(server.output()).toMatch(/server process \d stopped unexpectedly \(signal SIGKILL\)/);

    // The replacement answers too: both processes' counts grow.
    const since = await answeredBy(port);
    await expect
      .poll(
        async () => {
          await Promise.all(Array.from({ length: 8 }, () => get(port, '/api/awards')));
          const now = await answeredBy(port);
          return ['1', '2'].every((slot) => (now.get(slot) ?? 0) > (since.get(slot) ?? 0));
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);

    // SIGTERM to the primary: every process closes gracefully, and the primary exits 0 once they have.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(replaced.filter(alive)).toEqual([]);
    expect(server.output()).toContain('all server processes have stopped');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
