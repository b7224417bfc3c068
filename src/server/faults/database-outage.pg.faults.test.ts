import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutResult, StoreCatalogue } from '@/contract/shop';
import type { TestPaymentOutcome } from '@/contract/test-payments';
import { FaultShop, type Instance } from '@/server/test/fault-shop';
import { OwnPostgres } from '@/server/test/own-postgres';

/**
 * Issue 24: the database goes away under load, for real. Two server processes take checkouts, payments and catalogue
 * reads from shoppers who retry as a browser would; the PostgreSQL server of this test's own is stopped for 30 s
 * (pg_ctl stop), then frozen (SIGSTOP: it takes connections and never answers). Every failure is a 503 with
 * Retry-After, answered fast; /readyz names the database; the processes recover by themselves; every card charged
 * is one paid order, at the printer once.
 */
vi.setConfig({ testTimeout: 600_000, hookTimeout: 180_000 });

interface Answer {
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  what: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Shoppers {
  readonly answers: Answer[] = [];
  readonly paid: string[] = [];
  #stopping = false;
  #running: Promise<void>[] = [];

  constructor(readonly instances: Instance[]) {}

  async #call(what: string, url: string, init?: RequestInit): Promise<Response | null> {
    const started = Date.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
      this.answers.push({ at: started, ms: Date.now() - started, status: res.status, retryAfter: res.headers.get('retry-after'), what });
      return res;
    } catch {
      this.answers.push({ at: started, ms: Date.now() - started, status: 0, retryAfter: null, what });
      return null;
    }
  }

  /** Sends until it is answered with something other than 503 (a shopper trying again). */
  async #persist(what: string, url: string, init: RequestInit): Promise<Response> {
    for (;;) {
      const res = await this.#call(what, url, init);
      if (res && res.status !== 503) return res;
      await sleep(500);
    }
  }

  start(catalogue: { variantId: string; awardId: string }, workers: number) {
    const subnet = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    let n = 0;
    const shopper = async () => {
      while (!this.#stopping) {
        const i = n++;
        const base = this.instances[i % this.instances.length]!.base;
        await this.#call('catalogue', `${base}/api/store/products`);
        const key = randomBytes(8).toString('hex');
        const checkout = await this.#persist('checkout', `${base}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `outage-${key}`, 'x-forwarded-for': `${subnet}.${(i % 250) + 1}` },
          body: JSON.stringify({
            email: `outage-${key}@example.test`,
            lines: [{ variant_id: catalogue.variantId, quantity: 1, design: { award_id: catalogue.awardId, recipient_name: `Recipient ${i}` } }],
            shipping_address: { name: `Dana ${i}`, line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
            shipping_method: 'standard',
          }),
        });
        expect(checkout.status, await checkout.clone().text()).toBe(200);
        const order = (await checkout.json()) as CheckoutResult;
        const paid = await this.#persist('pay', `${base}/api/test-payments/${order.payment_url.split('/').pop()}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ card_number: '4242424242424242', expiry: '12/34', cvc: '123' }),
        });
        expect(paid.status, await paid.clone().text()).toBe(200);
        expect(((await paid.json()) as TestPaymentOutcome).status).toBe('succeeded');
        this.paid.push(order.order_id);
      }
    };
    this.#running = Array.from({ length: workers }, shopper);
  }

  async stop() {
    this.#stopping = true;
    await Promise.all(this.#running);
  }

  between(from: number, to: number) {
    return this.answers.filter((a) => a.at >= from && a.at < to);
  }
}

async function readiness(instance: Instance) {
  const started = Date.now();
  const res = await fetch(`${instance.base}/readyz`);
  return { status: res.status, body: (await res.json()) as { ok: boolean; database: boolean; failing: { part: string; reason: string }[] }, ms: Date.now() - started };
}

function summary(answers: Answer[]) {
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const failed = answers.filter((a) => a.status >= 500 || a.status === 0);
  return { answers: answers.length, byStatus, slowestFailureMs: Math.max(0, ...failed.map((a) => a.ms)) };
}

const available = OwnPostgres.binaries();

