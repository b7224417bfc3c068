/**
 * What one anonymous client can hold (issue 7, docs/decisions/052): half-sent headers and slow bodies are cut
 * off, idle sockets cannot lock a visitor out (the 20,000-socket flood is in src/server/faults/socket-flood.faults.test.ts),
 * and X-Forwarded-For is believed only from the proxies the operator named. Real sockets against a listening server.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { awards, rateLimitAttempts } from '../db/schema/index';
import { socketTestApps } from '../test/socket-test-apps';
import type { TestApp } from '../test/test-app';

const sockets: net.Socket[] = [];

afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

const { create, listening } = socketTestApps();

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
    sockets.push(s);
  });
}

/** Resolves with what the server sent before it closed the socket; rejects if it is still open after `ms`. */
function closedWithin(socket: net.Socket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    if (socket.closed) return resolve(received);
    socket.on('data', (d: Buffer) => (received += d.toString()));
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

async function health(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(20_000) });
  return res.status;
}

describe('slow clients are cut off', () => {
  it('a client that never finishes its headers is disconnected', async () => {
    const { port } = await listening({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' });
    const s = await connect(port);
    s.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const silent = await connect(port); // and one that sends nothing at all
    await Promise.all([closedWithin(s, 15_000), closedWithin(silent, 15_000)]);
  });

  it('a client that sends its body a byte at a time is answered 408 and disconnected', async () => {
    const { port } = await listening({ HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500' });
    const s = await connect(port);
    s.write('POST /api/nominations HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => s.writable && s.write(' '), 200);
    try {
      const answer = await closedWithin(s, 15_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
    }
  });
});

describe('idle sockets cannot lock visitors out', () => {
  it('past the cap the oldest idle connection makes room for a new visitor', async () => {
    const { t, port } = await listening({ MAX_CONNECTIONS: '50' });
    const idle = await Promise.all(Array.from({ length: 200 }, () => connect(port)));
    expect(await health(port)).toBe(200);
    // The server closed the idle sockets past its cap (the health check's included).
    const closed = await Promise.all(idle.map((s) => closedWithin(s, 2_000).then(() => 1, () => 0)));
    expect(closed.reduce<number>((a, b) => a + b, 0)).toBeGreaterThanOrEqual(150);
    const count = await new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    expect(count).toBeLessThanOrEqual(50);
  });
});


describe('TRUST_PROXY: whose X-Forwarded-For is believed', () => {
  /** The address a request was counted under by the per-IP limits (the preview limit records every call). */
  async function seenAs(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
    await t.database.db.delete(rateLimitAttempts);
    const [award] = await t.database.db.select().from(awards).limit(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/certificates/preview',
      payload: { award_id: award!.id },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    const rows = await t.database.db.select().from(rateLimitAttempts);
    expect(rows).toHaveLength(1);
    return rows[0]!.identifier.replace(/^ip:/, '');
  }

  it("refuses 'true', which would let any client pick its own address", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,not-an-ip' })).toThrow(/TRUST_PROXY: 'not-an-ip'/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('by default the socket address counts and the header is ignored', async () => {
    const t = await create({ seed: true });
    expect(await seenAs(t, '203.0.113.5', '198.51.100.7')).toBe('203.0.113.5');
  });

  it('with proxy addresses: believed from those proxies only, and only the entry the proxy added', async () => {
    const t = await create({ seed: true, env: { TRUST_PROXY: '10.0.0.0/8' } });
    expect(await seenAs(t, '10.1.2.3', '198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAs(t, '10.1.2.3', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAs(t, '203.0.113.5', '198.51.100.7')).toBe('203.0.113.5');
  });

  it('with a hop count: the client address the nearest proxies reported, whatever the client wrote before it', async () => {
    const t = await create({ seed: true, env: { TRUST_PROXY: '1' } });
    expect(await seenAs(t, '10.1.2.3', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await seenAs(t, '10.1.2.3')).toBe('10.1.2.3');
  });
});
