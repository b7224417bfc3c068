import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@/server/adapters/payments/test-processor';
import { checkoutBody, newKey, shopCatalogue } from '@/server/modules/checkout/test-support';
import { createTestApp, type TestApp } from '@/server/test/test-app';

/**
 * Issue 25: the SQL statements an order costs on the request path from the quote to paid — the quote, the checkout
 * and paying with the test card, the test processor's own records included — counted through the PostgreSQL driver.
 * Jobs that run afterwards (the receipt, the printer) are not on the request path. Statements that do work are
 * budgeted, and BEGIN/COMMIT apart: each is a round trip too. The goal of the issue: 10 statements that do work;
 * the budget is what the order path takes today (it was 35 + 8 BEGIN/COMMIT), so it cannot creep back.
 */
const WORK_BUDGET = 10;
const TRANSACTION_BUDGET = 2;
const isTransactionControl = (text: string) => /^\s*(begin|commit|rollback)\b/i.test(text);

describe('statements per order (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: 'manual' });
  });
  afterAll(async () => t?.close());

  async function oneOrder(i: number) {
    const { variant, award } = await shopCatalogue(t.app, t.database.db);
    const body = checkoutBody(award.id, variant('FRAME-A4-OAK').id, { email: `budget${i}@example.test` });
    const statements: string[] = [];
    const stop = t.database.watchStatements!((text) => statements.push(text));
    try {
      const quote = await t.app.inject({ method: 'POST', url: '/api/store/quote', payload: { lines: body.lines }, remoteAddress: `10.9.0.${i}` });
      expect(quote.statusCode).toBe(200);
      const checkout = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: body, headers: { 'idempotency-key': newKey() }, remoteAddress: `10.9.0.${i}` });
      expect(checkout.statusCode).toBe(200);
      const { payment_url, order_id, access_token } = checkout.json() as { payment_url: string; order_id: string; access_token: string };
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/test-payments/${payment_url.split('/').pop()}/pay`,
        payload: { card_number: TEST_CARDS.success, expiry: '12 / 34', cvc: '123', name: 'Dana' },
        remoteAddress: `10.9.0.${i}`,
      });
      expect(paid.json()).toMatchObject({ status: 'succeeded' });
      stop();
      const order = await t.app.inject({ method: 'GET', url: `/api/orders/${order_id}?token=${access_token}` });
      expect(order.json()).toMatchObject({ status: 'paid' });
      return statements;
    } finally {
      stop();
    }
  }

  it(`places and pays an order in at most ${WORK_BUDGET} statements and ${TRANSACTION_BUDGET} BEGIN/COMMIT`, async () => {
    await oneOrder(1); // the first order warms caches (the catalogue, settings) like any first visitor
    const statements = await oneOrder(2);
    if (process.env.SHOW_STATEMENTS) console.log(statements.map((s, n) => `${n + 1}. ${s.replace(/\s+/g, ' ').slice(0, 200)}`).join('\n'));
    const work = statements.filter((s) => !isTransactionControl(s));
    expect(work.length, work.join('\n')).toBeLessThanOrEqual(WORK_BUDGET);
    expect(statements.length - work.length).toBeLessThanOrEqual(TRANSACTION_BUDGET);
  });

  it('/metrics counts the statements each pool sent, so an operator (and the bench) can watch the cost per order', async () => {
    const sent = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      const line = text.split('\n').find((l) => /^certifiable_db_statements\{[^}]*pool="requests"/.test(l));
      return Number(line?.split(' ').pop());
    };
    const before = await sent();
    await oneOrder(3);
    expect(await sent()).toBeGreaterThan(before);
  });
});
