import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { expect } from 'vitest';
import type { CheckoutResult, StoreCatalogue } from '@/contract/shop';
import type { TestPaymentOutcome } from '@/contract/test-payments';
import { externalIdOf } from '../modules/fulfilment';
import type { FaultShop, Instance } from './fault-shop';
import { FAST_ANSWER_MS } from './fault-shop';
import { startSmtpSink } from './loopback/smtp-sink';

/**
 * The fault test of issue 23 (docs/order-pipeline.md "After a crash"): shoppers check out and pay with the test card
 * while the server process is killed with SIGKILL again and again and started again on the same database. Shoppers
 * behave as people do: a request that fails is sent again (the same checkout keeps its Idempotency-Key; "Pay" is
 * pressed again). Afterwards, with one reconciliation pass, every card charged maps to exactly one paid order, every
 * paid order is at the printer exactly once and mailed at least once, and no customer-visible order is half-made.
 * Everything is observed from outside: the processes, the loopback Printful, a loopback SMTP server, and the
 * database once it is quiet.
 */

export interface CrashFigures {
  database: string;
  shoppers: number;
  kills: number;
  charged: number;
  paidOrders: number;
  atPrinter: number;
  mailed: number;
  abandoned: number;
  gaveUp: number;
  /** Cards charged whose event the shop did not take at once (it was down): delivered later by the processor's job. */
  deliveredLate: number;
  /** Payments the reconciliation found at the provider. */
  reconciled: number;
  /** From the last restart until every paid order was at the printer and mailed. */
  settledSeconds: number;
  load: string;
}

