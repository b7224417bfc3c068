import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { CSRF_HEADER } from '@/contract/auth';
import type { JobList } from '@/contract/fulfilment';
import type { CheckoutResult, StoreCatalogue } from '@/contract/shop';
import type { TestPaymentOutcome } from '@/contract/test-payments';
import { externalIdOf } from '../modules/fulfilment';
import { reconcileJob } from '../modules/payments';
import { releasedJob } from '../workflows/release-order';
import { startPrintfulServer, type PrintfulServer } from './loopback/printful-server';
import { prepareShopLinkedToPrintful } from './printful-linked-shop';
import { freePort, startServer, stop, waitForHealth } from './processes';

/** The job that hands a paid order to the printer (decision 136: the release job, which writes the receipt too). */
const FULFIL_JOB = releasedJob.name;

/**
 * The payment reconciliation the clock starts every minute (docs/decisions/149): its next run waits, as created, for
 * its worker — woken by NOTIFY, or at the latest by its minute's poll — and is not work the test left behind. One still
 * waiting longer than its poll and half a minute more after it became due is: its worker is not taking jobs.
 */
const SWEEP = { name: reconcileJob.name, waitsUpToSeconds: (reconcileJob.options.pollSeconds ?? 60) + 30 };

/**
 * The fault tests of issue 10 (docs/decisions/085): real server processes — on one PostgreSQL database, or one
 * process on the embedded PGlite folder — take paid orders and hand them to a loopback Printful; a process is
 * killed with SIGKILL and started again. These helpers place the orders, count what Printful saw and what each
 * process ran, and check the database afterwards.
 */

/**
 * Printful's answer while the orders are paid and the kill is set up: slow enough that a process is always
 * waiting for one, and that a process gets through only two orders every 10 s — far from all of them, however
 * long paying takes on a busy machine — yet under the adapter's 20 s timeout.
 */
export const SLOW_ANSWER_MS = 10_000;
export const FAST_ANSWER_MS = 100;
export const waitOpts = { timeout: 120_000, interval: 250 };

const AUTH_SECRET = randomBytes(32).toString('base64url');
const ADMIN = { email: 'faults-admin@example.test', password: 'fault-test-password-0123' };

export interface Instance {
  storeId: string;
  base: string;
  proc: ReturnType<typeof startServer>;
  /** When the test sent it SIGKILL (ms since the epoch). */
  killedAt?: number;
}

