import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { orderMailJob } from '../orders';

let t: TestApp;
beforeAll(async () => {
  // No workers: a job sent here waits until the test says otherwise.
  t = await createTestApp({ seed: false, jobs: 'manual', env: { JOBS_READY_MAX_WAIT_SECONDS: '60' } });
});
afterAll(async () => {
  await t.close();
});

const ready = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() };
};

describe('health', () => {
  it('is alive, and ready with the database, the migrations, the job queue and the disk', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
    expect(await ready()).toEqual({
      status: 200,
      body: { ok: true, database: true, migrations: true, jobs: true, disk: true, failing: [], jobs_oldest_wait_seconds: 0 },
    });
  });

  it('names the job queue when a due job has waited too long for a worker, and is ready again once it ran', async () => {
    await t.app.jobs.send(orderMailJob, { orderId: '00000000-0000-4000-8000-000000000000', kind: 'confirmation' });
    // A fresh job is not a backlog.
    expect((await ready()).status).toBe(200);
    // It has been due for five minutes with no worker taking it.
    await t.database.rows(sql`update pgboss.job set start_after = now() - interval '5 minutes', created_on = now() - interval '5 minutes' where name = 'order.mail' and state = 'created'`);
    const stuck = await ready();
    expect(stuck.status).toBe(503);
    expect(stuck.body).toMatchObject({ ok: false, database: true, migrations: true, jobs: false, disk: true });
    expect(stuck.body.jobs_oldest_wait_seconds).toBeGreaterThanOrEqual(300);
    expect(stuck.body.failing).toEqual([{ part: 'jobs', reason: expect.stringMatching(/^a job of order\.mail has waited 3\d\d s for a worker \(more than 60 s\)$/) }]);

    // A job scheduled for later is not waiting yet, however long ago it was made.
    await t.database.rows(sql`update pgboss.job set start_after = now() + interval '1 hour' where name = 'order.mail' and state = 'created'`);
    expect(await ready()).toMatchObject({ status: 200, body: { jobs: true, jobs_oldest_wait_seconds: 0 } });
    await t.database.rows(sql`update pgboss.job set start_after = now() where name = 'order.mail' and state = 'created'`);
    await t.drain();
    expect((await ready()).status).toBe(200);
  });

  it('names the migrations when the newest one is not applied', async () => {
    const [newest] = await t.database.rows<{ id: number; created_at: string }>(sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await t.database.rows(sql`update drizzle.__drizzle_migrations set created_at = 0 where id = ${newest!.id}`);
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ok: false, database: true, migrations: false, failing: [{ part: 'migrations', reason: 'the newest migration in drizzle/ is not applied' }] });
    } finally {
      await t.database.rows(sql`update drizzle.__drizzle_migrations set created_at = ${newest!.created_at} where id = ${newest!.id}`);
    }
    expect((await ready()).status).toBe(200);
  });
});
