/**
 * PostgreSQL's own CPU for each statement of the order path (issue 25), beside the minimal order write's, on the same
 * server in the same run: one client runs each step BENCH_STATEMENT_RUNS times (2,000) as the checkout and the payment
 * run them — through the app's own functions — and the CPU of that database's backends is read from /proc around the
 * runs. It tells how much of the machine PostgreSQL needs per order before any concurrency, and so how close the
 * checkout can come to the minimal write on two shared cores (the checkout bench prints that ceiling under load).
 * The test processor's own two statements and the job queue's insert are not here: they are the stand-in for Stripe's
 * side of a payment and pg-boss's SQL. Run alone with `node --import tsx bench/order-statements.ts` (no build needed).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { createFulfilment } from '../src/server/modules/fulfilment/fulfilment.service';
import { lockOrderToRelease, moveOrder } from '../src/server/modules/orders/order-lifecycle';
import { insertOrder, type NewOrder } from '../src/server/modules/orders/orders.service';
import { payUnpaid } from '../src/server/modules/payments/payment-status';
import { attachProviderSession, newPayment } from '../src/server/modules/payments/payments.service';
import { countAttempt } from '../src/server/modules/security/rate-limit.service';
import { MINIMAL_WRITE, postgresDatabase, processCpuMs, runWhenMain, type BenchSection } from './support';

const RUNS = Number(process.env.BENCH_STATEMENT_RUNS ?? 2000);
const WARM_UP = 50;

/** CPU (ms) of every backend connected to database `name` now (0 for one not on this machine's /proc). */
async function backendsCpu(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
  return rows.reduce((ms, { pid }) => ms + (processCpuMs(pid) ?? 0), 0);
}

function newOrder(id: string): NewOrder & { id: string } {
  return {
    id,
    userId: null,
    email: 'shopper@example.test',
    currency: 'USD',
    subtotal: 4900,
    discountTotal: 0,
    shippingTotal: 500,
    taxTotal: 0,
    taxRateBps: 0,
    taxLines: [],
    pricesIncludeTax: false,
    total: 5400,
    discountCode: null,
    shippingMethod: 'standard',
    shippingLabel: 'Standard, 5–8 business days',
    shippingAddress: { name: 'Bench Shopper', line1: '1 Main Street', line2: '', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US', phone: '' },
    idempotencyKey: `bench-${randomUUID()}`,
    requestHash: 'bench',
    channel: 'shop',
    expiresAt: new Date(Date.now() + 3_600_000),
    lines: [
      {
        productId: null,
        variantId: null,
        sku: 'FRAME-A4-OAK',
        productName: 'Framed certificate',
        variantName: 'A4, Oak frame',
        unitPrice: 4900,
        quantity: 1,
        lineTotal: 4900,
        requiresShipping: true,
        design: { awardId: 'bench', awardTitle: 'Best Napper', templateId: 'classic-parchment', recipientName: 'Sam', shareId: null, certificateNumber: 'CERT-BENCH' },
      },
    ],
  };
}

export async function orderStatements(): Promise<BenchSection> {
  const target = await postgresDatabase();
  if (!target) return { lines: ['order statements  PostgreSQL: skipped (no server at BENCH_DATABASE_URL or 127.0.0.1:5432)'], failed: false };
  const name = new URL(target.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: target.url });
  let database: Database | undefined;
  try {
    await admin.connect();
    database = await openDatabase({ databaseUrl: target.url });
    await database.migrate();
    const db = database.db;
    const measured: { label: string; ms: number }[] = [];
    const step = async (label: string, run: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < WARM_UP; i++) await run(RUNS + i);
      const before = await backendsCpu(admin, name);
      for (let i = 0; i < RUNS; i++) await run(i);
      measured.push({ label, ms: ((await backendsCpu(admin, name)) - before) / RUNS });
    };

    // As the checkout bench writes it: node-postgres, the same texts with their parameter.
    for (const table of MINIMAL_WRITE.tables) await admin.query(table);
    await step('the minimal order write (BEGIN, an order row, a line row, COMMIT)', async () => {
      await admin.query('begin');
      const { rows } = await admin.query<{ id: string }>(MINIMAL_WRITE.order);
      await admin.query(MINIMAL_WRITE.line(rows[0]!.id));
      await admin.query('commit');
    });

    const ids = Array.from({ length: RUNS + WARM_UP }, () => randomUUID());
    // Ten orders an address, as the checkout bench's buyers place them: most counts update an existing counter.
    await step('the checkout: its rate-limit count', (i) => countAttempt(db, `10.0.${Math.floor(i / 2500)}.${Math.floor(i / 10) % 250}`, { attemptType: 'checkout', maxAttempts: 30, windowMinutes: 60 }));
    await step('the checkout: the order, its line, its event and its payment row', (i) =>
      insertOrder(db, newOrder(ids[i]!), 'customer', [newPayment({ orderId: ids[i]!, provider: 'test', amount: 5400, currency: 'USD' })]),
    );
    await step('the checkout: the provider session attached', (i) => attachProviderSession(db, ids[i]!, { id: `cs_bench_${i}`, url: `http://127.0.0.1/pay/test/cs_bench_${i}` }));
    await step('the payment: BEGIN, lock, paid, confirmed, hand-off, COMMIT', (i) =>
      db.transaction(async (tx) => {
        const id = ids[i]!;
        await lockOrderToRelease(tx, id);
        await payUnpaid(tx, { orderId: id, actor: 'provider', reason: 'Payment received', paymentId: `pi_bench_${i}`, sessionId: null, paymentMethodRef: null, amount: null });
        await moveOrder(tx, { orderId: id, from: 'pending', to: 'open', actor: 'provider', reason: 'Paid: the order is confirmed.' });
        await createFulfilment(tx, id, 'local');
      }),
    );

    const [minimal, ...order] = measured as [{ label: string; ms: number }, ...{ label: string; ms: number }[]];
    if (!(minimal.ms > 0)) return { lines: ['order statements  PostgreSQL: no CPU figures (the server is not on this machine)'], failed: false };
    const sum = order.reduce((a, s) => a + s.ms, 0);
    const f = (ms: number) => `${ms.toFixed(3)} ms`;
    return {
      lines: [
        `order statements  PostgreSQL, one client, ${RUNS} runs each: PostgreSQL's own CPU per run, and as a multiple of the minimal order write's`,
        ...measured.map((s) => `order statements    ${s.label}: ${f(s.ms)} (${(s.ms / minimal.ms).toFixed(1)}×)`),
        `order statements    the order path's own statements together: ${f(sum)} (${(sum / minimal.ms).toFixed(1)}× the minimal write; before the test processor's two and the job queue's one, and before concurrency)`,
      ],
      failed: false,
    };
  } finally {
    await database?.close();
    await admin.end().catch(() => undefined);
    await target.drop();
  }
}

await runWhenMain(import.meta, orderStatements);
