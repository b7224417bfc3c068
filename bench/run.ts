/**
 * `npm run bench`: measures, never asserts timings in tests. Prints, in this order,
 *  1. GET /api/awards throughput as a ratio to a bare Fastify JSON route serving the same
 *     bytes from memory, both measured in this run on this machine;
 *  2. server-rendered HTML throughput (bench/ssr-throughput.ts): the home page as served (kept until a change,
 *     decision 092) and rendered on every request, against a static file of the same bytes from the same built
 *     server, side by side — the goals of issue 11 (≥ 0.5× the static file, p99 < 50 ms at 16 connections) are
 *     reported, not enforced; then the product pages (/store?award=…, the certificate page, with and without
 *     click tags) against the cached home page at 50 connections (issue 25: ≥ 0.5×; decision 115);
 *  3. the public pages as a first visit sees them (bench/public-pages.ts): JavaScript per page against its
 *     budgets (home: 90 KB gzip before the content paint), and Lighthouse 13 scores against the goals of issue 11
 *     (BENCH_LIGHTHOUSE=0 skips Lighthouse, BENCH_PAGES=home,store picks pages);
 *  4. certificate rendering on the built server (bench/render-load.ts): first renders of a print PNG, a PDF and a
 *     share image against the renderer as it was (issue 25: a fifth of its time; decision 114), then 100 concurrent
 *     uncached print PNGs/PDFs — answers, peak resident memory, /api/health p99 meanwhile;
 *  5. checkout under load (bench/checkout-load.ts): on PGlite and on PostgreSQL (one server process per core there), 20
 *     buyers placing 200 orders and 200 buyers at once, paid with the test card — orders/s and p99 against the
 *     minimal order write on the same PostgreSQL server (one transaction: an order row and a line row, 20 clients),
 *     statements per order from the server's /metrics, PGlite's rate as a ratio to PostgreSQL's; errors, lost and
 *     doubled orders (issue 25's goals reported, not enforced; BENCH_DATABASES=postgres picks a database here and in
 *     the other sections run on both);
 *  6. analytics queries (bench/analytics-queries.ts): one million events over a year in a fresh embedded PGlite,
 *     rolled up; the year report's p50 against the same numbers from raw events and a count(*) (budget 1 s);
 *  7. CRM contacts (bench/crm-contacts.ts): 100,000 orders and 100,000 nominations in a fresh embedded PGlite; the
 *     contact sync, list pages and a contact page against contacts computed on read (budget 250 ms a first page);
 *  8. the audit log (bench/audit-list.ts): 50,000 admin changes and 300,000 security events in a fresh embedded PGlite;
 *     list pages against the first page sorted from the whole log (budget 250 ms a first page);
 *  9. the back office (bench/back-office.ts): on PGlite and on PostgreSQL, the built server with a loopback SMTP sink and
 *     a loopback Printful; 5 paid orders/s for 3 minutes, then a burst of 40 — payment → receipt p50/p99 (goal p99
 *     < 10 s) against a direct SMTP send, the backlog every 10 s and until it is zero after the load (goal ≤ 60 s),
 *     the burst until all are mailed and at the printer (goal ≤ 30 s); goals reported, not enforced
 *     (BENCH_BACKOFFICE_SECONDS=0 skips the sustained part, BENCH_BACKOFFICE_DATABASES=pglite picks a database);
 * 10. a server start (bench/server-start.ts): on PGlite and on PostgreSQL, a restart of the built server (npm packages
 *     bundled with it) against the same sources built with every package left to Node, as before decision 142 — time
 *     to /api/health and the CPU used to get there, p50 of BENCH_STARTS each, alternated;
 * 11. the order path's statements (bench/order-statements.ts): on PostgreSQL, one client, PostgreSQL's own CPU per run
 *     of each step of the checkout and the payment (the app's own functions) beside the minimal order write's.
 * Exits non-zero when a budget is exceeded, an order is lost or doubled, a paid order's receipt or printer hand-off
 * is missing, or a measured answer is an error or non-2xx.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { analyticsQueries } from './analytics-queries';
import { auditList } from './audit-list';
import { backOffice } from './back-office';
import { crmContacts } from './crm-contacts';
import { checkoutUnderLoad } from './checkout-load';
import { orderStatements } from './order-statements';
import { publicPages } from './public-pages';
import { renderUnderLoad } from './render-load';
import { serverStart } from './server-start';
import { ssrThroughput } from './ssr-throughput';

const root = path.resolve(import.meta.dirname, '..');
const distWeb = path.join(root, 'dist', 'web');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

function start(script: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, script), [], {
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', ...env },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(url: string) {
  const result = await autocannon({ url, connections: 16, duration: DURATION_S, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const fmt = (n: number, d = 1) => n.toFixed(d);

async function main() {
  if (!fs.existsSync(path.join(distWeb, 'index.html'))) throw new Error('Build first: npm run build');
  const appPort = 4301;
  const barePort = 4302;
  const app = await start('catalog-server.ts', appPort, { WEB_DIST_DIR: distWeb });
  let bare: ChildProcess | undefined;
  let failed = false;
  try {
    const payload = await (await fetch(`http://127.0.0.1:${appPort}/api/awards`)).text();
    bare = await start('bare-server.ts', barePort, { BARE_PAYLOAD: payload });

    // Warm both up, then measure the baseline and the app back to back in the same run.
    await autocannon({ url: `http://127.0.0.1:${barePort}/json`, connections: 8, duration: 2 });
    await autocannon({ url: `http://127.0.0.1:${appPort}/api/awards`, connections: 8, duration: 2 });
    const baseline = await load(`http://127.0.0.1:${barePort}/json`);
    const catalog = await load(`http://127.0.0.1:${appPort}/api/awards`);
    const search = await load(`http://127.0.0.1:${appPort}/api/awards?search=coffee`);

    console.log('\nCertifiable benchmarks (this machine, this run)\n');
    console.log(`baseline  bare Fastify JSON (${(payload.length / 1024).toFixed(1)} KB body)  ${fmt(baseline.rps, 0)} req/s  p99 ${baseline.p99} ms`);
    console.log(`catalog   GET /api/awards                   ${fmt(catalog.rps, 0)} req/s  p99 ${catalog.p99} ms  ratio ${fmt(catalog.rps / baseline.rps, 2)}`);
    console.log(`catalog   GET /api/awards?search=coffee     ${fmt(search.rps, 0)} req/s  p99 ${search.p99} ms  ratio ${fmt(search.rps / baseline.rps, 2)}`);
    console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite (in memory)'}; ${DURATION_S}s per run, 16 connections\n`);
  } finally {
    app.kill();
    bare?.kill();
  }
  // After the catalogue servers are gone: the sections below want the cores to themselves.
  for (const section of [ssrThroughput, publicPages, renderUnderLoad, checkoutUnderLoad, analyticsQueries, crmContacts, auditList, backOffice, serverStart, orderStatements]) {
    const result = await section();
    console.log(`${result.lines.join('\n')}\n`);
    failed ||= result.failed;
  }
  if (failed) process.exit(1);
}

await main();