interface Shopper {
  key: string;
  orderId: string | null;
  orderNumber: string | null;
  /** The shopper was told "succeeded" (the card was charged). */
  paid: boolean;
  gaveUp: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function checkoutCrash(shop: FaultShop, opts: { shoppers: number; kills: number; concurrency?: number }): Promise<CrashFigures> {
  const smtp = await startSmtpSink();
  const env = {
    SMTP_URL: smtp.url,
    JOBS_POLL_SECONDS: '0.5',
    JOBS_RETRY_DELAY_SECONDS: '1',
    // One reconciliation pass settles what a crash left: payments left unsettled a few seconds, orders whose page
    // never opened after six seconds (the production defaults are minutes; the rules are the same).
    RECONCILE_AFTER_SECONDS: '3',
    ORDER_UNOPENED_MINUTES: '0.1',
  };
  try {
    shop.printful.answerOrdersAfter(FAST_ANSWER_MS);
    let current: Instance = await shop.launch('1', env);
    /** Resolves once the server is up again after a kill. */
    let up: Promise<Instance> = Promise.resolve(current);
    let kills = 0;
    let lastRestart = Date.now();

    const catalogue = (await (await fetch(`${current.base}/api/store/products`)).json()) as StoreCatalogue;
    const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'PRINT-A4')!;
    const [award] = (await (await fetch(`${current.base}/api/awards`)).json()) as { id: string }[];
    const subnet = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

    /** A request that is sent again, as a person would, until the server answers it (a restart in between). */
    async function send(path: string, init: RequestInit & { ip: string }): Promise<Response> {
      for (let attempt = 0; attempt < 60; attempt++) {
        const instance = await up;
        try {
          const res = await fetch(`${instance.base}${path}`, { ...init, headers: { ...init.headers, 'x-forwarded-for': init.ip }, signal: AbortSignal.timeout(20_000) });
          if (res.status < 500) return res;
        } catch {
          // the process died under the request
        }
        await sleep(300);
      }
      throw new Error(`${path}: no answer after 60 tries`);
    }

    const shoppers: Shopper[] = [];
    let done = 0;
    const one = async (n: number): Promise<void> => {
      const s: Shopper = { key: `faults-${randomBytes(10).toString('hex')}`, orderId: null, orderNumber: null, paid: false, gaveUp: false };
      shoppers.push(s);
      const ip = `${subnet}.${(n % 250) + 1}`;
      const body = JSON.stringify({
        email: `crash-${n}@example.test`,
        lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: award!.id, recipient_name: `Recipient ${n}` } }],
        shipping_address: { name: `Dana ${n}`, line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
        shipping_method: 'standard',
      });
      const checkout = await send('/api/checkout', { method: 'POST', ip, headers: { 'content-type': 'application/json', 'idempotency-key': s.key }, body });
      if (checkout.status !== 200) {
        // The checkout expired between a crash and the retry: the shopper starts again (another key) — or gives up.
        s.gaveUp = true;
        return;
      }
      const order = (await checkout.json()) as CheckoutResult;
      s.orderId = order.order_id;
      s.orderNumber = order.order_number;
      const session = order.payment_url.split('/').pop()!;
      const paid = await send(`/api/test-payments/${session}/pay`, {
        method: 'POST',
        ip,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card_number: '4242424242424242', expiry: '12/34', cvc: '123' }),
      });
      if (paid.status === 200 && ((await paid.json()) as TestPaymentOutcome).status === 'succeeded') s.paid = true;
      else s.gaveUp = true;
    };

    // The killer: spreads its kills over the shoppers' progress, at moments that land anywhere in a checkout.
    const killAt = Array.from({ length: opts.kills }, (_, i) => Math.round(((i + 1) * opts.shoppers) / (opts.kills + 1)));
    const killer = (async () => {
      for (const at of killAt) {
        while (done < at) await sleep(20);
        await sleep(Math.floor(Math.random() * 150));
        const victim = current;
        let restarted!: (i: Instance) => void;
        up = new Promise((r) => (restarted = r));
        await shop.kill(victim);
        kills++;
        current = await shop.launch('1', env);
        lastRestart = Date.now();
        restarted(current);
      }
    })();

    let next = 0;
    await Promise.all(
      Array.from({ length: opts.concurrency ?? 6 }, async () => {
        while (next < opts.shoppers) {
          const n = next++;
          await one(n);
          done++;
        }
      }),
    );
    await killer;
    expect(kills).toBe(opts.kills);

    // Settled: every order a shopper paid for is at the printer and mailed (watched from outside).
    const paidShoppers = shoppers.filter((s) => s.paid);
    const settled = async () => {
      for (;;) {
        const missing = paidShoppers.filter(
          (s) => shop.printful.createdCount(externalIdOf(s.orderId!)) < 1 || !smtp.mails.some((m) => m.subject.includes(`Order ${s.orderNumber} confirmed`)),
        );
        if (!missing.length) return;
        if (Date.now() - lastRestart > 150_000) throw new Error(`${missing.length} paid orders not at the printer or not mailed: ${missing.map((m) => m.orderNumber).join(', ')}`);
        await sleep(250);
      }
    };
    await settled();
    const settledSeconds = (Date.now() - lastRestart) / 1000;
    // Let the last jobs finish (a mail retried, the backstop deliveries), then read the database.
    if (shop.onPostgres) await shop.jobsQuiet();
    else await shop.jobsDoneAsAdmin(current);

    const charged = await shop.rows<{ reference: string; payment_intent_id: string; order_id: string | null; status: string | null; provider_payment_id: string | null }>(
      `select t.reference, t.payment_intent_id, ps.order_id, ps.status, ps.provider_payment_id
         from test_payment_sessions t left join payment_sessions ps on ps.order_id::text = t.reference
        where t.payment_status = 'succeeded' and t.charged_from is null`,
    );
    // Every card charged maps to exactly one paid order, with that charge.
    expect(charged.filter((c) => c.status !== 'paid' || c.provider_payment_id !== c.payment_intent_id)).toEqual([]);
    expect(new Set(charged.map((c) => c.reference)).size).toBe(charged.length);
    // Every shopper told "succeeded" has a paid order; no order was charged that no shopper paid for.
    expect(new Set(charged.map((c) => c.reference))).toEqual(new Set(paidShoppers.map((s) => s.orderId)));

    const paidOrders = await shop.rows<{ id: string; number: string; fulfilment: string | null; provider_order_id: string | null }>(
      `select o.id, o.number, f.status as fulfilment, f.provider_order_id from orders o
         join payment_sessions ps on ps.order_id = o.id left join fulfilments f on f.order_id = o.id and f.part = 1
        where ps.status = 'paid'`,
    );
    // Each at the printer exactly once (one order created per external id, one POST), and mailed at least once.
    const posts = new Map<string, number>();
    for (const r of shop.printful.requests) {
      if (r.method === 'POST' && r.path === '/orders') posts.set((r.body as { external_id: string }).external_id, (posts.get((r.body as { external_id: string }).external_id) ?? 0) + 1);
    }
    const wrong = paidOrders
      .map((o) => ({ number: o.number, fulfilment: o.fulfilment, created: shop.printful.createdCount(externalIdOf(o.id)), mailed: smtp.mails.filter((m) => m.subject.includes(`Order ${o.number} confirmed`)).length }))
      .filter((o) => o.fulfilment !== 'submitted' || o.created !== 1 || o.mailed < 1);
    expect(wrong).toEqual([]);

    // No customer-visible order is half-made: every order has its lines and its payment; a waiting one has its page.
    const halfMade = await shop.rows<{ number: string; status: string; payment: string | null; lines: number; page: string | null }>(
      `select o.number, o.status, ps.status as payment, (select count(*)::int from order_lines l where l.order_id = o.id) as lines, ps.payment_url as page
         from orders o left join payment_sessions ps on ps.order_id = o.id
        where o.status <> 'abandoned'
          and (ps.order_id is null or (select count(*) from order_lines l where l.order_id = o.id) = 0
               or (o.status = 'pending' and ps.payment_url is null)
               or (o.status = 'open' and ps.status not in ('paid', 'partially_refunded', 'refunded')))`,
    );
    expect(halfMade).toEqual([]);
    const [{ abandoned }] = (await shop.rows<{ abandoned: number }>(`select count(*)::int as abandoned from orders where status = 'abandoned'`)) as [{ abandoned: number }];
    const [{ late }] = (await shop.rows<{ late: number }>(
      `select count(*)::int as late from test_payment_events where type = 'checkout.session.completed' and (attempts > 1 or delivered_at > created_at + interval '2 seconds')`,
    )) as [{ late: number }];
    const [{ reconciled }] = (await shop.rows<{ reconciled: number }>(
      `select count(*)::int as reconciled from payment_transitions where actor = 'reconciliation' and to_status = 'paid'`,
    )) as [{ reconciled: number }];

    return {
      database: shop.onPostgres ? 'PostgreSQL' : 'embedded PGlite',
      shoppers: opts.shoppers,
      kills,
      charged: charged.length,
      paidOrders: paidOrders.length,
      atPrinter: paidOrders.filter((o) => shop.printful.createdCount(externalIdOf(o.id)) === 1).length,
      mailed: paidOrders.filter((o) => smtp.mails.some((m) => m.subject.includes(`Order ${o.number} confirmed`))).length,
      abandoned,
      gaveUp: shoppers.filter((s) => s.gaveUp).length,
      deliveredLate: late,
      reconciled,
      settledSeconds,
      load: os.loadavg().map((l) => l.toFixed(2)).join(' '),
    };
  } finally {
    await smtp.close();
  }
}

export function printFigures(f: CrashFigures): void {
  console.info(
    [
      `\nfaults · kill -9 during checkouts and payments · ${f.database}`,
      `  ${f.shoppers} shoppers, ${f.kills} kills (SIGKILL, restarted on the same database)`,
      `  cards charged ${f.charged} → paid orders ${f.paidOrders}; at the printer exactly once ${f.atPrinter}; receipts mailed ${f.mailed}`,
      `  charged while the shop could not hear: ${f.deliveredLate} delivered later by the processor's job, ${f.reconciled} found by the reconciliation`,
      `  abandoned (never paid) ${f.abandoned}; shoppers who gave up ${f.gaveUp}`,
      `  settled ${f.settledSeconds.toFixed(1)} s after the last restart · load average ${f.load}`,
    ].join('\n'),
  );
}
