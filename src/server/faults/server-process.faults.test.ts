import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { projectRoot } from '../config';
import { freePort, serverProcessesUnder, startServer, stop, stopAll, waitForHealth } from '../test/processes';

afterEach(stopAll);

// Each test starts real server processes (tsx, migrations, seed): generous limits for a busy 2-core machine.
describe('the server process', { timeout: 180_000 }, () => {
  it('creates, migrates and seeds the embedded database, and a second start reuses it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-start-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };

    const first = startServer(env);
    await waitForHealth(port, undefined, first);
    // The start says what it is doing, step by step, before it serves (JSON log lines).
    const said = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    const order = ['Opening the embedded database', 'Database open', 'Applying database migrations', 'Migrations applied', 'Seeding the catalogue', 'Catalogue seeded', 'App built', 'Certifiable is serving'];
    const at = order.map((start) => said.findIndex((m) => m.startsWith(start)));
    expect(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1]!)), said.join('\n')).toBe(true);
    const seeded = (await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json()) as unknown[];
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    await stop(first.child);
    expect(await first.exited).toBe(0);

    // Something written between starts must survive the next start (no re-seed, no reset).
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.query(`insert into categories (slug, name, sort_order) values ('added-by-hand', 'Added By Hand', 9999)`);
    await db.close();

    const second = startServer(env);
    await waitForHealth(port, undefined, second);
    const after = (await (await fetch(`http://127.0.0.1:${port}/api/categories`)).json()) as { slug: string }[];
    expect(after).toHaveLength(seeded.length + 1);
    expect(after.at(-1)!.slug).toBe('added-by-hand');
    await stop(second.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second process on the same embedded database folder refuses to start and names the holder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-lock-'));
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForHealth(port, undefined, first);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by process ${first.child.pid}`);
    expect(second.output()).not.toMatch(/\n\s+at /); // a sentence, not a stack trace

    // The admin command too: it would open its own copy of the same database.
    const admin = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/cli/admin.ts'), 'list'], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'production' },
    });
    let adminOutput = '';
    admin.stderr.on('data', (d: Buffer) => (adminOutput += d.toString()));
    expect(await new Promise((r) => admin.on('exit', r))).toBe(1);
    expect(adminOutput).toContain(`is in use by process ${first.child.pid}`);

    // The first server is untouched; once it stops, the folder is free again.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await stop(first.child);
    expect(fs.existsSync(path.join(dataDir, 'certifiable.lock'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes over the lock of a process that died without releasing it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-stale-'));
    const port = await freePort();
    const crashed = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForHealth(port, undefined, crashed);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(fs.existsSync(path.join(dataDir, 'certifiable.lock'))).toBe(true);

    const next = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    await waitForHealth(port, undefined, next);
    await stop(next.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops taking connections, answers the request in flight, and exits cleanly', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-term-'));
    const port = await freePort();
    // Logging requests, so the test sees when the server has the request in hand.
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    await waitForHealth(port, undefined, server);

    // A request whose body is still arriving when the signal comes.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise((r) => socket.once('close', r));
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    socket.write(`POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    socket.write(body.slice(0, 10));
    const started = (line: string) => line.includes('"msg":"incoming request"') && line.includes('"url":"/api/auth/sign-in"');
    await expect.poll(() => server.output().split('\n').some(started), { timeout: 10_000, interval: 20 }).toBe(true);

    server.child.kill('SIGTERM');
    // New connections are refused while the one in flight is still served.
    await expect
      .poll(async () => fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'open', () => 'refused'), { timeout: 10_000, interval: 100 })
      .toBe('refused');
    socket.write(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 (400|401|403) /);
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('on the embedded database serves from one process even when SERVER_PROCESSES asks for more, and says why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-one-'));
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SERVER_PROCESSES: '2', LOG_LEVEL: 'info' });
    await waitForHealth(port, undefined, server);
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('one server process');
    expect(server.output()).toContain('SERVER_PROCESSES=2 is for PostgreSQL');
    // No server process of its own: the one started serves (and holds the database folder's lock).
    const children = serverProcessesUnder(server.child.pid!);
    expect(children).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, 'certifiable.lock'), 'utf8')).toContain(String(server.child.pid));
    await stop(server.child);
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start on a bad setting and names the variable', async () => {
    const bad = startServer({ PORT: 'not-a-port', DATA_DIR: os.tmpdir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT:');
  });
});
