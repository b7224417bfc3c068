import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { printShopDrawJob } from '@/server/adapters/fulfilment/local-print-shop';
import { mailOutbox, rateLimitAttempts, securityEvents } from '@/server/db/schema/index';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { mailJob } from '../mail';
import { orderMailJob } from '../orders';
import { reconcileJob } from '../payments';
import { defineJob } from './job-queue';
import { cleanExpiredRecords } from './retention';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600 * 1000);

/**
 * A checkout whose body never comes, sent to `t`'s app listening on a loopback port: its request is being answered
 * until the returned client goes away. Resolves once the app counts it.
 */
async function unansweredCheckout(t: TestApp): Promise<net.Socket> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const client = net.connect(typeof address === 'object' && address ? address.port : 0, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  client.write('POST /api/checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"items":');
  while (t.app.requestsFirst!.answering < 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return client;
}

/** A job's state in `t`'s queue, and a wait of at most 20 s for it to become `wanted` (the last state seen). */
function jobStates(t: TestApp) {
  const state = async (id: string) => (await t.app.jobs.find(id))?.state;
  const until = async (id: string, wanted: string) => {
    const deadline = Date.now() + 20_000;
    while ((await state(id)) !== wanted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return state(id);
  };
  return { state, until };
}

describe('the job queue', () => {
  it('enqueues a job only when the transaction that causes it commits', async () => {
    expect(orderMailJob.name).toBe('order.mail');
    const before = (await t.app.jobs.list({ name: orderMailJob.name })).length;
    await t.database.db
      .transaction(async (tx) => {
        await t.app.jobs.send(orderMailJob, { orderId: '00000000-0000-4000-8000-000000000000', kind: 'confirmation' }, { tx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await t.app.jobs.list({ name: orderMailJob.name })).toHaveLength(before);
    await t.database.db.transaction((tx) => t.app.jobs.send(orderMailJob, { orderId: '00000000-0000-4000-8000-000000000000', kind: 'confirmation' }, { tx }).then(() => undefined));
    expect(await t.app.jobs.list({ name: orderMailJob.name })).toHaveLength(before + 1);
  });

  it('refuses a job whose payload does not fit its definition, and a job no module registered', async () => {
    const before = (await t.app.jobs.list({ name: orderMailJob.name })).length;
    await expect(t.app.jobs.send(orderMailJob, { orderId: 'not-a-uuid', kind: 'confirmation' })).rejects.toThrow();
    expect(await t.app.jobs.list({ name: orderMailJob.name })).toHaveLength(before);
    await expect(t.app.jobs.send(defineJob('nobody.registered', z.object({}), { retryLimit: 0, expireInSeconds: 60 }), {})).rejects.toThrow('unknown job queue "nobody.registered"');
  });
});

describe('the nightly clean-up', () => {
  it('deletes mails, sign-in attempts and security events past their periods, and keeps the rest', async () => {
    const db = t.database.db;
    await db.insert(mailOutbox).values([
      { to: 'old@example.test', subject: 's', text: 't', kind: 'k', transport: 'log', status: 'logged', createdAt: daysAgo(181) },
      { to: 'new@example.test', subject: 's', text: 't', kind: 'k', transport: 'log', status: 'logged', createdAt: daysAgo(10) },
      { to: 'waiting@example.test', subject: 's', text: 't', kind: 'k', transport: 'smtp', status: 'queued', createdAt: daysAgo(200) },
    ]);
    await db.insert(rateLimitAttempts).values([
      { identifier: 'old@example.test', attemptType: 'login', createdAt: daysAgo(91) },
      { identifier: 'new@example.test', attemptType: 'login', createdAt: daysAgo(1) },
    ]);
    await db.insert(securityEvents).values([
      { eventType: 'failed_login', details: {}, createdAt: daysAgo(366) },
      { eventType: 'failed_login', details: {}, createdAt: daysAgo(30) },
    ]);
    expect(await cleanExpiredRecords(db)).toEqual({ mails: 1, signInAttempts: 1, securityEvents: 1 });
    expect((await db.select().from(mailOutbox)).map((m) => m.to).sort()).toEqual(['new@example.test', 'waiting@example.test']);
    expect(await db.select().from(rateLimitAttempts)).toHaveLength(1);
    expect(await db.select().from(securityEvents)).toHaveLength(1);
    expect(await cleanExpiredRecords(db)).toEqual({ mails: 0, signInAttempts: 0, securityEvents: 0 });
  });
});

describe('the job queue with its workers (as in production)', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // Polling only every minute: anything done sooner was done without waiting for a poll.
    slow = await createTestApp({ seed: false, env: { JOBS_POLL_SECONDS: '60', JOBS_WAIT_FOR_REQUESTS_MS: '60000' } });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('works off a backlog of many batches at once, not a batch per polling interval', async () => {
    // 45 receipts' mail jobs for mails that are not in the outbox: each is done at once (nothing to send).
    await slow.database.db.transaction(async (tx) => {
      for (let i = 0; i < 45; i++) await slow.app.jobs.send(mailJob, { id: randomUUID() }, { tx });
    });
    const deadline = Date.now() + 20_000;
    let left = 45;
    while (left > 0 && Date.now() < deadline) {
      left = (await slow.app.jobs.list({ name: mailJob.name, state: 'waiting' })).length;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Ten a fetch on each of two workers: without bursting, the third batch would wait the minute's poll.
    expect(left).toBe(0);
    expect(await slow.app.jobs.list({ name: mailJob.name, state: 'completed' })).toHaveLength(45);
  });

  it("takes the reconciliation's runs that piled up at its next fetch, not one a minute's poll (decision 149)", async () => {
    const client = await unansweredCheckout(slow);
    const { until } = jobStates(slow);
    try {
      // A run is taken and held (the checkout is unanswered); two more are sent meanwhile and wait. Once the first is
      // done, the worker fetches again at once (it was woken meanwhile) — and with one job a fetch, the third would
      // wait for the reconciliation's poll, a minute, behind the clock's next run.
      await slow.app.jobs.send(reconcileJob, {});
      const deadline = Date.now() + 20_000;
      while (!(await slow.app.jobs.list({ name: reconcileJob.name, state: 'active' })).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const waiting = [(await slow.app.jobs.send(reconcileJob, {}))!, (await slow.app.jobs.send(reconcileJob, {}))!];
      client.destroy();
      for (const id of waiting) expect(await until(id, 'completed')).toBe('completed');
    } finally {
      client.destroy();
    }
  });

  it('runs a job only once no request is being answered, on either database (decisions 140 and 143)', async () => {
    const client = await unansweredCheckout(slow);
    const { state, until } = jobStates(slow);
    try {
      const id = (await slow.app.jobs.send(mailJob, { id: randomUUID() }))!;
      // Taken by a worker, which waits: however slow the machine, it cannot run while the checkout is unanswered.
      expect(await until(id, 'active')).toBe('active');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await state(id)).toBe('active');
      client.destroy();
      expect(await until(id, 'completed')).toBe('completed');
    } finally {
      client.destroy();
    }
  });
});

describe("a queue's own wait for a pause (decision 143)", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seed: false, env: { JOBS_POLL_SECONDS: '60', JOBS_WAIT_FOR_REQUESTS_MS: '300' } });
  });
  afterAll(async () => {
    await shop.close();
  });

  it("runs a receipt after the shop's bound while a request stays unanswered, and the print shop's drawing only after the pause", async () => {
    const client = await unansweredCheckout(shop);
    const { state, until } = jobStates(shop);
    try {
      // A drawing for an order the print shop does not have: once it runs, it finds nothing and completes.
      const drawing = (await shop.app.jobs.send(printShopDrawJob, { id: 'LPS-NOSUCHORDER' }))!;
      const receipt = (await shop.app.jobs.send(mailJob, { id: randomUUID() }))!;
      // The receipt waits at most JOBS_WAIT_FOR_REQUESTS_MS (300 ms) and goes though the checkout is unanswered…
      expect(await until(receipt, 'completed')).toBe('completed');
      // …while the drawing, which asks for 5 s, still waits for the pause.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await state(drawing)).toBe('active');
      client.destroy();
      expect(await until(drawing, 'completed')).toBe('completed');
    } finally {
      client.destroy();
    }
  });
});
