import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestsFirst } from './requests-first';

// A real server on a loopback port: one route answers at once, one when the test lets it.
let app: FastifyInstance;
let base: string;
let first: RequestsFirst;
let release: () => void = () => undefined;
const PAUSE_MS = 50;
const MAX_WAIT_MS = 400;

beforeAll(async () => {
  app = Fastify({ forceCloseConnections: true });
  first = new RequestsFirst(MAX_WAIT_MS, PAUSE_MS);
  first.register(app);
  app.get('/fast', async () => ({ ok: true }));
  app.get('/held', () => new Promise((resolve) => (release = () => resolve({ ok: true }))));
  // An answer that starts and never ends (a long download): only the connection closing ends it.
  app.get('/endless', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/octet-stream' });
    reply.raw.write(Buffer.alloc(1024));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  release();
  await app.close();
});

/** Resolves once `n` requests are being answered (their first hook ran). */
async function untilAnswering(n: number) {
  while (first.answering < n) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('jobs wait for a pause in the requests', () => {
  it('lets a job go at once when no request came in for a while', async () => {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS + 10));
    const waits = first.waits;
    await first.whenQuiet();
    expect(first.waits).toBe(waits);
  });

  it('holds a job while a request is being answered and lets it go after the answer', async () => {
    const held = fetch(`${base}/held`);
    await untilAnswering(1);
    let done = false;
    const job = first.whenQuiet().then(() => (done = true));
    // Whatever the machine's speed, the job cannot go while the request is unanswered (the bound is 400 ms away).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false);
    const waits = first.waits;
    release();
    expect((await held).status).toBe(200);
    await job;
    expect(first.waits).toBe(waits + 1);
  });

  it('lets a job go after its longest wait even while requests keep coming', async () => {
    const held = fetch(`${base}/held`);
    await untilAnswering(1);
    const started = performance.now();
    await first.whenQuiet();
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS - 5);
    expect(first.answering).toBe(1);
    release();
    expect((await held).status).toBe(200);
  });

  it("lets a queue's job wait longer than the default when the queue asks for it", async () => {
    const held = fetch(`${base}/held`);
    await untilAnswering(1);
    let done = false;
    const started = performance.now();
    const job = first.whenQuiet(MAX_WAIT_MS * 3).then(() => (done = true));
    // Past the default bound and still waiting: the longer bound holds while the request stays unanswered.
    await new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS + 200));
    expect(done).toBe(false);
    await job;
    expect(performance.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS * 3 - 5);
    expect(first.answering).toBe(1);
    release();
    expect((await held).status).toBe(200);
  });

  it('counts an answer as done when its client goes away in the middle of it', async () => {
    const aborted = new AbortController();
    const res = await fetch(`${base}/endless`, { signal: aborted.signal });
    await res.body!.getReader().read();
    expect(first.answering).toBe(1);
    aborted.abort();
    while (first.answering > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(first.answering).toBe(0);
  });

  it('counts a request whose client went away as answered', async () => {
    const aborted = new AbortController();
    const held = fetch(`${base}/held`, { signal: aborted.signal }).catch(() => 'aborted');
    await untilAnswering(1);
    aborted.abort();
    expect(await held).toBe('aborted');
    while (first.answering > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(first.answering).toBe(0);
    release();
  });
});
