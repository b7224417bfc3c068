/**
 * Checkout under load (issues 9 and 25), against the BUILT server: shoppers check out and pay with the test card
 * 4242 4242 4242 4242, each double-clicking "Pay" (the same checkout sent twice with one Idempotency-Key). Run on the
 * embedded PGlite and, when a PostgreSQL server is reachable (BENCH_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), on a fresh database there — with the server's default process count
 * (on PostgreSQL one per core, less one for a database on this machine: decision 138; SERVER_PROCESSES).
 *
 * Two loads on each database, each started on a quiet server (the render processes' warm-up after the start and the
 * warm-up orders' back office done): 20 buyers, each placing orders one after another until BENCH_CHECKOUTS (200) are
 * paid, and 200 buyers at once. Printed for each: orders per second, p99 of a whole checkout + payment (at 20 buyers also
 * that of the flows started after the first second, when all twenty came in at once), errors, orders
 * lost (a shopper without a paid order) and orders doubled (more orders than shoppers); at 20 buyers also the server's
 * own mean time answering a checkout and a payment (its /metrics), beside the shopper's. After each load the bench
 * waits until the server has done what the orders left to its jobs (receipts, hand-offs, the print shop's files: no
 * job due in its queues on /metrics and its CPU back under 5 % of a core; at most BENCH_SETTLE_SECONDS, 120) and
 * prints how long that took, the orders per second with all their work done, and the CPU per order with it — or what
 * was still waiting — so a checkout that outruns its back office shows. Also how many jobs waited for a pause in the
 * requests during the load (decisions 140 and 143: the back office runs after a rush).
 *
 * The baseline, measured in the same run on the same PostgreSQL server: the minimal order write — one transaction
 * writing an order row and a line row, from 20 clients as fast as they can (the most orders the database could take).
 * Printed: checkout's ratio to it (goal ≥ 0.25 at 20 and at 200 buyers; p99 < 250 ms at 20 buyers), the embedded
 * database's checkout rate as a ratio to PostgreSQL's (goal ≥ 0.5), and the SQL statements each order cost the
 * server's request pool (the server's own counter on /metrics, BEGIN/COMMIT included; goal ≤ 10 that do work).
 * Goals are reported, not enforced; an error, a lost or a doubled order fails the run.
 * Run alone with `node --import tsx bench/checkout-load.ts` after `npm run build:server`.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MINIMAL_WRITE, onEachDatabase, percentile, request, SERVER, startServer, stopServer, type Answer, runWhenMain, type BenchSection } from './support';

const ORDERS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const BURST = 200;
const STEADY_BUYERS = 20;
const BASELINE_CLIENTS = 20;
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
/** The server allows 30 checkout requests per client address an hour; a double click is two: 10 orders per address. */
const PER_ADDRESS = 10;
const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

const json = <T>(a: Answer) => JSON.parse(a.body.toString()) as T;
const f = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

interface Flow {
  ok: boolean;
  /** When it started (performance.now()) and how long the shopper waited. */
  at: number;
  ms: number;
  orderId: string | null;
  token: string | null;
  doubleClickSameOrder: boolean;
  error: string | null;
}

