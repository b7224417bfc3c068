/**
 * Checkout under load (issue 9), against the BUILT server: 200 shoppers check out and pay at once with the
 * test card 4242 4242 4242 4242, each double-clicking "Pay" (the same checkout sent twice with one
 * Idempotency-Key). Run on the embedded PGlite and, when a PostgreSQL server is reachable
 * (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on a fresh database there.
 *
 * Baseline of the same run: 200 concurrent POST /api/store/quote of the same cart (the pricing alone, no
 * writes). Printed: orders per second, p99 of a whole checkout + payment, the ratio to the baseline, and the
 * proof: errors, orders lost (a shopper without a paid order) and orders doubled (more orders than shoppers).
 * Run alone with `node --import tsx bench/checkout-load.ts` after `npm run build:server`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onEachDatabase, percentile, request, SERVER, startServer, stopServer, type Answer, runWhenMain, type BenchSection } from './support';

const SHOPPERS = Number(process.env.BENCH_CHECKOUTS ?? 200);
/** The server allows 30 checkout requests per client address an hour; a double click is two: 10 shoppers share an address. */
const PER_ADDRESS = 10;
const ADMIN = { email: 'bench-admin@example.test', password: 'bench-admin-password' };

const json = <T>(a: Answer) => JSON.parse(a.body.toString()) as T;

interface Flow {
  ok: boolean;
  ms: number;
  orderId: string | null;
  token: string | null;
  doubleClickSameOrder: boolean;
  error: string | null;
}

async function checkoutAndPay(base: string, body: unknown, i: number): Promise<Flow> {
  const localAddress = `127.0.1.${1 + Math.floor(i / PER_ADDRESS)}`;
  const key = `bench-${randomUUID()}`;
  const started = performance.now();
  try {
    const send = () => request(`${base}/api/checkout`, { method: 'POST', json: body, headers: { 'idempotency-key': key }, localAddress });
    const [a, b] = await Promise.all([send(), send()]);
    if (a.status !== 200 || b.status !== 200) throw new Error(`checkout ${a.status}/${b.status}: ${(a.status !== 200 ? a : b).body.toString().slice(0, 200)}`);
    const first = json<{ order_id: string; payment_url: string; access_token: string }>(a);
    const second = json<{ order_id: string }>(b);
    const session = first.payment_url.split('/').pop()!;
    const paid = await request(`${base}/api/test-payments/${session}/pay`, {
      method: 'POST',
      json: { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: `Shopper ${i}` },
      localAddress,
    });
    if (paid.status !== 200 || json<{ status: string }>(paid).status !== 'succeeded') throw new Error(`pay ${paid.status}: ${paid.body.toString().slice(0, 200)}`);
    return { ok: true, ms: performance.now() - started, orderId: first.order_id, token: first.access_token, doubleClickSameOrder: first.order_id === second.order_id, error: null };
  } catch (err) {
    return { ok: false, ms: performance.now() - started, orderId: null, token: null, doubleClickSameOrder: false, error: (err as Error).message };
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

async function quoteBaseline(base: string, body: unknown) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) => request(`${base}/api/store/quote`, { method: 'POST', json: body, localAddress: `127.0.2.${1 + (i % 200)}` })),
  );
  const wallS = (performance.now() - started) / 1000;
  return { perSecond: SHOPPERS / wallS, p99: percentile(answers.map((a) => a.ms), 99), errors: answers.filter((a) => a.status !== 200).length };
}

async function onDatabase(label: string, port: number, env: Record<string, string>): Promise<BenchSection> {
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
    // Warm up (the first requests compile queries and fill caches), then measure baseline and checkout back to back.
    await checkoutAndPay(base, body, SHOPPERS + PER_ADDRESS);
    await quoteBaseline(base, { lines });
    const baseline = await quoteBaseline(base, { lines });

    const started = performance.now();
    const flows = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => checkoutAndPay(base, body, i)));
    const wallS = (performance.now() - started) / 1000;

    const errors = flows.filter((f) => !f.ok);
    const ids = new Set(flows.flatMap((f) => (f.orderId ? [f.orderId] : [])));
    const statuses = await Promise.all(
      flows.filter((f) => f.ok).map(async (f) => json<{ status: string }>(await request(`${base}/api/orders/${f.orderId}?token=${f.token}`)).status),
    );
    const lost = SHOPPERS - statuses.filter((s) => s === 'paid').length;
    const allOrders = await adminOrderCount(base);
    const paidOrders = await adminOrderCount(base, 'paid');
    // One warm-up order was placed before the measured run; a double click must have given one order.
    const doubled = allOrders - (1 + ids.size) + flows.filter((f) => f.ok && !f.doubleClickSameOrder).length;
    const ordersPerSecond = SHOPPERS / wallS;
    const p99 = percentile(flows.map((f) => f.ms), 99);
    const failed = errors.length > 0 || lost !== 0 || doubled !== 0 || paidOrders !== SHOPPERS + 1;
    const f = (n: number, d = 0) => n.toFixed(d);
    return {
      failed,
      lines: [
        `checkout  ${label}: ${SHOPPERS} concurrent checkouts + payments (each checkout double-clicked) in ${f(wallS, 1)} s: ${f(ordersPerSecond, 1)} orders/s, p99 ${f(p99)} ms per checkout + payment`,
        `checkout  ${label}: baseline ${SHOPPERS} concurrent cart quotes ${f(baseline.perSecond, 1)} quotes/s, p99 ${f(baseline.p99)} ms; ratio orders/quotes ${f(ordersPerSecond / baseline.perSecond, 2)}`,
        `checkout  ${label}: errors ${errors.length}${errors.length ? ` (${errors[0]!.error})` : ''}, lost ${lost}, doubled ${doubled}, paid orders ${paidOrders - 1}/${SHOPPERS}: ${failed ? 'FAILED' : 'OK'}`,
      ],
    };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function checkoutUnderLoad(port = 4304): Promise<BenchSection> {
  if (!fs.existsSync(SERVER)) throw new Error('Build the server first: npm run build:server');
  return onEachDatabase('checkout', (database, env) => onDatabase(database, port, env));
}

await runWhenMain(import.meta, checkoutUnderLoad);