type Rows = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export class FaultShop {
  /** Every process started, the killed ones too: their logs say which jobs they started. */
  readonly started: Instance[] = [];
  printful!: PrintfulServer;
  readonly #dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-faults-'));
  /** PostgreSQL: a database of our own on the server (other runs use the `test` database meanwhile). */
  readonly #postgres: { serverUrl: string; name: string; url: string; pool: pg.Pool } | null;
  #pglite: PGlite | null = null;

  constructor(serverUrl: string | null) {
    if (!serverUrl) {
      this.#postgres = null;
      return;
    }
    const name = `faults_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // pool.end() resolves before its sockets close; the forced drop in close() may then end one, which the pool
    // reports as an 'error' that nobody is waiting for.
    pool.on('error', () => undefined);
    this.#postgres = { serverUrl, name, url: url.toString(), pool };
  }

  async open() {
    if (this.#postgres) await this.#onServer(`create database "${this.#postgres.name}"`);
    this.printful = await startPrintfulServer();
    // The seeded A4 print, as a product of the Printful store, linked to its sync variant before the first start.
    const { variants } = this.printful.addSyncProduct({ name: 'Certificate print', variants: [{ variantId: 6239, retailPrice: '24.00', sku: 'PRINT-A4' }] });
    await prepareShopLinkedToPrintful(this.#postgres ? { databaseUrl: this.#postgres.url } : { dataDir: path.join(this.#dataDir, 'data') }, { 'PRINT-A4': variants[0]!.id });
  }

  async close() {
    await Promise.all(this.started.map((i) => stop(i.proc.child)));
    await this.#pglite?.close();
    await this.printful?.close();
    if (this.#postgres) {
      await this.#postgres.pool.end();
      await this.#onServer(`drop database if exists "${this.#postgres.name}" with (force)`);
    }
    fs.rmSync(this.#dataDir, { recursive: true, force: true });
  }

  async #onServer(sql: string) {
    const client = new pg.Client({ connectionString: this.#postgres!.serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  /** A server process; its X-PF-Store-Id tells its requests to Printful apart from the others'. */
  async launch(storeId: string, env: Record<string, string> = {}): Promise<Instance> {
    const port = await freePort();
    const proc = startServer({
      ...(this.#postgres ? { DATABASE_URL: this.#postgres.url } : {}),
      // PGlite: the same folder every time (the database); PostgreSQL: a folder per process (nothing shared).
      DATA_DIR: path.join(this.#dataDir, this.#postgres ? storeId : 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET,
      // PGlite: the test asks the running process how its jobs are doing, as an admin.
      ...(this.#postgres ? {} : { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      // The test's checkouts all come from 127.0.0.1: each names its own address (the per-IP checkout limit).
      TRUST_PROXY: 'loopback',
      PRINTFUL_API_TOKEN: this.printful.token,
      PRINTFUL_WEBHOOK_SECRET: 'fault-test-webhook-secret-0123',
      PRINTFUL_API_URL: this.printful.url,
      PRINTFUL_STORE_ID: storeId,
      JOBS_POLL_SECONDS: '0.5',
      JOBS_HEARTBEAT_SECONDS: '10',
      JOBS_RETRY_DELAY_SECONDS: '1',
      RENDER_WORKERS: '1',
      // The 'job started' lines (debug) say which process ran which job.
      LOG_LEVEL: 'debug',
      ...env,
    });
    await waitForHealth(port, 120_000, proc);
    const instance = { storeId, base: `http://127.0.0.1:${port}`, proc };
    this.started.push(instance);
    return instance;
  }

  async kill(instance: Instance) {
    instance.killedAt = Date.now();
    instance.proc.child.kill('SIGKILL');
    await instance.proc.exited;
  }

  /** Kills the instance while Printful has created an order whose answer the instance is still waiting for. */
  async killMidSubmission(instance: Instance): Promise<string[]> {
    await vi.waitFor(() => expect(this.printful.ordersAwaitingAnswer(instance.storeId)).not.toEqual([]), waitOpts);
    // Checked and killed in one turn of the event loop (the loopback runs in this process): still unanswered.
    const unanswered = this.printful.ordersAwaitingAnswer(instance.storeId);
    instance.killedAt = Date.now();
    instance.proc.child.kill('SIGKILL');
    await instance.proc.exited;
    return unanswered;
  }

  /** Whether this shop runs on PostgreSQL (else the embedded database of one DATA_DIR). */
  get onPostgres(): boolean {
    return this.#postgres !== null;
  }

  /** POST /orders requests a process (by its store id) sent to Printful. */
  postsFrom(storeId: string): number {
    return this.printful.requests.filter((r) => r.method === 'POST' && r.path === '/orders' && r.storeId === storeId).length;
  }

  /** Places and pays `count` orders with the test card, spread over the instances; returns the order ids. */
  async paidOrders(instances: Instance[], count: number): Promise<string[]> {
    const first = instances[0]!.base;
    const catalogue = (await (await fetch(`${first}/api/store/products`)).json()) as StoreCatalogue;
    const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'PRINT-A4')!;
    const [award] = (await (await fetch(`${first}/api/awards`)).json()) as { id: string }[];
    const subnet = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const ids: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const n = next++;
        const base = instances[n % instances.length]!.base;
        const key = randomBytes(8).toString('hex');
        const checkout = await fetch(`${base}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `faults-${key}`, 'x-forwarded-for': `${subnet}.${(n % 250) + 1}` },
          body: JSON.stringify({
            email: `faults-${key}@example.test`,
            lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: award!.id, recipient_name: `Recipient ${n}` } }],
            shipping_address: { name: `Dana ${n}`, line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
            shipping_method: 'standard',
          }),
        });
        expect(checkout.status, await checkout.clone().text()).toBe(200);
        const order = (await checkout.json()) as CheckoutResult;
        const paid = await fetch(`${base}/api/test-payments/${order.payment_url.split('/').pop()}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ card_number: '4242424242424242', expiry: '12/34', cvc: '123' }),
        });
        expect(((await paid.json()) as TestPaymentOutcome).status).toBe('succeeded');
        ids.push(order.order_id);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return ids;
  }

  /**
   * The database's rows. PostgreSQL: at any time. PGlite: only once every process has stopped (it is one process's
   * folder), so this stops them gracefully first.
   */
  readonly rows: Rows = async <T>(sql: string, params: unknown[] = []) => {
    if (this.#postgres) return (await this.#postgres.pool.query(sql, params)).rows as T[];
    if (!this.#pglite) {
      await Promise.all(this.started.map((i) => stop(i.proc.child)));
      this.#pglite = await PGlite.create(path.join(this.#dataDir, 'data', 'pglite'));
    }
    return (await this.#pglite.query<T>(sql, params)).rows;
  };

  /** Waits until no job of any queue is waiting, running or failed and `total` submissions completed. */
  async jobsDone(instance: Instance, total: number) {
    if (this.#postgres) {
      await vi.waitFor(async () => {
        expect(await this.#jobsLeft()).toEqual([]);
        const [fulfilled] = await this.rows<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1`, [FULFIL_JOB]);
        expect(fulfilled?.n).toBe(total);
      }, waitOpts);
      return;
    }
    await this.jobsDoneAsAdmin(instance, total);
  }

  /** PostgreSQL: waits until no job of any queue is waiting, running or failed (but the reconciliation's next run). */
  async jobsQuiet() {
    try {
      await vi.waitFor(async () => expect(await this.#jobsLeft()).toEqual([]), waitOpts);
    } catch (err) {
      // What the processes said about their jobs, so that a CI log shows why a job was never taken.
      const said = this.started.flatMap((i, n) =>
        i.proc
          .output()
          .split('\n')
          .filter((l) => /"level":(40|50|60)/.test(l) && /job|queue|reconcil/i.test(l))
          .map((l) => `process ${n + 1}: ${l.slice(0, 400)}`),
      );
      if (err instanceof Error) err.message += `\n${said.slice(-20).join('\n') || 'no process logged a warning about its jobs'}`;
      throw err;
    }
  }

  /** PostgreSQL: the jobs not completed, by queue and state, but the reconciliation's next run in its usual wait. */
  #jobsLeft() {
    return this.rows<{ name: string; state: string; n: number; oldest_due_seconds_ago: number }>(
      `select name, state, count(*)::int as n, round(extract(epoch from now() - min(start_after)))::int as oldest_due_seconds_ago
         from pgboss.job
        where state <> 'completed' and not (name = $1 and state = 'created' and start_after > now() - make_interval(secs => $2))
        group by name, state`,
      [SWEEP.name, SWEEP.waitsUpToSeconds],
    );
  }

  /** PGlite: the database is the running process's; asks it, as an admin, until no job waits (and `total` submissions ran). */
  async jobsDoneAsAdmin(instance: Instance, total?: number) {
    const cookies = new Map<string, string>();
    const call = async (method: string, url: string, body?: unknown) => {
      const csrf = cookies.get('certifiable_csrf');
      const res = await fetch(`${instance.base}${url}`, {
        method,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
      }
      return res;
    };
    await call('GET', '/api/auth/csrf');
    expect((await call('POST', '/api/auth/sign-in', ADMIN)).status).toBe(200);
    await vi.waitFor(async () => {
      const { counts } = (await (await call('GET', '/api/admin/jobs')).json()) as JobList;
      const sweeps = counts.some((c) => c.name === SWEEP.name && c.state === 'created')
        ? ((await (await call('GET', `/api/admin/jobs?state=created&name=${SWEEP.name}`)).json()) as JobList).jobs
        : [];
      // The reconciliation's next run in its usual wait is not left behind; one waiting longer is (SWEEP).
      const waitingLong = sweeps.filter((j) => Date.now() - Date.parse(j.start_after) > SWEEP.waitsUpToSeconds * 1000);
      expect([...counts.filter((c) => c.state !== 'completed' && !(c.name === SWEEP.name && c.state === 'created')), ...waitingLong]).toEqual([]);
      if (total !== undefined) expect(counts.find((c) => c.name === FULFIL_JOB)?.count).toBe(total);
    }, waitOpts);
  }

  /** Every order reached Printful exactly once (one POST, one order) and carries the id Printful gave it. */
  async expectEachSubmittedOnce(orderIds: string[]) {
    const posts = new Map<string, number>();
    for (const r of this.printful.requests) {
      if (r.method !== 'POST' || r.path !== '/orders') continue;
      const externalId = (r.body as { external_id: string }).external_id;
      posts.set(externalId, (posts.get(externalId) ?? 0) + 1);
    }
    const rows = await this.rows<{ id: string; fulfilment_status: string; fulfilment_id: string | null; fulfilment_provider: string | null }>(
      `select o.id, f.status as fulfilment_status, f.provider_order_id as fulfilment_id, f.provider as fulfilment_provider
         from orders o left join fulfilments f on f.order_id = o.id and f.part = 1 where o.id = any($1)`,
      [orderIds],
    );
    expect(rows).toHaveLength(orderIds.length);
    const wrong = rows
      .map((o) => {
        const externalId = externalIdOf(o.id);
        return {
          order: o.id,
          posts: posts.get(externalId) ?? 0,
          created: this.printful.createdCount(externalId),
          status: o.fulfilment_status,
          provider: o.fulfilment_provider,
          idMatches: o.fulfilment_id !== null && o.fulfilment_id === String(this.printful.orders.get(externalId)?.id),
        };
      })
      .filter((r) => r.posts !== 1 || r.created !== 1 || r.status !== 'submitted' || r.provider !== 'printful' || !r.idMatches);
    expect(wrong).toEqual([]);
  }

  /**
   * Every one of these paid orders has one invoice, and the invoices of the whole database are numbered
   * INV-000001 … INV-N with no gap and no repeat (docs/decisions/132), whichever process issued them and whatever was
   * killed on the way.
   */
  async expectInvoicedWithoutGaps(orderIds: string[]) {
    const invoiced = await this.rows<{ order_id: string; n: number }>(
      `select order_id::text as order_id, count(*)::int as n from invoices where kind = 'invoice' and order_id = any($1) group by order_id`,
      [orderIds],
    );
    expect(invoiced.filter((r) => r.n !== 1)).toEqual([]);
    expect(invoiced.map((r) => r.order_id).sort()).toEqual([...orderIds].sort());
    const numbers = (await this.rows<{ number: string }>(`select number from invoices where kind = 'invoice' order by number`)).map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
    return numbers.length;
  }

  /** One submission job per order, each completed; no job of any queue failed. Returns the submission jobs. */
  async expectNoJobLost(orderIds: string[]) {
    const jobs = await this.rows<{ id: string; state: string; retry_count: number; order_id: string }>(
      `select j.id, j.state, j.retry_count, f.order_id::text as order_id from pgboss.job j join fulfilments f on f.id::text = j.data->>'fulfilmentId'
        where j.name = $1 and f.order_id = any($2)`,
      [FULFIL_JOB, orderIds],
    );
    expect(jobs.map((j) => j.order_id).sort()).toEqual([...orderIds].sort());
    expect(jobs.filter((j) => j.state !== 'completed')).toEqual([]);
    expect(await this.rows(`select id, name, state, output from pgboss.job where state = 'failed'`)).toEqual([]);
    return jobs;
  }

  /** Which processes started each job, in order, from every process's log (a killed process's lines up to its death). */
  jobStarts(): Map<string, Instance[]> {
    const starts = new Map<string, { instance: Instance; time: number }[]>();
    for (const instance of this.started) {
      for (const line of instance.proc.output().split('\n')) {
        if (!line.includes('"job started"')) continue;
        const { job, time } = JSON.parse(line) as { job: { id: string }; time: number };
        starts.set(job.id, [...(starts.get(job.id) ?? []), { instance, time }]);
      }
    }
    return new Map([...starts].map(([id, runs]) => [id, runs.sort((x, y) => x.time - y.time).map((r) => r.instance)]));
  }

  /**
   * Every job of every queue (submissions, order mails, mail deliveries) started once — except jobs the kill
   * interrupted: those started in the killed process, were failed by the heartbeat (retry_count > 0) and started
   * once more in a live one. Never two runs in living processes.
   *
   * A job may also show no start at all when it was done before the kill: the logger writes asynchronously, so a
   * killed process can lose its last lines. The living processes' logs are whole, so such a job ran in the killed
   * one — once.
   */
  async expectEachJobRanOnce(killed: Instance | null) {
    // Our queues only: pg-boss's own (its cron's `__pgboss__send-it`) run no handler of ours.
    const jobs = await this.rows<{ id: string; name: string; state: string; retry_count: number; done_at: number | null }>(
      `select id, name, state, retry_count, (extract(epoch from completed_on) * 1000)::float8 as done_at
         from pgboss.job where name not like '\\_\\_pgboss\\_\\_%'`,
    );
    const starts = this.jobStarts();
    const doneBeforeTheKill = (j: (typeof jobs)[number]) =>
      killed?.killedAt !== undefined && j.state === 'completed' && j.done_at !== null && j.done_at <= killed.killedAt;
    const wrong = jobs.filter((j) => {
      const by = starts.get(j.id) ?? [];
      if (by.length === 1) return false;
      if (by.length === 0 && doneBeforeTheKill(j)) return false;
      return !(by.length === 2 && by[0] === killed && by[1] !== killed && j.retry_count > 0);
    });
    const tag = (i: Instance) => `store ${i.storeId}, process #${this.started.indexOf(i)}`;
    expect(wrong.map((j) => ({ ...j, startedBy: (starts.get(j.id) ?? []).map(tag) }))).toEqual([]);
    return { jobs, starts };
  }
}
