/**
 * The back office keeps up with the till: what happens after a payment — the receipt mail and the hand-off to the
 * printer — measured from outside, as an operator would see it, against the BUILT server (dist/server/server.mjs)
 * with its production defaults (no job-queue test tunings). The server sends mail to a loopback SMTP sink and
 * orders to a loopback Printful, both in this process: a receipt counts as "handed to SMTP" when the sink has
 * accepted it (matched by the order number in its subject), an order as "at the printer" when Printful got its
 * POST /orders (matched by the external id, the order uuid without dashes). Orders are placed through the public
 * API like bench/checkout-load.ts: POST /api/checkout of one A4 print with a shipping address, then paying with the
 * test card 4242 4242 4242 4242; "paid at" is when the pay request answered `succeeded`. Each order comes from its
 * own client address (X-Forwarded-For, the server trusting the loopback proxy), so the per-IP checkout limit holds.
 *
 *  1. Sustained: BENCH_BACKOFFICE_RATE paid orders per second (default 5) on a steady schedule — one order every
 *     1/rate s whatever the answers, not a closed loop — for BENCH_BACKOFFICE_SECONDS (default 180; 0 skips it).
 *     Printed: payment → receipt at the SMTP sink p50/p99 (goal p99 < 10 s) and payment → printer p50/p99, the
 *     backlog (paid but not yet mailed / not yet at the printer) every 10 s, and how long after the load stops
 *     until the backlog is zero (goal ≤ 60 s).
 *  2. Burst: 40 orders paid at once; from the last payment until all 40 are mailed and at the printer (goal ≤ 30 s).
 *     It runs first, right after a warm-up order, so it starts on an empty backlog however slow the sustained
 *     phase's drain is.
 *
 * Baseline of the same run: a direct nodemailer send of a small mail to the same sink (p50), on a new connection
 * each time (as the server's transport does) and on a kept one: what SMTP itself costs.
 *
 * Goals are reported (✓/✗), never enforced. The section fails only on an error answer, a lost order (paid, yet not
 * paid on its order page) or a missing receipt / printer hand-off: orders waiting while nothing at all reached the
 * sink or the printer for STALL_S. A back office that is slow but moving is waited for up to
 * BENCH_BACKOFFICE_DRAIN_LIMIT_SECONDS (default 600) after the last payment of a phase; what is still waiting then is
 * reported, not failed. Duplicate receipts are reported (delivery is at-least-once by design).
 * Runs on the embedded PGlite (a fresh DATA_DIR) and on a fresh database of the PostgreSQL server at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, skipped when none answers);
 * BENCH_BACKOFFICE_DATABASES=pglite or =postgres picks one.
 * Run alone with `node --import tsx bench/back-office.ts` after `npm run build`.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startPrintfulServer, type PrintfulServer } from '../src/server/test/loopback/printful-server';
import { startSmtpSink } from '../src/server/test/loopback/smtp-sink';
import { prepareShopLinkedToPrintful } from '../src/server/test/printful-linked-shop';
import { onEachDatabase, p50, percentile, request, runWhenMain, SERVER, sleep, startServer, stopServer, type Answer, type BenchSection } from './support';

const SECONDS = Number(process.env.BENCH_BACKOFFICE_SECONDS ?? 180);
const RATE = Number(process.env.BENCH_BACKOFFICE_RATE ?? 5);
const BURST = 40;
const DATABASES = (process.env.BENCH_BACKOFFICE_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim().toLowerCase());
/** How long after a phase's last payment the bench waits for a slow but moving back office to catch up. */
const DRAIN_LIMIT_S = Number(process.env.BENCH_BACKOFFICE_DRAIN_LIMIT_SECONDS ?? 600);
/**
 * Nothing reached the sink or the printer for this long while orders wait: what waits is missing. Longer than the
 * server's first job retry (JOBS_RETRY_DELAY_SECONDS, 30 s) and Printful timeout (20 s) together.
 */
const STALL_S = 120;
/** The warm-up order must be mailed and at the printer within this: else the set-up is wrong, not merely slow. */
const WARM_UP_LIMIT_S = 120;
const SAMPLE_EVERY_S = 10;
/** Printful's answer to POST /orders: a fast provider, so the figures are the shop's own. */
const PRINTFUL_ANSWER_MS = 75;
const GOALS = { receiptP99S: 10, drainS: 60, burstS: 30 };