/** One shopper: the checkout sent twice at once with one key, then paid. `address` keeps each address under the limit. */
async function checkoutAndPay(base: string, body: unknown, address: string): Promise<Flow> {
  const key = `bench-${randomUUID()}`;
  const started = performance.now();
  try {
    const send = () => request(`${base}/api/checkout`, { method: 'POST', json: body, headers: { 'idempotency-key': key }, localAddress: address });
    const [a, b] = await Promise.all([send(), send()]);
    if (a.status !== 200 || b.status !== 200) throw new Error(`checkout ${a.status}/${b.status}: ${(a.status !== 200 ? a : b).body.toString().slice(0, 200)}`);
    const first = json<{ order_id: string; payment_url: string; access_token: string }>(a);
    const second = json<{ order_id: string }>(b);
    const session = first.payment_url.split('/').pop()!;
    const paid = await request(`${base}/api/test-payments/${session}/pay`, {
      method: 'POST',
      json: { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Bench Shopper' },
      localAddress: address,
    });
    if (paid.status !== 200 || json<{ status: string }>(paid).status !== 'succeeded') throw new Error(`pay ${paid.status}: ${paid.body.toString().slice(0, 200)}`);
    return { ok: true, at: started, ms: performance.now() - started, orderId: first.order_id, token: first.access_token, doubleClickSameOrder: first.order_id === second.order_id, error: null };
  } catch (err) {
    return { ok: false, at: started, ms: performance.now() - started, orderId: null, token: null, doubleClickSameOrder: false, error: (err as Error).message };
  }
}

async function adminOrderCount(base: string, status?: string): Promise<number> {
  const csrf = await request(`${base}/api/auth/csrf`);
  const csrfCookie = String(csrf.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const token = decodeURIComponent(csrfCookie.split('=')[1] ?? '');
  const signIn = await request(`${base}/api/auth/sign-in`, { method: 'POST', json: ADMIN, headers: { cookie: csrfCookie, 'x-csrf-token': token } });
  if (signIn.status !== 200) throw new Error(`admin sign-in: ${signIn.status} ${signIn.body.toString().slice(0, 200)}`);
  const cookies = [csrfCookie, ...[signIn.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!)].join('; ');
  const list = await request(`${base}/api/admin/orders${status ? `?status=${status}` : ''}`, { headers: { cookie: cookies } });
  return json<{ total: number }>(list).total;
}

/** The server's /metrics, one sample a line: name, labels (as written) and value. */
async function metrics(base: string): Promise<{ name: string; labels: string; value: number }[]> {
  const text = (await request(`${base}/metrics`)).body.toString();
  return text.split('\n').flatMap((line) => {
    const m = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    return m ? [{ name: m[1]!, labels: m[2] ?? '', value: Number(m[3]) }] : [];
  });
}

/**
 * One reading of /metrics for a load's before and after: the statements the server's request and background pools
 * sent so far (every server process's; null on PGlite), the jobs that waited for a pause in the requests and the
 * seconds they waited (decisions 140 and 143), and the server's own time answering the checkout and
 * the payment (its `http_request_duration_seconds`: from the request read to the answer sent) with their count.
 */
async function counters(base: string): Promise<{
  statements: { requests: number; background: number } | null;
  jobWaits: { jobs: number; seconds: number };
  answering: Record<'checkout' | 'payment', { seconds: number; count: number }>;
}> {
  const sent = { requests: 0, background: 0 };
  const jobWaits = { jobs: 0, seconds: 0 };
  const answering = { checkout: { seconds: 0, count: 0 }, payment: { seconds: 0, count: 0 } };
  let seen = false;
  for (const { name, labels, value } of await metrics(base)) {
    if (name === 'certifiable_job_waits_for_requests') jobWaits.jobs += value;
    if (name === 'certifiable_job_waits_for_requests_seconds') jobWaits.seconds += value;
    const route = /route="([^"]+)"/.exec(labels)?.[1];
    const answered = route === '/api/checkout' ? answering.checkout : route === '/api/test-payments/:sessionId/pay' ? answering.payment : null;
    if (answered && name === 'http_request_duration_seconds_sum') answered.seconds += value;
    if (answered && name === 'http_request_duration_seconds_count') answered.count += value;
    const pool = /pool="(\w+)"/.exec(labels)?.[1];
    if (name !== 'certifiable_db_statements' || (pool !== 'requests' && pool !== 'background')) continue;
    sent[pool] += value;
    seen = true;
  }
  return { statements: seen ? sent : null, jobWaits, answering };
}

/**
 * The baseline: the minimal order write on the same database server — one transaction, an order row and a line
 * row — from BASELINE_CLIENTS connections for BASELINE_SECONDS. Orders per second, and PostgreSQL's CPU per order
 * (ms; NaN without /proc).
 */
async function minimalOrderWrite(url: string): Promise<{ perSecond: number; databaseMs: number }> {
  const pool = new pg.Pool({ connectionString: url, max: BASELINE_CLIENTS });
  try {
    for (const table of MINIMAL_WRITE.tables) await pool.query(table);
    let written = 0;
    const cpuBefore = cpuSnapshot(process.pid);
    const started = performance.now();
    const deadline = started + BASELINE_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: BASELINE_CLIENTS }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < deadline) {
            await client.query('begin');
            const { rows } = await client.query<{ id: string }>(MINIMAL_WRITE.order);
            await client.query(MINIMAL_WRITE.line(rows[0]!.id));
            await client.query('commit');
            written++;
          }
        } finally {
          client.release();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSnapshot(process.pid);
    return { perSecond: written / seconds, databaseMs: cpuBefore && cpuAfter ? (cpuAfter.database - cpuBefore.database) / written : NaN };
  } finally {
    await pool.end();
  }
}

