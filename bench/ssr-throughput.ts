/**
 * Server-rendered HTML throughput (issue 11): the home page as the BUILT server (dist/server/server.mjs) renders
 * it, against a static file of exactly the same bytes served by the same server (@fastify/static), measured side
 * by side in this run: goal ≥ 0.5× the static file's requests/s, p99 < 50 ms, at 16 connections. Goals are
 * reported, never fail the command; errors and non-2xx answers do.
 *
 * The server starts once, on a fresh temporary DATA_DIR with the embedded database, with WEB_DIST_DIR pointing at
 * a temporary copy of dist/web that also holds `bench-static.html`, the served uncompressed home page byte for byte.
 * What is measured, with a browser's navigation headers and, to compare like with like, no Accept-Encoding (the
 * same bytes sent by both; @fastify/compress would otherwise brotli the static file on every request while the page
 * is compressed once per version):
 *   - the static file: the baseline;
 *   - GET /: as the server serves it, a rendered page kept until something changes (docs/decisions/092) — the goal;
 *   - GET /?b=<n>: a new URL on every request, so every request renders (the render's own cost, reported);
 *   - GET / as a browser gets it (brotli, compressed once per version), for information.
 * Each line gets BENCH_SECONDS (8) in all, taken in BENCH_SSR_ROUNDS (4) turns with the other lines, so that the
 * machine's changing load falls on all of them alike: req/s over all turns, p99 the median turn's (and the worst).
 *
 * Then the product pages against the home page (issue 25: ≥ 0.5× the cached home page's rate, same run, same
 * connections), at PRODUCT_CONNECTIONS (50), in turns like the above: GET / as served (the baseline of this group),
 * the store's page of one award as the gallery links it (`/store?award=<id>`) and as a link shared on a social site
 * arrives (`/store?award=<slug>&fbclid=<n>`: the award's slug and a new click id on every request), the public page
 * of one certificate (`/certificate/<share id>`) and the same with a new click id on every request. Each line prints
 * its rate, p99 and ratio to the home page's rate (docs/decisions/115).
 * Run alone with `node --import tsx bench/ssr-throughput.ts` after a build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { agent, request, SERVER, startServer, stopServer, runWhenMain, type BenchSection } from './support';

const root = path.resolve(import.meta.dirname, '..');
const distWeb = path.join(root, 'dist', 'web');
const distSsr = path.join(root, 'dist', 'ssr');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
/** Each measurement is cut in this many slices taken in turn with the others, so that a change in the machine's
 * load during the run falls on every line alike rather than on one. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_SSR_ROUNDS ?? 4));
const CONNECTIONS = 16;
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 50;
const STATIC_FILE = 'bench-static.html';
/** Product pages against the home page: the connections of the issue's measurement. */
const PRODUCT_CONNECTIONS = 50;
const PRODUCT_GOAL_RATIO = 0.5;

/** What a browser sends when it navigates to a page (no cookies: the anonymous page). */
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'br, gzip',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};
const IDENTITY = Object.fromEntries(Object.entries(BROWSER).filter(([name]) => name !== 'accept-encoding'));

interface Load {
  requests: number;
  seconds: number;
  p99: number;
  bad: string | null;
}

async function load(base: string, target: string | (() => string), headers: Record<string, string>, duration: number, connections = CONNECTIONS): Promise<Load> {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    pipelining: 1,
    headers,
    requests: [
      typeof target === 'string'
        ? { method: 'GET', path: target }
        : {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: target() }),
          },
    ],
  });
  const bad = result.non2xx > 0 || result.errors > 0 ? `${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts)` : null;
  return { requests: result.requests.total, seconds: result.duration, p99: result.latency.p99, bad };
}

/** One certificate through the API, as a visitor makes it: its share id. */
async function createCertificate(base: string, awardId: string): Promise<string> {
  const csrf = await request(`${base}/api/auth/csrf`);
  const cookie = String(csrf.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const token = decodeURIComponent(cookie.split('=')[1] ?? '');
  const res = await request(`${base}/api/nominations`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': token },
    json: { award_id: awardId, nominee_name: 'Bench Nominee', reason: 'For serving the same page to fifty browsers at once.', nominator_name: 'The Benchmark' },
  });
  if (res.status !== 201) throw new Error(`nomination: ${res.status} ${res.body.toString().slice(0, 300)}`);
  return (JSON.parse(res.body.toString()) as { certificate: { share_id: string } }).certificate.share_id;
}