const json = <T>(a: Answer) => JSON.parse(a.body.toString()) as T;
/** Our order id as Printful's external_id (src/server/modules/fulfilment/fulfilment.service.ts `externalIdOf`). */
const externalIdOf = (orderId: string) => orderId.replace(/-/g, '').toLowerCase();
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const s = (ms: number, d = 1) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(d)} s` : '–');

/**
 * When each receipt reached the SMTP sink and each order reached the printer, on this process's clock
 * (performance.now()). The loopbacks keep what they received in arrays; these are read every 5 ms, so an arrival
 * is stamped within that (plus this process's event-loop lag) of the moment it was accepted.
 */
function watchArrivals(sink: Awaited<ReturnType<typeof startSmtpSink>>, printful: PrintfulServer) {
  /** order number → first receipt */
  const receipts = new Map<string, number>();
  /** external id → first POST /orders */
  const atPrinter = new Map<string, number>();
  let duplicateReceipts = 0;
  let lastArrival = performance.now();
  let mailsSeen = 0;
  let requestsSeen = 0;
  const scan = () => {
    const now = performance.now();
    for (; mailsSeen < sink.mails.length; mailsSeen++) {
      const number = /^Order (\S+) confirmed/.exec(sink.mails[mailsSeen]!.subject)?.[1];
      if (!number) continue;
      lastArrival = now;
      if (receipts.has(number)) duplicateReceipts++;
      else receipts.set(number, now);
    }
    for (; requestsSeen < printful.requests.length; requestsSeen++) {
      const r = printful.requests[requestsSeen]!;
      if (r.method !== 'POST' || r.path !== '/orders') continue;
      const externalId = (r.body as { external_id?: string } | null)?.external_id;
      if (!externalId) continue;
      lastArrival = now;
      if (!atPrinter.has(externalId)) atPrinter.set(externalId, now);
    }
  };
  const timer = setInterval(scan, 5);
  return {
    receipts,
    atPrinter,
    duplicateReceipts: () => duplicateReceipts,
    /** when a receipt or a POST /orders last arrived */
    lastArrival: () => lastArrival,
    stop: () => clearInterval(timer),
  };
}
type Arrivals = ReturnType<typeof watchArrivals>;

interface Order {
  startedAt: number;
  id: string | null;
  number: string | null;
  token: string | null;
  /** when the pay request answered `succeeded` */
  paidAt: number | null;
  error: string | null;
}

interface Shop {
  base: string;
  /** the checkout body of shopper n */
  body: (n: number) => unknown;
}

/** Each order from its own client address: 10.a.b.c from its serial number. */
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One shopper: checkout, then pay with the test card. */
async function placeOrder(shop: Shop, n: number): Promise<Order> {
  const order: Order = { startedAt: performance.now(), id: null, number: null, token: null, paidAt: null, error: null };
  const headers = { 'x-forwarded-for': clientAddress(n) };
  try {
    const checkout = await request(`${shop.base}/api/checkout`, { method: 'POST', json: shop.body(n), headers: { ...headers, 'idempotency-key': `bench-${randomUUID()}` } });
    if (checkout.status !== 200) throw new Error(`checkout ${checkout.status}: ${checkout.body.toString().slice(0, 200)}`);
    const placed = json<{ order_id: string; order_number: string; payment_url: string; access_token: string }>(checkout);
    Object.assign(order, { id: placed.order_id, number: placed.order_number, token: placed.access_token });
    const pay = await request(`${shop.base}/api/test-payments/${placed.payment_url.split('/').pop()}/pay`, {
      method: 'POST',
      json: { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: `Shopper ${n}` },
      headers,
    });
    if (pay.status !== 200 || json<{ status: string }>(pay).status !== 'succeeded') throw new Error(`pay ${pay.status}: ${pay.body.toString().slice(0, 200)}`);
    order.paidAt = performance.now();
  } catch (err) {
    order.error = (err as Error).message;
  }
  return order;
}

const mailedAt = (a: Arrivals, o: Order) => (o.number ? a.receipts.get(o.number) : undefined);
const printedAt = (a: Arrivals, o: Order) => (o.id ? a.atPrinter.get(externalIdOf(o.id)) : undefined);
const paid = (orders: Order[]) => orders.filter((o) => o.paidAt !== null);
const lastPaidAt = (orders: Order[]) => Math.max(...paid(orders).map((o) => o.paidAt!));

/** Paid orders not yet mailed / not yet at the printer. */
function backlog(a: Arrivals, orders: Order[]) {
  const p = paid(orders);
  return { paid: p.length, unmailed: p.filter((o) => mailedAt(a, o) === undefined).length, unprinted: p.filter((o) => printedAt(a, o) === undefined).length };
}

type Wait = 'cleared' | 'stalled' | 'capped';

/**
 * Until every paid order is mailed and at the printer ('cleared'); 'stalled' when nothing at all arrived for
 * STALL_S meanwhile (what waits is missing); 'capped' at `deadline` while still moving (slow, not missing).
 */
async function drained(a: Arrivals, orders: Order[], deadline: number): Promise<Wait> {
  const waitingSince = performance.now();
  for (;;) {
    const b = backlog(a, orders);
    if (b.unmailed === 0 && b.unprinted === 0) return 'cleared';
    if (performance.now() - Math.max(a.lastArrival(), waitingSince) > STALL_S * 1000) return 'stalled';
    if (performance.now() > deadline) return 'capped';
    await sleep(50);
  }
}

/** The latest arrival over the paid orders, minus `from`; NaN while any is missing. */
function lastArrivalAfter(orders: Order[], at: (o: Order) => number | undefined, from: number): number {
  const times = paid(orders).map(at);
  if (times.some((t) => t === undefined)) return Number.NaN;
  return Math.max(0, ...times.map((t) => t! - from));
}

/** p50/p99 of payment → arrival over the paid orders that arrived, and how many did. */
function delays(orders: Order[], at: (o: Order) => number | undefined) {
  const ms = paid(orders).flatMap((o) => {
    const t = at(o);
    return t === undefined ? [] : [t - o.paidAt!];
  });
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), arrived: ms.length };
}

/** What SMTP itself costs: p50 of a small mail to the same sink, a new connection each time (like the server's transport) and on a kept one. */
async function smtpBaseline(url: string): Promise<{ fresh: number; kept: number }> {
  const mail = { from: 'bench@example.test', to: 'baseline@example.test', subject: 'SMTP baseline', text: 'A small mail.' };
  const fresh = nodemailer.createTransport({ url });
  const pooled = nodemailer.createTransport({ url, pool: true, maxConnections: 1 });
  try {
    return { fresh: await p50(() => fresh.sendMail(mail)), kept: await p50(() => pooled.sendMail(mail)) };
  } finally {
    fresh.close();
    pooled.close();
  }
}

/** How many orders whose pay request succeeded do not say paid on their order page (asked a few at a time). */
async function lostOrders(base: string, orders: Order[]): Promise<number> {
  const p = paid(orders);
  let lost = 0;
  for (let i = 0; i < p.length; i += 8) {
    const statuses = await Promise.all(
      p.slice(i, i + 8).map(async (o) => {
        const page = await request(`${base}/api/orders/${o.id}?token=${encodeURIComponent(o.token!)}`);
        return page.status === 200 ? json<{ status: string }>(page).status : `HTTP ${page.status}`;
      }),
    );
    lost += statuses.filter((st) => !['paid', 'in_production', 'shipped'].includes(st)).length;
  }
  return lost;
}

async function onDatabase(label: string, port: number, env: Record<string, string>): Promise<BenchSection> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-bench-back-office-'));
  const sink = await startSmtpSink();
  const printful = await startPrintfulServer();
  // The seeded A4 print as a product of the Printful store, linked to its sync variant before the first start (Printful
  // takes items only by its own variant), as the fault tests do.
  const { variants } = printful.addSyncProduct({ name: 'Certificate print', variants: [{ variantId: 6239, retailPrice: '24.00', sku: 'PRINT-A4' }] });
  await prepareShopLinkedToPrintful(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir }, { 'PRINT-A4': variants[0]!.id });
  printful.answerOrdersAfter(PRINTFUL_ANSWER_MS);
  const arrivals = watchArrivals(sink, printful);
  const tag = `back office · ${label}`;
  const lines: string[] = [];
  let server: ChildProcess | undefined;
  try {
    server = await startServer(port, dataDir, {
      ...env,
      SMTP_URL: sink.url,
      PRINTFUL_API_TOKEN: printful.token,
      PRINTFUL_WEBHOOK_SECRET: 'bench-back-office-webhook-secret',
      PRINTFUL_API_URL: printful.url,
      // Each order names its own client address in X-Forwarded-For (the per-IP checkout limit).
      TRUST_PROXY: 'loopback',
    });
    const base = `http://127.0.0.1:${port}`;
    const catalogue = json<{ products: { variants: { id: string; sku: string }[] }[] }>(await request(`${base}/api/store/products`));
    const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'PRINT-A4');
    if (!variant) throw new Error('no PRINT-A4 variant in the seeded store');
    const awards = json<{ id: string }[]>(await request(`${base}/api/awards`));
    const shop: Shop = {
      base,
      body: (n) => ({
        email: `shopper-${n}@example.test`,
        lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: awards[0]!.id, recipient_name: `Recipient ${n}` } }],
        shipping_address: { name: `Shopper ${n}`, line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
        shipping_method: 'standard',
      }),
    };
    let serial = 1;
    const all: Order[] = [];
    const waits: Wait[] = [];
    const loadBefore = os.loadavg();
    const smtp = await smtpBaseline(sink.url);
    const smtpText = `${smtp.fresh.toFixed(1)} ms on a new connection, ${smtp.kept.toFixed(1)} ms on a kept one`;

    // Warm-up: one order through the whole pipeline (compiles queries, opens connections, and proves the set-up:
    // a receipt missing here is a wrong configuration, not a slow back office).
    const warmUp = await placeOrder(shop, serial++);
    all.push(warmUp);
    if (warmUp.error) throw new Error(`warm-up order: ${warmUp.error}`);
    if ((await drained(arrivals, [warmUp], performance.now() + WARM_UP_LIMIT_S * 1000)) !== 'cleared') {
      throw new Error(`the warm-up order was not ${mailedAt(arrivals, warmUp) === undefined ? 'mailed' : 'at the printer'} within ${WARM_UP_LIMIT_S} s`);
    }
    const warmUpMs = Math.max(mailedAt(arrivals, warmUp)!, printedAt(arrivals, warmUp)!) - warmUp.paidAt!;

    // 2. Burst (run first, on an empty backlog): BURST orders at once.
    const burstStarted = performance.now();
    const burst = await Promise.all(Array.from({ length: BURST }, () => placeOrder(shop, serial++)));
    all.push(...burst);
    const burstPaid = lastPaidAt(burst);
    waits.push(await drained(arrivals, burst, burstPaid + DRAIN_LIMIT_S * 1000));
    const burstPrinter = lastArrivalAfter(burst, (o) => printedAt(arrivals, o), burstPaid);
    const burstMailed = lastArrivalAfter(burst, (o) => mailedAt(arrivals, o), burstPaid);
    const burstLeft = backlog(arrivals, burst);
    const burstOk = Math.max(burstPrinter, burstMailed) <= GOALS.burstS * 1000;
    const burstLine =
      `${tag}  burst ${BURST}: ${paid(burst).length} paid in ${s(burstPaid - burstStarted)}; after the last payment all at the printer +${s(burstPrinter)}, all mailed +${s(burstMailed)} (goal ≤ ${GOALS.burstS} s ${mark(burstOk)})` +
      (waits.at(-1) === 'cleared' ? '' : `; ${waits.at(-1)} with ${burstLeft.unmailed} not mailed, ${burstLeft.unprinted} not at the printer`);

    // 1. Sustained: a steady schedule, one order every 1/RATE s, each sent whether or not the earlier ones answered.
    let summary = `${tag}  sustained: skipped (BENCH_BACKOFFICE_SECONDS=0)`;
    const details: string[] = [];
    if (SECONDS > 0) {
      const count = Math.round(SECONDS * RATE);
      /** the orders as their payments answer, so the samples see the backlog grow */
      const sustained: Order[] = [];
      const samples: string[] = [];
      const started = performance.now();
      const sampler = setInterval(() => {
        const b = backlog(arrivals, sustained);
        const at = Math.round((performance.now() - started) / 1000);
        samples.push(`${at} s ${b.unmailed}/${b.unprinted}`);
        // Progress on stderr: with a slow back office this phase takes many minutes.
        console.error(`${tag}  +${at} s: ${b.paid} paid, ${b.unmailed} not mailed, ${b.unprinted} not at the printer`);
      }, SAMPLE_EVERY_S * 1000);
      try {
        const flows: Promise<unknown>[] = [];
        for (let i = 0; i < count; i++) {
          const wait = started + (i * 1000) / RATE - performance.now();
          if (wait > 0) await sleep(wait);
          flows.push(placeOrder(shop, serial++).then((o) => sustained.push(o)));
        }
        const sentS = (performance.now() - started) / 1000;
        await Promise.all(flows);
        all.push(...sustained);
        // The load stops when the last payment has answered.
        const stoppedAt = lastPaidAt(sustained);
        waits.push(await drained(arrivals, sustained, stoppedAt + DRAIN_LIMIT_S * 1000));
        const drainMs = Math.max(
          lastArrivalAfter(sustained, (o) => mailedAt(arrivals, o), stoppedAt),
          lastArrivalAfter(sustained, (o) => printedAt(arrivals, o), stoppedAt),
        );
        const receipt = delays(sustained, (o) => mailedAt(arrivals, o));
        const printer = delays(sustained, (o) => printedAt(arrivals, o));
        const till = sustained.flatMap((o) => (o.paidAt === null ? [] : [o.paidAt - o.startedAt]));
        const paidCount = paid(sustained).length;
        const left = backlog(arrivals, sustained);
        const of = (n: number) => (n === paidCount ? '' : ` of the ${n} that arrived`);
        const receiptOk = receipt.arrived === paidCount && receipt.p99 < GOALS.receiptP99S * 1000;
        const drainText = Number.isFinite(drainMs)
          ? `${s(drainMs)} (goal ≤ ${GOALS.drainS} s ${mark(drainMs <= GOALS.drainS * 1000)})`
          : `> ${DRAIN_LIMIT_S} s, ${waits.at(-1)} with ${left.unmailed} not mailed, ${left.unprinted} not at the printer (goal ≤ ${GOALS.drainS} s ✗)`;
        summary =
          `${tag}  sustained ${RATE.toFixed(1)}/s × ${SECONDS} s: ${paidCount} paid, receipt p50 ${s(receipt.p50)} p99 ${s(receipt.p99)}${of(receipt.arrived)} ` +
          `(goal < ${GOALS.receiptP99S} s ${mark(receiptOk)}; SMTP alone p50 ${smtpText}), backlog zero after stop ${drainText}`;
        details.push(
          `${tag}  the till: ${count} orders sent in ${sentS.toFixed(1)} s, checkout + pay p50 ${s(percentile(till, 50), 2)} p99 ${s(percentile(till, 99), 2)}; ` +
            `payment → printer p50 ${s(printer.p50)} p99 ${s(printer.p99)}${of(printer.arrived)}`,
          `${tag}  backlog every ${SAMPLE_EVERY_S} s from the start (not mailed/not at the printer):`,
          // A dozen samples a line.
          ...Array.from({ length: Math.ceil(samples.length / 12) }, (_, i) => `${tag}    ${samples.slice(i * 12, i * 12 + 12).join(' · ')}`),
        );
      } finally {
        clearInterval(sampler);
      }
    } else {
      details.push(`${tag}  SMTP alone p50 ${smtpText}`);
    }
    lines.push(summary, burstLine, ...details);

    // The proof: every order paid, and none missing at the sink or the printer.
    const errors = all.filter((o) => o.error);
    const lost = await lostOrders(base, all);
    const left = backlog(arrivals, all);
    const stalled = waits.includes('stalled');
    const failed = errors.length > 0 || lost > 0 || stalled;
    const load = os.loadavg();
    lines.push(
      `${tag}  ${paid(all).length} paid (warm-up order done in ${s(warmUpMs)}): errors ${errors.length}${errors.length ? ` (${errors[0]!.error})` : ''}, lost ${lost}, ` +
        `not mailed ${left.unmailed}, not at the printer ${left.unprinted}${stalled ? ` (nothing arrived for ${STALL_S} s: missing)` : left.unmailed + left.unprinted > 0 ? ' (still moving when the bench stopped waiting)' : ''}, ` +
        `duplicate receipts ${arrivals.duplicateReceipts()}; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${load.map((l) => l.toFixed(2)).join(' ')} after ` +
        `(1/5/15 min, ${os.availableParallelism()} cores): ${failed ? 'FAILED' : 'OK'}`,
    );
    return { failed, lines };
  } catch (err) {
    // What was measured before the failure, then the failure.
    return { failed: true, lines: [...lines, `${tag}  FAILED: ${(err as Error).message}`] };
  } finally {
    if (server) await stopServer(server);
    arrivals.stop();
    await printful.close();
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function backOffice(port = 4307): Promise<BenchSection> {
  if (!fs.existsSync(SERVER)) throw new Error('Build the server first: npm run build');
  return onEachDatabase('back office', (database, env) => onDatabase(database, port, env), DATABASES);
}

await runWhenMain(import.meta, backOffice);
