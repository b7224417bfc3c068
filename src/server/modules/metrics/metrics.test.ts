import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { checkoutBody, pay, placeOrder, shopCatalogue } from '../checkout/test-support';
import { isPrivateAddress } from './metrics';

/** GET /metrics (issue 24): what an operator's Prometheus scrapes, and who may. */

let t: TestApp;

/** A sample's value from the text format, e.g. value(text, 'certifiable_orders_paid_total'); 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

beforeAll(async () => {
  t = await createTestApp({ jobs: 'manual' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics', () => {
  it('moves the order, payment, request and queue figures when a shopper buys and pays', async () => {
    const shop = await shopCatalogue(t.app, t.database.db);
    const before = (await scrape()).body;

    const shopper = new TestClient(t.app);
    shopper.ip = '203.0.113.9';
    const placed = (await placeOrder(shopper, checkoutBody(shop.award.id, shop.variant('PRINT-A4').id))).result!;
    expect((await pay(shopper, placed.payment_url, '4242424242424242')).outcome?.status).toBe('succeeded');

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const after = res.body;
    expect(value(after, 'certifiable_orders_placed_total')).toBe(value(before, 'certifiable_orders_placed_total') + 1);
    expect(value(after, 'certifiable_orders_paid_total')).toBe(value(before, 'certifiable_orders_paid_total') + 1);
    // The checkout's timing, under its route's pattern and status.
    expect(value(after, 'http_request_duration_seconds_count{method="POST",route="/api/checkout",status_code="200"}')).toBeGreaterThanOrEqual(1);
    // The receipt waits in its queue (jobs run only when this test drains them), then is gone.
    const receipts = (text: string) =>
      value(text, 'certifiable_job_queue_depth{queue="order.released"}') +
      value(text, 'certifiable_job_queue_depth{queue="order.mail"}') +
      value(text, 'certifiable_job_queue_depth{queue="mail.send"}');
    expect(receipts(after)).toBeGreaterThan(0);
    await t.drain();
    expect(receipts((await scrape()).body)).toBe(0);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('answers a public address 403, and a request forwarded by a proxy the server does not trust', async () => {
    const publicAddress = await scrape('203.0.113.7');
    expect(publicAddress.statusCode).toBe(403);
    expect(publicAddress.json().error.code).toBe('FORBIDDEN');
    expect(publicAddress.body).not.toContain('certifiable_');
    // Through an untrusted proxy on the same machine: the socket is loopback, the client is not.
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(403);
    expect((await scrape('10.1.2.3')).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, needs exactly that bearer token, from anywhere', async () => {
    const withToken = await createTestApp({ seed: false, jobs: 'manual', env: { METRICS_TOKEN: 'operator-token-0123456789' } });
    try {
      const ask = (authorization?: string) =>
        withToken.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: authorization ? { authorization } : {} });
      expect((await ask()).statusCode).toBe(403);
      expect((await ask('Bearer operator-token-012345678X')).statusCode).toBe(403);
      expect((await withToken.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
      const ok = await ask('Bearer operator-token-0123456789');
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('certifiable_orders_paid_total');
    } finally {
      await withToken.close();
    }
  });
});

describe('isPrivateAddress', () => {
  it('knows loopback and private networks, in both IP versions', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '::1', 'fd00::1', 'fe80::1%eth0', '::ffff:10.0.0.7']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '203.0.113.7', '2001:db8::1', '::ffff:8.8.8.8', 'not-an-ip']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});
