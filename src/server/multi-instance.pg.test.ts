import { randomBytes } from 'node:crypto';
import pg from 'pg';
import Stripe from 'stripe';
import { TestCardProcessor } from './adapters/payments/test-processor';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { seedAwards } from './db/seed/catalog-data';
import { freePort, scratchDatabase, startServer, stopAll, waitForHealth } from './test/processes';

// Runs only in the PostgreSQL suite (vitest includes *.pg.test.ts when TEST_DATABASE_URL is set).
const databases: { drop(): Promise<void> }[] = [];

afterEach(stopAll);
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
});

// Each test starts real server processes (tsx, migrations, seed): generous limits for a busy 2-core machine.
describe('several instances on one PostgreSQL', { timeout: 180_000 }, () => {
  it('start together on an empty database: migrations run once, the seed is applied once, both serve', async () => {
    const database = await scratchDatabase('certifiable_multi');
    databases.push(database);
    const url = new URL(database.url);
    const [portA, portB] = [await freePort(), await freePort()];
    const a = startServer({ DATABASE_URL: url.toString(), PORT: String(portA), HOST: '127.0.0.1' });
    const b = startServer({ DATABASE_URL: url.toString(), PORT: String(portB), HOST: '127.0.0.1' });
    await Promise.all([waitForHealth(portA), waitForHealth(portB)]).catch((err: unknown) => {
      throw new Error(`${String(err)}\nA: ${a.output()}\nB: ${b.output()}`);
    });

    const fromA = (await (await fetch(`http://127.0.0.1:${portA}/api/awards`)).json()) as { id: string }[];
    const fromB = (await (await fetch(`http://127.0.0.1:${portB}/api/awards`)).json()) as { id: string }[];
    expect(fromA.map((x) => x.id)).toEqual(fromB.map((x) => x.id));
    expect(fromA).toHaveLength(seedAwards.filter((x) => x.isActive).length);

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const awards = await db.query('select count(*)::int as n from awards');
    const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await db.end();
    expect(awards.rows[0].n).toBe(seedAwards.length);
    expect(migrations.rows[0].n).toBeGreaterThan(0);
  });

  it('share payments: an order placed on one is paid through the other, and one webhook event delivered to both pays it once', async () => {
    const shopDb = await scratchDatabase('certifiable_multi_shop');
    try {
      const url = new URL(shopDb.url);
      const secret = randomBytes(32).toString('base64url');
      const [portA, portB] = [await freePort(), await freePort()];
      const env = (port: number) => ({ DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1', AUTH_SECRET: secret });
      startServer(env(portA));
      await waitForHealth(portA);
      startServer(env(portB));
      await waitForHealth(portB);
      const a = `http://127.0.0.1:${portA}`;
      const b = `http://127.0.0.1:${portB}`;

      const catalogue = (await (await fetch(`${a}/api/store/products`)).json()) as { products: { variants: { id: string; sku: string }[] }[] };
      const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'PRINT-A4')!;
      const awards = (await (await fetch(`${a}/api/awards`)).json()) as { id: string }[];
      const body = {
        email: 'two-servers@example.test',
        lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: awards[0]!.id } }],
        shipping_address: { name: 'Dana', line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
        shipping_method: 'standard',
      };
      const checkout = async (base: string) =>
        (await (
          await fetch(`${base}/api/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `multi-${randomBytes(8).toString('hex')}` }, body: JSON.stringify(body) })
        ).json()) as { order_id: string; payment_url: string; access_token: string };
      const statusOn = async (base: string, o: { order_id: string; access_token: string }) =>
        ((await (await fetch(`${base}/api/orders/${o.order_id}?token=${o.access_token}`)).json()) as { status: string; timeline: { to_status: string }[] });

      // Placed on A, paid on B's payment page: B's processor reports to B's webhook; A sees it paid.
      const first = await checkout(a);
      const paid = await fetch(`${b}/api/test-payments/${first.payment_url.split('/').pop()}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card_number: '4242424242424242', expiry: '12/34', cvc: '123' }),
      });
      expect(paid.status).toBe(200);
      expect((await statusOn(a, first)).status).toBe('paid');

      // The same signed event delivered to both instances at once (a provider retry landing elsewhere).
      const second = await checkout(b);
      const payload = JSON.stringify({
        id: `evt_multi_${randomBytes(6).toString('hex')}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: { id: 'cs_multi', object: 'checkout.session', client_reference_id: second.order_id, payment_status: 'paid', amount_total: 2999, currency: 'usd', payment_intent: 'pi_multi' } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: TestCardProcessor.secretFrom(secret) });
      const deliver = (base: string) =>
        fetch(`${base}/api/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      const answers = await Promise.all([deliver(a), deliver(b), deliver(a), deliver(b)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const order = await statusOn(a, second);
      expect(order.status).toBe('paid');
      expect(order.timeline.filter((e) => e.to_status === 'paid')).toHaveLength(1);
    } finally {
      await stopAll();
      await shopDb.drop();
    }
  });
});