/** Req/s over all turns, p99 the median turn's (and the worst), errors. */
function summarise(s: Load[]) {
  const p99s = s.map((l) => l.p99).sort((a, b) => a - b);
  const bad = s.map((l) => l.bad).filter(Boolean);
  return {
    rps: s.reduce((sum, l) => sum + l.requests, 0) / s.reduce((sum, l) => sum + l.seconds, 0),
    p99: p99s[Math.floor(p99s.length / 2)]!,
    worstP99: p99s.at(-1)!,
    bad: bad.length ? bad.join('; ') : null,
  };
}

export async function ssrThroughput(port = 4306): Promise<BenchSection> {
  for (const file of [SERVER, path.join(distWeb, 'index.html'), path.join(distSsr, 'entry-server.js')]) {
    if (!fs.existsSync(file)) throw new Error(`Build first (npm run build): ${file} is missing`);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-bench-ssr-'));
  const web = path.join(tmp, 'web');
  const dataDir = path.join(tmp, 'data');
  fs.cpSync(distWeb, web, { recursive: true });
  // The server loads <web>/../ssr/entry-server.js. A link, not a copy: the bundle imports react & co. from
  // node_modules, found from its real path in the project (a copy under /tmp would find none).
  fs.symlinkSync(distSsr, path.join(tmp, 'ssr'), 'dir');
  fs.mkdirSync(dataDir);
  // @fastify/static (wildcard: false) serves the files present at start: the file must exist before the server
  // does; its bytes become the home page's once the server can render it.
  fs.writeFileSync(path.join(web, STATIC_FILE), 'placeholder');
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir, { WEB_DIST_DIR: web });
  try {
    const home = await request(`${base}/`, { headers: IDENTITY });
    if (home.status !== 200 || home.headers['content-encoding']) {
      throw new Error(`GET /: ${home.status} ${home.headers['content-encoding'] ?? ''}`.trim());
    }
    if (!home.body.includes('id="app-state"')) throw new Error('GET / is not server-rendered (no id="app-state"): is dist/ssr built?');
    fs.writeFileSync(path.join(web, STATIC_FILE), home.body);
    const file = await request(`${base}/${STATIC_FILE}`, { headers: IDENTITY });
    if (file.status !== 200 || !file.body.equals(home.body)) {
      throw new Error(`GET /${STATIC_FILE}: ${file.status}, ${file.body.length} bytes, not the ${home.body.length} bytes of the home page`);
    }

    // How the page is compressed for a browser.
    const encoded = async (p: string) => {
      const res = await request(`${base}${p}`, { headers: BROWSER });
      if (res.status !== 200) throw new Error(`GET ${p}: ${res.status}`);
      return {
        encoding: String(res.headers['content-encoding'] ?? 'identity'),
        kb: res.body.length / 1024,
      };
    };
    const pageBr = await encoded('/');

    let n = 0;
    const fresh = () => `/?b=${++n}`;
    // `goal`: compared with the static file against the issue's goals; the browser's line is information only.
    const runs = [
      { label: `static file (${(home.body.length / 1024).toFixed(1)} KB)`, target: `/${STATIC_FILE}` as string | (() => string), headers: IDENTITY, goal: false },
      { label: 'GET / (server-rendered, as served)', target: '/', headers: IDENTITY, goal: true },
      { label: 'GET /?b=<n> (rendered every request)', target: fresh, headers: IDENTITY, goal: false, ratio: true },
      { label: `GET / as a browser gets it (${pageBr.encoding} ${pageBr.kb.toFixed(1)} KB)`, target: '/', headers: BROWSER, goal: false },
    ];
    // Warm everything up, then measure back to back, in turns.
    for (const run of runs) await load(base, run.target, run.headers, 2, 8);
    const slices: Load[][] = runs.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, run] of runs.entries()) slices[i]!.push(await load(base, run.target, run.headers, Math.max(1, DURATION_S / ROUNDS)));
    }
    const results = slices.map(summarise);

    const f = (x: number, d = 0) => x.toFixed(d);
    const mark = (ok: boolean) => (ok ? '✓' : '✗');
    let failed = false;
    const lines = ['Server-rendered HTML against a static file of the same bytes (issue 11; same server, this run)'];
    results.forEach((r, i) => {
      const baseline = results[0]!;
      let line = `ssr       ${runs[i]!.label.padEnd(44)}${f(r.rps).padStart(6)} req/s  ${`p99 ${r.p99} ms (worst ${r.worstP99})`.padEnd(26)}`;
      const ratio = r.rps / baseline.rps;
      if (runs[i]!.goal) line += `  ratio ${f(ratio, 2)}  goal ≥ ${GOAL_RATIO} ${mark(ratio >= GOAL_RATIO)}, p99 < ${GOAL_P99_MS} ms ${mark(r.p99 < GOAL_P99_MS)}`;
      else if ('ratio' in runs[i]!) line += `  ratio ${f(ratio, 2)}  (a render's cost, no goal)`;
      if (r.bad) {
        line += `  ✗ ${r.bad}`;
        failed = true;
      }
      lines.push(line.trimEnd());
    });
    lines.push(
      `ssr       ${DURATION_S}s each in ${ROUNDS} turns, ${CONNECTIONS} connections, a browser's navigation headers without Accept-Encoding`,
      'ssr       (the same bytes both ways); p99: the median turn\'s (worst turn\'s). "As served": kept until a change (decision 092);',
      `ssr       "rendered every request": the render's own cost. The browser's line is ${pageBr.encoding}, compressed once per version.`,
    );

    // Product pages against the home page (issue 25), at the connections of the issue's measurement.
    const awards = JSON.parse((await request(`${base}/api/awards`)).body.toString()) as { id: string; slug: string; title: string }[];
    const award = awards[1] ?? awards[0]!;
    const shareId = await createCertificate(base, award.id);
    let click = 0;
    const product = [
      { label: 'GET / (home page, as served)', target: '/' as string | (() => string) },
      { label: 'GET /store?award=<id>', target: `/store?award=${award.id}` },
      { label: 'GET /store?award=<slug>&fbclid=<n>', target: () => `/store?award=${award.slug}&fbclid=${++click}` },
      { label: 'GET /certificate/<share id>', target: `/certificate/${shareId}` },
      { label: 'GET /certificate/<share id>?fbclid=<n>', target: () => `/certificate/${shareId}?fbclid=${++click}` },
    ];
    // Each is the page it claims to be: rendered, and the store's with the award chosen.
    const notes = new Map<number, string>();
    for (const [i, run] of product.entries()) {
      const page = await request(`${base}${typeof run.target === 'string' ? run.target : run.target()}`, { headers: IDENTITY });
      if (page.status !== 200 || !page.body.includes('id="app-state"')) throw new Error(`${run.label}: ${page.status}, not a server-rendered page`);
      if (run.label.includes('store') && !page.body.includes(`value="${award.id}" selected=""`)) notes.set(i, '(the award is not chosen on this page)');
    }
    const sizes = await Promise.all(['/', `/store?award=${award.id}`, `/certificate/${shareId}`].map(async (p) => (await request(`${base}${p}`, { headers: IDENTITY })).body.length / 1024));
    for (const run of product) await load(base, run.target, IDENTITY, 2, 8);
    const productSlices: Load[][] = product.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, run] of product.entries()) productSlices[i]!.push(await load(base, run.target, IDENTITY, Math.max(1, DURATION_S / ROUNDS), PRODUCT_CONNECTIONS));
    }
    const productResults = productSlices.map(summarise);
    lines.push('Product pages against the cached home page (issue 25; same server, this run)');
    productResults.forEach((r, i) => {
      const ratio = r.rps / productResults[0]!.rps;
      let line = `ssr       ${product[i]!.label.padEnd(44)}${f(r.rps).padStart(6)} req/s  ${`p99 ${r.p99} ms (worst ${r.worstP99})`.padEnd(26)}`;
      if (i > 0) line += `  ratio ${f(ratio, 2)}  goal ≥ ${PRODUCT_GOAL_RATIO} ${mark(ratio >= PRODUCT_GOAL_RATIO)}`;
      if (notes.has(i)) line += `  ${notes.get(i)}`;
      if (r.bad) {
        line += `  ✗ ${r.bad}`;
        failed = true;
      }
      lines.push(line.trimEnd());
    });
    lines.push(
      `ssr       ${DURATION_S}s each in ${ROUNDS} turns, ${PRODUCT_CONNECTIONS} connections, no Accept-Encoding; ratio: to GET / in this group.`,
      `ssr       Pages: home ${f(sizes[0]!, 1)} KB, store ${f(sizes[1]!, 1)} KB, certificate ${f(sizes[2]!, 1)} KB. <n>: a new click id on every request.`,
    );
    return { lines, failed };
  } finally {
    await stopServer(server);
    agent.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await runWhenMain(import.meta, ssrThroughput);
