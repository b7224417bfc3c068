import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { processMetricsText, shareProcessMetrics } from '@/server/cluster';
import { forbidden } from '@/server/lib/http-errors';

/**
 * `GET /metrics` (issue 24, docs/operations.md): the shop's vital signs in Prometheus' text format, through
 * prom-client. Per process: HTTP requests (duration by matched route — the route's pattern, never the raw URL — and
 * status), the database pool, the render pool, memory and the event loop. From the database, the same in every
 * process (scrape one, or take max() across them): orders placed and paid, failed payments, refunds, the mail
 * outbox's backlog and each job queue's depth and oldest wait. One scrape costs two SQL statements.
 *
 * Access: with METRICS_TOKEN set, only `Authorization: Bearer <token>`; unset, only a client on a loopback or
 * private address — as the server resolved it (TRUST_PROXY), and never a request forwarded by a proxy the server
 * does not trust (its address would be the proxy's).
 */
export function registerMetrics(app: FastifyInstance) {
  // This process's series, and those read from the database (the same in every process). With several server
  // processes (docs/decisions/116) a scrape shows every process's own series, labelled process="1"…"N".
  const registry = new Registry();
  const fromDatabase = new Registry();
  shareProcessMetrics([processMetrics(), registry]);

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // This process's gauges are read when collected, so a scrape answered by another server process sees them fresh.
  const gauge = (name: string, help: string, labelNames: readonly string[] = [], registers = [registry]) =>
    new Gauge({ name, help, labelNames, registers, ...(registers[0] === registry ? { collect: refreshProcess } : {}) });
  /** A counter whose total is read from the database at each scrape (it only grows: orders are never deleted). */
  const total = (name: string, help: string) => new Counter({ name, help, registers: [fromDatabase] });

  const dbPool = gauge('certifiable_db_pool_connections', 'PostgreSQL pool connections by state (total, idle, waiting requests, max).', ['state']);
  const dbStatements = gauge(
    'certifiable_db_statements',
    'PostgreSQL statements this process has sent since it started, by pool (requests, background jobs); BEGIN and COMMIT count.',
    ['pool'],
  );
  const renderQueue = gauge('certifiable_render_queue', 'Certificate renders waiting for a render process.');
  const renderRunning = gauge('certifiable_render_running', 'Certificate renders being drawn now.');
  const renders = gauge('certifiable_renders', 'Certificate renders since the process started, by result (completed, failed, refused).', ['result']);
  const renderSeconds = gauge('certifiable_render_seconds', 'Time spent drawing the completed renders since the process started.');
  const renderCollections = gauge('certifiable_render_collections', 'Full garbage collections the render processes ran after a render (past half their memory budget) since the process started.');
  const jobWaits = gauge('certifiable_job_waits_for_requests', 'Jobs that waited for a pause in the requests before running (decisions 140 and 143) since the process started.');
  const jobWaitSeconds = gauge('certifiable_job_waits_for_requests_seconds', 'Time those jobs waited in all (each at most JOBS_WAIT_FOR_REQUESTS_MS, or its queue\'s longer bound).');
  const ordersPlaced = total('certifiable_orders_placed_total', 'Orders placed (checkouts that wrote an order).');
  const ordersPaid = total('certifiable_orders_paid_total', 'Orders paid.');
  const paymentsFailed = total('certifiable_payments_failed_total', 'Payments that failed (declined, expired or refused).');
  const refunds = total('certifiable_refunds_total', 'Refunds that went through.');
  const mailBacklog = gauge('certifiable_mail_backlog', 'Mails queued or being sent, not yet handed to SMTP.', [], [fromDatabase]);
  const mailOldest = gauge('certifiable_mail_backlog_oldest_seconds', 'Age of the oldest mail not yet handed to SMTP.', [], [fromDatabase]);
  const jobDepth = gauge('certifiable_job_queue_depth', 'Jobs waiting in a queue (due now or later, not yet taken).', ['queue'], [fromDatabase]);
  const jobOldest = gauge('certifiable_job_queue_oldest_seconds', 'How long the oldest due job of a queue has waited.', ['queue'], [fromDatabase]);

  function refreshProcess() {
    const pool = app.database.poolUse?.();
    if (pool) for (const [state, n] of Object.entries(pool)) dbPool.set({ state }, n);
    const sent = app.database.statementsSent?.();
    if (sent) for (const [pool, n] of Object.entries(sent)) dbStatements.set({ pool }, n);
    if (app.requestsFirst) {
      jobWaits.set(app.requestsFirst.waits);
      jobWaitSeconds.set(app.requestsFirst.waitedMs / 1000);
    }
    const render = app.renderer.poolStats;
    if (render) {
      renderQueue.set(render.queued);
      renderRunning.set(render.running);
      for (const result of ['completed', 'failed', 'refused'] as const) renders.set({ result }, render[result]);
      renderSeconds.set(render.renderMs / 1000);
      renderCollections.set(render.collections);
    }
  }

  async function refresh() {
    // The owners' tables, read only (as the dashboard does): one statement for all of them.
    const [row] = await app.database.rows<Record<string, number | string>>(sql`
      select (select count(*) from orders)::int as placed,
             (select count(*) from payment_sessions where paid_at is not null)::int as paid,
             (select count(*) from payment_transitions where to_status = 'failed')::int as failed,
             (select count(*) from refunds where status = 'succeeded')::int as refunds,
             (select count(*) from mail_outbox where status in ('queued', 'sending'))::int as mail_backlog,
             coalesce((select extract(epoch from now() - min(created_at)) from mail_outbox where status in ('queued', 'sending')), 0)::float8 as mail_oldest`);
    const set = (counter: Counter, value: unknown) => {
      counter.reset();
      counter.inc(Number(value ?? 0));
    };
    set(ordersPlaced, row?.placed);
    set(ordersPaid, row?.paid);
    set(paymentsFailed, row?.failed);
    set(refunds, row?.refunds);
    mailBacklog.set(Number(row?.mail_backlog ?? 0));
    mailOldest.set(Number(row?.mail_oldest ?? 0));
    for (const q of await app.jobs.backlog()) {
      jobDepth.set({ queue: q.queue }, q.waiting);
      jobOldest.set({ queue: q.queue }, q.oldestSeconds);
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, app.config.metricsToken, app.config.trustProxy !== false)) {
      throw forbidden('Metrics are for the operator: send the METRICS_TOKEN as a bearer token, or ask from a private network.');
    }
    await refresh();
    return reply.type(registry.contentType).send(`${await processMetricsText([processMetrics(), registry])}\n${await fromDatabase.metrics()}`);
  });
}

let processRegistry: Registry | null = null;

/**
 * prom-client's process metrics (memory, CPU, event loop, GC), once per process: each collection starts an event-loop
 * monitor and a GC observer that run for good, so an app built many times in one process (the tests) must not add
 * one each time.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** A loopback or private address (an IPv4 one written as IPv6 too). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  if (isIPv4(ip)) return PRIVATE.check(ip, 'ipv4');
  const bare = ip.split('%', 1)[0]!;
  return isIPv6(bare) && PRIVATE.check(bare, 'ipv6');
}

function mayScrape(request: FastifyRequest, token: string | undefined, proxiesTrusted: boolean): boolean {
  if (token) {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  // A forwarded request through a proxy we do not trust: its socket address is the proxy's, not the client's.
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded && !proxiesTrusted) return false;
  return isPrivateAddress(request.ip);
}
