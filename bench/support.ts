/** What the benchmarks that drive the BUILT server share: starting and stopping it, plain HTTP requests, percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER = path.join(root, 'dist', 'server', 'server.mjs');

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/** One section of `npm run bench`: its printed lines, and whether it failed (a budget exceeded, an error answer). */
export interface BenchSection {
  lines: string[];
  failed: boolean;
}

/** Runs a section when its file is run alone (`node --import tsx bench/<file>.ts`): prints it, exits 1 when it failed. */
export async function runWhenMain(meta: ImportMeta, section: () => Promise<BenchSection>): Promise<void> {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== path.resolve(meta.filename)) return;
  const result = await section();
  console.log(`\n${result.lines.join('\n')}\n`);
  if (result.failed) process.exit(1);
}

export const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export function request(
  url: string,
  options: { method?: string; json?: unknown; headers?: Record<string, string>; localAddress?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        // Connections are kept alive as a browser keeps them; the agent pools them per client address
        // (`localAddress` is part of its pool key), so a shopper's address stays its own.
        agent,
        localAddress: options.localAddress,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...options.headers },
        timeout: options.timeoutMs ?? 180_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU milliseconds a process has used (user + system), from /proc; null off Linux or once it has ended. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/**
 * The minimal order write's tables and its two rows (issue 25's baseline: one transaction, an order row and a line
 * row), for the sections that measure it: the checkout bench under load, the order path's statements one by one.
 */
export const MINIMAL_WRITE = {
  tables: [
    'create table if not exists bench_minimal_orders (id uuid primary key default gen_random_uuid(), email text not null, total integer not null, created_at timestamptz not null default now())',
    'create table if not exists bench_minimal_lines (id uuid primary key default gen_random_uuid(), order_id uuid not null references bench_minimal_orders (id), sku text not null, quantity integer not null, unit_price integer not null)',
  ],
  order: { text: 'insert into bench_minimal_orders (email, total) values ($1, $2) returning id', values: ['shopper@example.test', 4900] },
  line: (orderId: string) => ({ text: 'insert into bench_minimal_lines (order_id, sku, quantity, unit_price) values ($1, $2, $3, $4)', values: [orderId, 'FRAME-A4-OAK', 1, 4900] }),
};

/**
 * The payments of orders a section seeded in SQL as BENCH-<i> (the payments module's table since issue 15): by i % 6,
 * paid three times in six, then partly refunded, wholly refunded, unpaid. Paid when placed.
 */
export const BENCH_ORDER_PAYMENTS = `
  insert into payment_sessions (order_id, provider, status, amount, currency, paid_at, captured_total, refunded_total, created_at, updated_at)
  select o.id, 'test', (array['paid','paid','paid','partially_refunded','refunded','unpaid'])[1 + n.i % 6], o.total, o.currency,
         case when n.i % 6 <> 5 then o.created_at end, case when n.i % 6 <> 5 then o.total else 0 end,
         case when n.i % 6 = 3 then 500 when n.i % 6 = 4 then o.total else 0 end, o.created_at, o.updated_at
  from orders o, lateral (select substr(o.number, 7)::int as i) n
  where o.number ~ '^BENCH-[0-9]+$'`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** How many timed calls `p50` makes (after its warm-up). */
export const P50_RUNS = 7;

/** Median wall time of P50_RUNS calls after one warm-up call (plans and caches), in ms. */
export async function p50(fn: () => Promise<unknown>, runs = P50_RUNS): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

/**
 * Starts a built server and resolves once /api/health answers 200. `server` picks another build than dist/server
 * (bench/server-start.ts's comparison line); `pollMs` how often health is asked (a start being timed asks often).
 */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  { server = SERVER, pollMs = 200 }: { server?: string; pollMs?: number } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '', // the embedded database, whatever the shell says
      LOG_LEVEL: 'warn',
      SEED: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code}`))));
  const deadline = Date.now() + 120_000;
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        if ((await request(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 2000 })).status === 200) return child;
      } catch {
        // not listening yet
      }
      await sleep(pollMs);
    }
    throw new Error(`${server} did not start within 120 s`);
  })();
  // A server that never became healthy is not left running behind the bench.
  return Promise.race([ready, exited]).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
}

/**
 * A fresh database on the PostgreSQL server (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres as
 * the maintenance database), dropped by `drop()`; null when no server answers.
 */
/**
 * Runs a section on the embedded database and on a fresh database of the PostgreSQL server (skipped, with a line
 * saying so, when there is none), in that order; `databases` picks which of the two.
 */
export async function onEachDatabase(
  label: string,
  run: (database: 'PGlite' | 'PostgreSQL', env: Record<string, string>) => Promise<BenchSection>,
  databases: readonly string[] = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(','),
): Promise<BenchSection> {
  const lines: string[] = [];
  let failed = false;
  const add = (section: BenchSection) => {
    lines.push(...section.lines);
    failed ||= section.failed;
  };
  if (databases.includes('pglite')) add(await run('PGlite', {}));
  if (databases.includes('postgres')) {
    const pgdb = await postgresDatabase();
    if (!pgdb) {
      lines.push(`${label} · PostgreSQL: skipped (no server at BENCH_DATABASE_URL or 127.0.0.1:5432)`);
    } else {
      try {
        add(await run('PostgreSQL', { DATABASE_URL: pgdb.url }));
      } finally {
        await pgdb.drop();
      }
    }
  }
  return { lines, failed };
}

export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `certifiable_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