describe.skipIf('missing' in available)('the database stopped and hung under load, on PostgreSQL', () => {
  let db: OwnPostgres;
  let shop: FaultShop;
  let instances: Instance[];

  beforeAll(async () => {
    db = await OwnPostgres.create();
    shop = new FaultShop(db.url);
    await shop.open();
    instances = [await shop.launch('24001'), await shop.launch('24002')];
  });
  afterAll(async () => {
    // A process that died says why.
    for (const i of instances ?? []) {
      if (i.proc.child.exitCode !== null || i.proc.child.signalCode !== null) console.log(`process ${i.storeId} exited:\n${i.proc.output().split('\n').slice(-40).join('\n')}`);
    }
    await shop?.close();
    await db?.close();
  });

  it('answers 503 with Retry-After while it is down or hung, says so in /readyz, recovers by itself and loses nothing', async () => {
    const first = instances[0]!.base;
    const products = (await (await fetch(`${first}/api/store/products`)).json()) as StoreCatalogue;
    const variantId = products.products.flatMap((p) => p.variants).find((v) => v.sku === 'PRINT-A4')!.id;
    const [award] = (await (await fetch(`${first}/api/awards`)).json()) as { id: string }[];
    const shoppers = new Shoppers(instances);
    shoppers.start({ variantId, awardId: award!.id }, 4);
    await vi.waitFor(() => expect(shoppers.paid.length).toBeGreaterThanOrEqual(4), { timeout: 60_000, interval: 200 });

    // Stopped for 30 s.
    const stoppedAt = Date.now();
    await db.stop();
    await sleep(2_000);
    for (const instance of instances) {
      const ready = await readiness(instance);
      expect(ready.status).toBe(503);
      expect(ready.body.database).toBe(false);
      expect(ready.body.failing.map((f) => f.part)).toContain('database');
      expect(ready.ms).toBeLessThan(4_000);
    }
    await sleep(28_000);
    const restartedAt = Date.now();
    await db.start();
    const stopped = shoppers.between(stoppedAt, restartedAt);
    await vi.waitFor(async () => {
      for (const instance of instances) {
        const { status, body } = await readiness(instance);
        expect({ status, failing: body.failing }).toEqual({ status: 200, failing: [] });
      }
    }, { timeout: 30_000, interval: 100 });
    const recoveredMs = Date.now() - restartedAt;
    const paidBeforeHang = shoppers.paid.length;
    await vi.waitFor(() => expect(shoppers.paid.length).toBeGreaterThan(paidBeforeHang + 4), { timeout: 60_000, interval: 200 });

    // Hung for 15 s: connections taken, nothing answered.
    const frozenAt = Date.now();
    db.freeze();
    await sleep(15_000);
    const thawedAt = Date.now();
    db.thaw();
    const hung = shoppers.between(frozenAt, thawedAt - 5_000);
    const paidBeforeEnd = shoppers.paid.length;
    await vi.waitFor(() => expect(shoppers.paid.length).toBeGreaterThan(paidBeforeEnd + 4), { timeout: 60_000, interval: 200 });
    await shoppers.stop();

    console.log(
      `database outage under load: stopped 30 s → ${JSON.stringify(summary(stopped))}; ready again ${recoveredMs} ms after the restart;` +
        ` hung 15 s → ${JSON.stringify(summary(hung))}; ${shoppers.paid.length} orders paid in all`,
    );
    // Every failure is a 503 with Retry-After — never a 500, never a dropped connection — and comes fast.
    const failures = shoppers.answers.filter((a) => a.status >= 500 || a.status === 0);
    expect(failures.filter((a) => a.status !== 503 || a.retryAfter === null)).toEqual([]);
    expect(stopped.filter((a) => a.status === 503).length).toBeGreaterThan(10);
    expect(stopped.filter((a) => a.status === 503 && a.ms >= 5_000)).toEqual([]);
    expect(hung.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(hung.filter((a) => a.ms >= 5_000)).toEqual([]);
    expect(recoveredMs).toBeLessThan(30_000);

    // Nothing lost: every card charged is one paid order, and exactly the shoppers' (a shopper told "succeeded"
    // has a paid order; no order was charged that no shopper saw paid); each is at the printer once.
    await shop.jobsQuiet();
    const charged = await shop.rows<{ reference: string; status: string | null }>(
      `select t.reference, ps.status from test_payment_sessions t left join payment_sessions ps on ps.order_id::text = t.reference
        where t.payment_status = 'succeeded' and t.charged_from is null`,
    );
    expect(charged.filter((c) => c.status !== 'paid')).toEqual([]);
    expect(charged.map((c) => c.reference).sort()).toEqual([...shoppers.paid].sort());
    await shop.expectEachSubmittedOnce(shoppers.paid);
  });
});
