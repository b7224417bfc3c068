import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../test/test-database';
import { openDatabase, type Database } from './client';

/**
 * The database goes away under a running server (issue 24), in the PostgreSQL suite: the app talks to its database
 * through a TCP relay in this test, which can pass traffic, refuse connections (a stopped server) or take them and
 * never answer (a hung one). Requests then fail fast with 503 and Retry-After, and the server recovers by itself.
 */
class Relay {
  readonly #sockets = new Set<net.Socket>();
  readonly #pairs = new Set<[net.Socket, net.Socket]>();
  #server: net.Server | null = null;
  #mode: 'pass' | 'hang' = 'pass';
  port = 0;

  constructor(readonly target: { host: string; port: number }) {}

  async listen() {
    const server = net.createServer((client) => {
      this.#sockets.add(client);
      client.on('close', () => this.#sockets.delete(client));
      client.on('error', () => undefined);
      if (this.#mode === 'hang') return; // accepted, never answered
      const upstream = net.connect(this.target.port, this.target.host);
      this.#sockets.add(upstream);
      upstream.on('close', () => this.#sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.#pairs.add(pair);
      client.on('close', () => this.#pairs.delete(pair));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  #cut() {
    for (const s of this.#sockets) s.destroy();
  }

  /** A stopped database: nothing listens, open connections are cut. */
  async refuse() {
    this.#cut();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    this.#server = null;
  }

  /** A hung database: connections are taken and never answered; open ones are cut. */
  async hang() {
    this.#mode = 'hang';
    this.#cut();
    if (!this.#server) await this.listen();
  }

  /**
   * A database that hangs mid-query: open connections stay open but nothing more passes either way, and new ones
   * are taken and never answered.
   */
  stall() {
    this.#mode = 'hang';
    for (const [client, upstream] of this.#pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** The database is back, on the same address. */
  async pass() {
    this.#mode = 'pass';
    this.#cut();
    if (!this.#server) await this.listen();
  }

  async close() {
    await this.refuse();
  }
}

let direct: Database;
let relayed: Database;
let relay: Relay;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  direct = await createTestDatabase();
  const url = new URL(direct.url!);
  relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
  await relay.listen();
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  relayed = await openDatabase({ databaseUrl: url.toString() });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'certifiable-outage-'));
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://certifiable.test', DATA_DIR: dataDir, JOBS_MODE: 'manual' }),
    database: relayed,
    ssr: null,
  });
  await app.ready();
});

afterAll(async () => {
  await relay.pass();
  await app.close();
  await relayed.close();
  await relay.close();
  await direct.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function timed(url: string) {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url });
  return { res, ms: performance.now() - started };
}

describe('when the database goes away', { timeout: 60_000 }, () => {
  it('answers 503 with Retry-After at once while it is stopped, within 5 s while it hangs, and recovers by itself', async () => {
    expect((await timed('/api/health')).res.statusCode).toBe(200);

    await relay.refuse();
    const stopped = await timed('/api/health');
    expect(stopped.res.statusCode).toBe(503);
    expect(stopped.res.headers['retry-after']).toBe('5');
    expect(stopped.res.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', request_id: stopped.res.headers['x-request-id'] });
    expect(stopped.ms).toBeLessThan(5_000);

    await relay.hang();
    const hung = await timed('/api/health');
    expect(hung.res.statusCode).toBe(503);
    expect(hung.res.headers['retry-after']).toBe('5');
    expect(hung.ms).toBeLessThan(5_000);

    await relay.pass();
    await expect.poll(async () => (await timed('/api/health')).res.statusCode, { timeout: 15_000 }).toBe(200);
  });

  it('fails a request within 5 s when the database stops answering mid-query on open connections, and recovers', async () => {
    // Connections open and idle in both pools (the app's and the job queue's).
    await Promise.all(Array.from({ length: 4 }, () => timed('/api/health')));
    expect((await timed('/readyz')).res.statusCode).toBe(200);

    relay.stall();
    const answers = await Promise.all(Array.from({ length: 4 }, () => timed('/api/health')));
    for (const { res, ms } of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(5_000);
    }
    // A transaction whose statement got no answer fails as fast: its connection is closed, the ROLLBACK does not wait.
    const started = performance.now();
    await expect(relayed.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(5_500);

    const ready = await timed('/readyz');
    expect(ready.res.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(4_000);
    expect(ready.res.json()).toMatchObject({ ok: false, database: false, jobs: false });
    expect(ready.res.json().failing.map((f: { part: string }) => f.part)).toEqual(['database', 'jobs']);

    await relay.pass();
    await expect.poll(async () => (await timed('/api/health')).res.statusCode, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await timed('/readyz')).res.statusCode, { timeout: 15_000 }).toBe(200);
  });
});