/**
 * CPU time so far (ms), from Linux's /proc: the whole machine (all cores, busy time), the server (its process and
 * its children: the cluster's workers, render processes) and PostgreSQL's processes. Null where /proc is not there.
 */
interface CpuSnapshot {
  machine: number;
  /** The machine's busy time in the kernel (system calls, interrupts: loopback networking among them). */
  machineKernel: number;
  server: number;
  database: number;
  /** The server's time in the kernel (system calls: sockets above all). */
  serverKernel: number;
  /** Of the server's time, its child processes' (cluster workers, render processes). */
  serverChildren: number;
  /** This process: the load generator. */
  client: number;
}
const TICK_MS = 10; // USER_HZ is 100 on Linux
function processTimes(): { pid: number; ppid: number; comm: string; ms: number; kernelMs: number }[] {
  const out: { pid: number; ppid: number; comm: string; ms: number; kernelMs: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      out.push({ pid: Number(entry), ppid: Number(fields[1]), comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, kernelMs: Number(fields[12]) * TICK_MS });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}
/**
 * PostgreSQL's processes seen so far and their CPU at last sight: a connection closed while idle ends its backend, and
 * its time must not vanish from the sum (it is counted up to the last snapshot that saw it).
 */
const postgresSeen = new Map<number, number>();

function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | null {
  if (!fs.existsSync('/proc/stat') || serverPid === undefined) return null;
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user, nice, system, irq, softirq: busy time (idle, iowait, the hypervisor's steal and the guest fields, already
  // counted in user and nice, left out)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = cpu;
  const machine = (user + nice + system + irq + softirq) * TICK_MS;
  const machineKernel = (system + irq + softirq) * TICK_MS;
  const all = processTimes();
  const tree = new Set([serverPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  const own = process.cpuUsage();
  return {
    machine,
    machineKernel,
    client: (own.user + own.system) / 1000,
    server: all.filter((p) => tree.has(p.pid)).reduce((a, p) => a + p.ms, 0),
    serverKernel: all.filter((p) => tree.has(p.pid)).reduce((a, p) => a + p.kernelMs, 0),
    serverChildren: all.filter((p) => tree.has(p.pid) && p.pid !== serverPid).reduce((a, p) => a + p.ms, 0),
    database: (() => {
      for (const p of all) if (p.comm === 'postgres') postgresSeen.set(p.pid, p.ms);
      return [...postgresSeen.values()].reduce((a, ms) => a + ms, 0);
    })(),
  };
}

/**
 * The HTTP floor: the same shoppers' requests (the checkout body sent twice at once, then a small POST) to a bare
 * Fastify server that parses the JSON and answers from memory — the most "orders" per second this machine's HTTP
 * could carry with no work behind it, measured in the same run.
 */
async function httpFloor(port: number, body: unknown, buyers: number, count: number): Promise<{ perSecond: number; machineMs: number }> {
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), [], {
    env: { ...process.env, PORT: String(port) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare-server exited with ${code}`)));
  });
  try {
    const url = `http://127.0.0.1:${port}/echo`;
    const card = { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Bench Shopper' };
    const order = async (address: string) => {
      const send = () => request(url, { method: 'POST', json: body, localAddress: address });
      const answers = [...(await Promise.all([send(), send()])), await request(url, { method: 'POST', json: card, localAddress: address })];
      if (answers.some((a) => a.status !== 200)) throw new Error('HTTP floor: an answer was not 200');
    };
    let next = 0;
    const run = async (n: number) => {
      next = 0;
      await Promise.all(
        Array.from({ length: buyers }, async () => {
          // The bare server keeps no limits: addresses repeat past 127.0.5.250 (BENCH_CHECKOUTS over 500).
          for (let i = next++; i < n; i = next++) await order(`127.0.5.${1 + (Math.floor(i / PER_ADDRESS) % 250)}`);
        }),
      );
    };
    await run(Math.min(count, 200)); // warm-up
    // The floor's own CPU: the bare server's and the load generator's (whatever else the machine does meanwhile, the
    // shop's server finishing its warm-up orders, is not the floor's).
    const cpuBefore = cpuSnapshot(child.pid);
    const started = performance.now();
    await run(count);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuSnapshot(child.pid);
    return { perSecond: count / seconds, machineMs: cpuBefore && cpuAfter ? (cpuAfter.server + cpuAfter.client - cpuBefore.server - cpuBefore.client) / count : NaN };
  } finally {
    child.kill('SIGTERM');
  }
}

/** How long a load's back office is waited for after its last order (BENCH_SETTLE_SECONDS, default 120). */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 120);

/**
 * The jobs due now and not yet taken, by queue, as the operator sees them on /metrics: a queue whose oldest due job
 * has waited more than 0 s (`certifiable_job_queue_oldest_seconds`), with its depth. Jobs scheduled for later (the
 * print shop's next step, half an hour on) are not due, so they do not count.
 */
async function jobsDue(base: string): Promise<{ queue: string; waiting: number }[]> {
  const depth = new Map<string, number>();
  const due: string[] = [];
  for (const { name, labels, value } of await metrics(base)) {
    const queue = /^queue="([^"]+)"$/.exec(labels)?.[1];
    if (!queue) continue;
    if (name === 'certifiable_job_queue_depth') depth.set(queue, value);
    else if (name === 'certifiable_job_queue_oldest_seconds' && value > 0) due.push(queue);
  }
  return due.map((queue) => ({ queue, waiting: depth.get(queue) ?? 0 }));
}

/**
 * Waits until the server has done what the orders left it (receipts, hand-offs, the print shop's drawings): no job
 * due and waiting in any queue (the server's own /metrics) and its processes' CPU below 5 % of a core over half a
 * second (the jobs taken have finished), at most `boundSeconds` (SETTLE_SECONDS unless said). A quiet CPU alone is
 * not enough: a job queue between two polls is quiet with hundreds of jobs waiting. Returns the seconds waited (NaN:
 * not settled within the bound), the CPU snapshot at that point and what was still waiting then.
 */
async function settled(base: string, serverPid: number | undefined, boundSeconds = SETTLE_SECONDS): Promise<{ seconds: number; cpu: CpuSnapshot | null; waiting: { queue: string; waiting: number }[] }> {
  const started = performance.now();
  let last = cpuSnapshot(serverPid);
  for (;;) {
    const at = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSnapshot(serverPid);
    const waiting = await jobsDue(base);
    const quiet = !now || !last || (now.server - last.server) / (performance.now() - at) < 0.05;
    if (quiet && waiting.length === 0) return { seconds: (at - started) / 1000, cpu: now, waiting };
    if (performance.now() - started > boundSeconds * 1000) return { seconds: NaN, cpu: now, waiting };
    last = now;
  }
}

const perOrder = (before: CpuSnapshot, after: CpuSnapshot, count: number): CpuSnapshot => ({
  machine: (after.machine - before.machine) / count,
  machineKernel: (after.machineKernel - before.machineKernel) / count,
  server: (after.server - before.server) / count,
  serverKernel: (after.serverKernel - before.serverKernel) / count,
  serverChildren: (after.serverChildren - before.serverChildren) / count,
  database: (after.database - before.database) / count,
  client: (after.client - before.client) / count,
});

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  /** The p99 of the flows that started a second or more into the load: without its first wave, all buyers at once. */
  p99AfterFirstSecond: number;
  flows: Flow[];
  statementsPerOrder: number | null;
  /** Statements the job handlers sent meanwhile (receipts, hand-offs, the job queue's own), per order. */
  backgroundPerOrder: number | null;
  /** CPU ms per order: the machine's busy time, the server's, PostgreSQL's; null without /proc. */
  cpuPerOrder: CpuSnapshot | null;
  /** The same until the server had done all the orders' work (receipts, hand-offs), and how long after the last order that was. */
  cpuPerOrderSettled: CpuSnapshot | null;
  settledAfterSeconds: number;
  /** The load's seconds: from its first order to its last paid. */
  wallSeconds: number;
  /** What was still due in the job queues when the wait for the back office ended (empty: all done). */
  stillWaiting: { queue: string; waiting: number }[];
  /** Jobs that waited for a pause in the requests during the load, and how long in all (the embedded database). */
  jobWaits: { jobs: number; seconds: number };
  /** The server's own mean time (ms) answering one checkout request (each of a double click's two) and one payment. */
  serverMs: { checkout: number; payment: number };
}

async function measure(base: string, count: number, buyers: number, body: unknown, addressBlock: number, serverPid: number | undefined, waitForBackOffice = true): Promise<Run> {
  const before = await counters(base);
  const cpuBefore = cpuSnapshot(serverPid);
  const flows: Flow[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(buyers, count) }, async () => {
      for (let i = next++; i < count; i = next++) flows.push(await checkoutAndPay(base, body, `127.0.${addressBlock}.${1 + Math.floor(i / PER_ADDRESS)}`));
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  const cpuAfter = cpuSnapshot(serverPid);
  const after = await counters(base);
  const paid = flows.filter((x) => x.ok).length;
  // The back office's share: what the orders left the jobs to do, until it is done (the next load starts after).
  const settle = waitForBackOffice ? await settled(base, serverPid) : { seconds: NaN, cpu: null, waiting: [] };
  return {
    perSecond: count / wallS,
    p50: percentile(
      flows.map((x) => x.ms),
      50,
    ),
    p99: percentile(
      flows.map((x) => x.ms),
      99,
    ),
    p99AfterFirstSecond: percentile(
      flows.filter((x) => x.at - started >= 1000).map((x) => x.ms),
      99,
    ),
    flows,
    statementsPerOrder: before.statements && after.statements && paid ? (after.statements.requests - before.statements.requests) / paid : null,
    backgroundPerOrder: before.statements && after.statements && paid ? (after.statements.background - before.statements.background) / paid : null,
    cpuPerOrder: cpuBefore && cpuAfter ? perOrder(cpuBefore, cpuAfter, count) : null,
    cpuPerOrderSettled: cpuBefore && settle.cpu ? perOrder(cpuBefore, settle.cpu, count) : null,
    settledAfterSeconds: settle.seconds,
    wallSeconds: wallS,
    stillWaiting: settle.waiting,
    jobWaits: { jobs: after.jobWaits.jobs - before.jobWaits.jobs, seconds: after.jobWaits.seconds - before.jobWaits.seconds },
    serverMs: {
      checkout: (1000 * (after.answering.checkout.seconds - before.answering.checkout.seconds)) / (after.answering.checkout.count - before.answering.checkout.count),
      payment: (1000 * (after.answering.payment.seconds - before.answering.payment.seconds)) / (after.answering.payment.count - before.answering.payment.count),
    },
  };
}

interface DatabaseResult {
  section: BenchSection;
  steadyPerSecond: number;
  burstPerSecond: number;
}

async function onDatabase(label: string, port: number, env: Record<string, string>): Promise<DatabaseResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-bench-shop-'));
  const server = await startServer(port, dataDir, { ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const base = `http://127.0.0.1:${port}`;
  try {
    const catalogue = json<{ products: { variants: { id: string; sku: string }[] }[] }>(await request(`${base}/api/store/products`));
    const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'FRAME-A4-OAK')!;
    const awards = json<{ id: string }[]>(await request(`${base}/api/awards`));
    const lines = [{ variant_id: variant.id, quantity: 1, design: { award_id: awards[0]!.id, recipient_name: 'Bench Shopper' } }];
    const body = {
      email: 'shopper@example.test',
      lines,
      shipping_address: { name: 'Bench Shopper', line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
      shipping_method: 'standard',
    };
    // Warm up (the first requests compile queries and fill caches; every server process gets some).
    const warm = await Promise.all(Array.from({ length: 8 }, (_, i) => checkoutAndPay(base, body, `127.0.9.${1 + i}`)));
    const baseline = env.DATABASE_URL ? await minimalOrderWrite(env.DATABASE_URL) : null;
    const floor = env.DATABASE_URL ? await httpFloor(port + 1, body, STEADY_BUYERS, ORDERS * 5) : null;
    // The load starts from a quiet server: its render processes' warm-up (a few seconds of CPU each after the start)
    // and the warm-up orders' back office done, so that neither is charged to the checkout.
    const quiet = await settled(base, server.pid, 120);

    const steady = await measure(base, ORDERS, STEADY_BUYERS, body, 1, server.pid);
    // The steady load's back office is printed; the burst's is not waited for (nothing follows it).
    const burst = await measure(base, BURST, BURST, body, 3, server.pid, false);

    const flows = [...steady.flows, ...burst.flows];
    const errors = flows.filter((x) => !x.ok);
    const statuses = await Promise.all(
      flows.filter((x) => x.ok).map(async (x) => json<{ status: string }>(await request(`${base}/api/orders/${x.orderId}?token=${x.token}`)).status),
    );
    const lost = flows.length - statuses.filter((s) => s === 'paid').length;
    const ids = new Set(flows.flatMap((x) => (x.orderId ? [x.orderId] : [])));
    const allOrders = await adminOrderCount(base);
    const paidOrders = await adminOrderCount(base, 'paid');
    // The warm-up placed its orders before; a double click must have given one order.
    const doubled = allOrders - (warm.length + ids.size) + flows.filter((x) => x.ok && !x.doubleClickSameOrder).length;
    const failed = errors.length > 0 || lost !== 0 || doubled !== 0 || paidOrders !== warm.length + flows.length;
    const ratio = (r: Run) => (baseline ? `, ${f(r.perSecond / baseline.perSecond, 2)} of the minimal order write (goal ≥ 0.25)` : '');
    const out = [
      `checkout  ${label}: ${STEADY_BUYERS} buyers, ${ORDERS} orders: ${f(steady.perSecond, 1)} orders/s, p50 ${f(steady.p50)} ms, p99 ${f(steady.p99)} ms per checkout + payment (goal < 250 ms; ${f(steady.p99AfterFirstSecond)} ms for those started after the first second, when all ${STEADY_BUYERS} buyers had come in at once)${ratio(steady)}`,
      `checkout  ${label}: ${BURST} buyers at once: ${f(burst.perSecond, 1)} orders/s, p50 ${f(burst.p50)} ms, p99 ${f(burst.p99)} ms${ratio(burst)}`,
    ];
    if (!Number.isFinite(quiet.seconds)) out.push(`checkout  ${label}: the server was still busy 120 s after its start and warm-up orders; the loads ran anyway`);
    if (baseline) out.push(`checkout  ${label}: baseline, the minimal order write (one transaction: an order row and a line row) from ${BASELINE_CLIENTS} clients: ${f(baseline.perSecond, 0)} orders/s, PostgreSQL's CPU ${f(baseline.databaseMs, 2)} ms per order`);
    if (floor) {
      out.push(
        `checkout  ${label}: the HTTP floor, the same three requests per order to a bare Fastify server answering from memory, ${STEADY_BUYERS} buyers: ${f(floor.perSecond, 0)} orders/s (${f(floor.perSecond / (baseline?.perSecond ?? floor.perSecond), 2)} of the minimal order write), ${f(floor.machineMs, 2)} ms of CPU per order (the bare server and the load generator); checkout ÷ floor ${f(steady.perSecond / floor.perSecond, 2)}`,
      );
    }
    out.push(
      `checkout  ${label}: the server's own time answering at ${STEADY_BUYERS} buyers (http_request_duration_seconds on /metrics, from a request read to its answer sent), mean: checkout ${f(steady.serverMs.checkout)} ms, payment ${f(steady.serverMs.payment)} ms — against ${f(steady.p50)} ms (p50) for a checkout + payment as the shopper sees it; the difference is spent before the server reads a request and on the way back`,
    );
    if (steady.cpuPerOrder) {
      const c = steady.cpuPerOrder;
      out.push(
        `checkout  ${label}: CPU per order at ${STEADY_BUYERS} buyers: ${f(c.machine, 1)} ms on the machine (${os.cpus().length} cores; ${f(c.machineKernel, 1)} ms of it in the kernel), of which the server ${f(c.server, 1)} ms (${f(c.serverKernel, 1)} ms of it in the kernel, ${f(c.serverChildren, 1)} ms in its child processes)${env.DATABASE_URL ? `, PostgreSQL ${f(c.database, 1)} ms` : ' (its embedded database included)'}, the load generator ${f(c.client, 1)} ms, the rest other work on the machine`,
      );
    }
    if (steady.cpuPerOrder && baseline && floor && Number.isFinite(floor.machineMs)) {
      // What the goal of 0.25 asks of this machine: the cores must carry, per order, the HTTP floor's share and
      // PostgreSQL's own work (the server's work comes on top), at a quarter of the minimal write's rate.
      const cores = os.cpus().length;
      const ceiling = (cores * 1000) / (steady.cpuPerOrder.database + floor.machineMs);
      const room = (cores * 1000) / (0.25 * baseline.perSecond) - floor.machineMs;
      out.push(
        `checkout  ${label}: the ceiling on this machine: PostgreSQL's own CPU is ${f(steady.cpuPerOrder.database, 2)} ms per order for the checkout (${f(baseline.databaseMs, 2)} ms for the minimal write) and the HTTP floor takes ${f(floor.machineMs, 2)} ms of CPU per order (the bare server's and the load generator's), so even a server costing nothing beyond the floor would carry at most ${f(ceiling, 0)} orders/s on ${cores} cores, ${f(ceiling / baseline.perSecond, 2)} of the minimal order write; 0.25 needs PostgreSQL's work under ${room > 0 ? `${f(room, 2)} ms per order` : 'nothing at all (the floor alone uses the machine up)'}`,
      );
    }
    if (steady.cpuPerOrderSettled) {
      const c = steady.cpuPerOrderSettled;
      out.push(
        Number.isFinite(steady.settledAfterSeconds)
          ? `checkout  ${label}: the back office (receipts, hand-offs, the print shop's files) done ${f(steady.settledAfterSeconds, 1)} s after the last order: ${ORDERS} orders with all their work in ${f(steady.wallSeconds + steady.settledAfterSeconds, 1)} s, ${f(ORDERS / (steady.wallSeconds + steady.settledAfterSeconds), 1)} orders/s; CPU per order with it: ${f(c.machine, 1)} ms on the machine, the server ${f(c.server, 1)} ms${env.DATABASE_URL ? `, PostgreSQL ${f(c.database, 1)} ms` : ''}`
          : `checkout  ${label}: the back office NOT done ${SETTLE_SECONDS} s after the last order, still due: ${steady.stillWaiting.map((w) => `${w.queue} ${w.waiting}`).join(', ') || 'nothing (the server still busy)'}; CPU per order so far: ${f(c.machine, 1)} ms on the machine, the server ${f(c.server, 1)} ms${env.DATABASE_URL ? `, PostgreSQL ${f(c.database, 1)} ms` : ''}`,
      );
    }
    out.push(`checkout  ${label}: jobs that waited for a pause in the requests during the load (decisions 140 and 143): ${steady.jobWaits.jobs}, ${f(steady.jobWaits.seconds, 1)} s in all`);
    if (steady.statementsPerOrder !== null) {
      out.push(`checkout  ${label}: ${f(steady.statementsPerOrder, 1)} SQL statements per order on the request path (quote to paid, BEGIN/COMMIT included; the budget test counts 10 that do work + 2 for one order without the double click; goal 10 that do work)${steady.backgroundPerOrder !== null ? `; the jobs meanwhile ${f(steady.backgroundPerOrder, 1)} per order (receipt, hand-off, the job queue's own)` : ''}`);
    }
    out.push(`checkout  ${label}: errors ${errors.length}${errors.length ? ` (${errors[0]!.error})` : ''}, lost ${lost}, doubled ${doubled}, paid orders ${paidOrders - warm.length}/${flows.length}: ${failed ? 'FAILED' : 'OK'}`);
    return { section: { failed, lines: out }, steadyPerSecond: steady.perSecond, burstPerSecond: burst.perSecond };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function checkoutUnderLoad(port = 4304): Promise<BenchSection> {
  if (!fs.existsSync(SERVER)) throw new Error('Build the server first: npm run build:server');
  const rates: Record<string, DatabaseResult> = {};
  const section = await onEachDatabase('checkout', async (database, env) => {
    const result = await onDatabase(database, port, env);
    rates[database] = result;
    return result.section;
  });
  const [lite, full] = [rates.PGlite, rates.PostgreSQL];
  if (lite && full) {
    section.lines.push(
      `checkout  PGlite / PostgreSQL: ${f(lite.steadyPerSecond / full.steadyPerSecond, 2)} at ${STEADY_BUYERS} buyers, ${f(lite.burstPerSecond / full.burstPerSecond, 2)} at ${BURST} (goal ≥ 0.5)`,
    );
  }
  return section;
}

await runWhenMain(import.meta, checkoutUnderLoad);
