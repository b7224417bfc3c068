import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/**
 * Migration 0012 (the order pipeline, docs/decisions/108) moves each order's payment, fulfilment, funnel window and
 * discount use out of the orders row into their owners' tables. Orders written before it, in every state the old
 * single status could hold, must come through with nothing lost: this test migrates a database to 0011, writes such
 * orders the old way, runs 0012 and reads them back.
 */

let pglite: PGlite;
let dir: string;

async function migrateTo(last: string) {
  const folder = path.join(dir, last);
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  journal.entries = journal.entries.slice(0, upTo + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  await migrate(drizzle(pglite), { migrationsFolder: folder });
}

const q = async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows;

interface Old {
  id: string;
  status: string;
  paid?: boolean;
  fulfilment?: string;
  shipped?: boolean;
  refunded?: number;
  offer?: boolean;
  discount?: 'counted' | 'pending';
  digital?: boolean;
}

const OLD: Old[] = [
  { id: '00000000-0000-4000-8000-000000000001', status: 'pending_payment', discount: 'pending' },
  { id: '00000000-0000-4000-8000-000000000002', status: 'payment_failed' },
  { id: '00000000-0000-4000-8000-000000000003', status: 'paid', paid: true, fulfilment: 'pending', discount: 'counted' },
  { id: '00000000-0000-4000-8000-000000000004', status: 'in_production', paid: true, fulfilment: 'submitted' },
  { id: '00000000-0000-4000-8000-000000000005', status: 'shipped', paid: true, fulfilment: 'submitted', shipped: true },
  { id: '00000000-0000-4000-8000-000000000006', status: 'partially_refunded', paid: true, fulfilment: 'submitted', shipped: true, refunded: 1000 },
  { id: '00000000-0000-4000-8000-000000000007', status: 'refunded', paid: true, fulfilment: 'none', refunded: 7499 },
  { id: '00000000-0000-4000-8000-000000000008', status: 'cancelled' },
  { id: '00000000-0000-4000-8000-000000000009', status: 'delivered', paid: true, fulfilment: 'submitted', shipped: true },
  { id: '00000000-0000-4000-8000-00000000000a', status: 'paid', paid: true, fulfilment: 'problem', offer: true },
  { id: '00000000-0000-4000-8000-00000000000b', status: 'paid', paid: true, fulfilment: 'none', digital: true },
];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'certifiable-migration-'));
  pglite = await PGlite.create();
  await migrateTo('0011_crm');
  await q(`insert into discount_codes (code, kind, value, usage_limit, used_count) values ('HALF', 'percent', 50, 5, 1)`);
  for (const [i, o] of OLD.entries()) {
    const total = 7499 + (o.offer ? 3540 : 0);
    await q(
      `insert into orders (id, number, email, status, currency, subtotal, total, refunded_total, idempotency_key, request_hash, payment_provider,
         provider_session_id, payment_url, provider_payment_id, paid_at, fulfilment_status, fulfilment_provider, fulfilment_id, fulfilment_error,
         carrier, tracking_number, shipped_at, discount_code, discount_counted, channel, offers_close_at, funnel_closed_at)
       values ($1, $2, 'old@example.test', $3, 'USD', 6900, $4, $5, $6, 'h', 'test', $7, '/pay/test/x', $8, $9, $10, $11, $12, $13,
         $14, $15, $16, $17, $18, $19, $20, $21)`,
      [
        o.id,
        `ORD-${900 + i}`,
        o.status,
        total,
        o.refunded ?? 0,
        `key-${i}`,
        `cs_test_${i}`,
        o.paid ? `pi_test_${i}` : null,
        o.paid ? new Date('2026-10-01T10:00:00Z') : null,
        o.fulfilment ?? 'none',
        o.fulfilment && o.fulfilment !== 'none' ? 'local' : null,
        o.fulfilment === 'submitted' ? `LPS-${i}` : null,
        o.fulfilment === 'problem' ? 'Unknown variant' : null,
        o.shipped ? 'USPS' : null,
        o.shipped ? `9400${i}` : null,
        o.shipped ? new Date('2026-10-03T10:00:00Z') : null,
        o.discount ? 'HALF' : null,
        o.discount === 'counted',
        o.offer ? 'funnel' : 'shop',
        o.offer ? new Date('2026-10-01T10:15:00Z') : null,
        o.offer ? new Date('2026-10-01T10:15:00Z') : null,
      ],
    );
    await q(
      `insert into order_lines (order_id, position, sku, product_name, variant_name, unit_price, quantity, line_total, requires_shipping, design)
       values ($1, 0, 'PRINT-A4', 'Print', 'A4', 6900, 1, 6900, $2, '{"awardId":"a","awardTitle":"A","templateId":null,"recipientName":"R","shareId":null,"certificateNumber":null}')`,
      [o.id, !o.digital],
    );
    await q(`insert into order_events (order_id, from_status, to_status, actor, reason) values ($1, null, 'pending_payment', 'customer', 'Order placed')`, [o.id]);
    if (o.paid) {
      await q(`insert into order_events (order_id, from_status, to_status, actor, reason) values ($1, 'pending_payment', 'paid', 'provider', 'Payment received')`, [o.id]);
      await q(`insert into order_payments (order_id, kind, provider_payment_id, amount, refunded_amount) values ($1, 'checkout', $2, 7499, $3)`, [o.id, `pi_test_${i}`, Math.min(o.refunded ?? 0, 7499)]);
    }
    if (o.offer) {
      await q(`insert into order_events (order_id, from_status, to_status, actor, reason) values ($1, 'paid', 'paid', 'customer', 'Added a frame from a one-time offer')`, [o.id]);
      await q(`insert into order_payments (order_id, kind, provider_payment_id, amount) values ($1, 'offer', $2, 3540)`, [o.id, `pi_offer_${i}`]);
    }
    if (o.shipped) await q(`insert into order_events (order_id, from_status, to_status, actor, reason) values ($1, 'in_production', 'shipped', 'provider', 'Shipped with USPS')`, [o.id]);
    if (o.refunded) await q(`insert into order_events (order_id, from_status, to_status, actor, reason) values ($1, 'paid', $2, 'admin', 'Refunded')`, [o.id, o.refunded >= 7499 ? 'refunded' : 'partially_refunded']);
  }
  await migrateTo('0012_order_pipeline');
});

afterAll(async () => {
  await pglite.close();
  await rm(dir, { recursive: true, force: true });
});

describe('migration 0012: orders written before the order pipeline', () => {
  it('every order reads as it did, from its three machines', async () => {
    const rows = await q<{ id: string; status: string; payment_status: string; fulfilment_status: string; captured_total: number; refunded_total: number; total: number }>(
      `select id, status, payment_status, fulfilment_status, captured_total, refunded_total, total from order_overview order by number`,
    );
    const by = new Map(rows.map((r) => [r.id, r]));
    const states = (id: string) => {
      const r = by.get(id)!;
      return [r.status, r.payment_status, r.fulfilment_status];
    };
    expect(rows).toHaveLength(OLD.length);
    expect(states(OLD[0]!.id)).toEqual(['pending', 'unpaid', 'none']);
    expect(states(OLD[1]!.id)).toEqual(['pending', 'failed', 'none']);
    expect(states(OLD[2]!.id)).toEqual(['open', 'paid', 'pending']);
    expect(states(OLD[3]!.id)).toEqual(['open', 'paid', 'in_production']);
    expect(states(OLD[4]!.id)).toEqual(['open', 'paid', 'shipped']);
    expect(states(OLD[5]!.id)).toEqual(['open', 'partially_refunded', 'shipped']);
    expect(states(OLD[6]!.id)).toEqual(['completed', 'refunded', 'none']);
    expect(states(OLD[7]!.id)).toEqual(['cancelled', 'unpaid', 'none']);
    expect(states(OLD[8]!.id)).toEqual(['completed', 'paid', 'delivered']);
    expect(states(OLD[9]!.id)).toEqual(['open', 'paid', 'problem']);
    expect(states(OLD[10]!.id)).toEqual(['completed', 'paid', 'none']);
    // Money: what was charged (the offer included) and refunded is kept.
    expect(by.get(OLD[5]!.id)).toMatchObject({ captured_total: 7499, refunded_total: 1000 });
    expect(by.get(OLD[9]!.id)).toMatchObject({ captured_total: 7499 + 3540, total: 7499 + 3540 });
  });

  it('the payment, the hand-off, the funnel window and the discount use move with their details', async () => {
    const [payment] = await q<{ provider_session_id: string; provider_payment_id: string; amount: number; paid_at: Date }>(
      `select provider_session_id, provider_payment_id, amount, paid_at from payment_sessions where order_id = $1`,
      [OLD[9]!.id],
    );
    expect(payment).toMatchObject({ provider_session_id: 'cs_test_9', provider_payment_id: 'pi_test_9', amount: 7499 });
    const [shipped] = await q<{ carrier: string; tracking_number: string; provider_order_id: string; status: string }>(
      `select carrier, tracking_number, provider_order_id, status from fulfilments where order_id = $1`,
      [OLD[4]!.id],
    );
    expect(shipped).toEqual({ carrier: 'USPS', tracking_number: '94004', provider_order_id: 'LPS-4', status: 'shipped' });
    const [problem] = await q<{ error: string }>(`select error from fulfilments where order_id = $1`, [OLD[9]!.id]);
    expect(problem!.error).toBe('Unknown variant');
    expect(await q(`select order_id from funnel_sessions`)).toEqual([{ order_id: OLD[9]!.id }]);
    const uses = await q<{ order_id: string; status: string }>(`select order_id, status from discount_redemptions order by order_id`);
    expect(uses).toEqual([
      { order_id: OLD[0]!.id, status: 'reserved' },
      { order_id: OLD[2]!.id, status: 'redeemed' },
    ]);
    // The waiting order now holds its use: counted once paid before, plus the one reserved.
    expect((await q<{ used_count: number }>(`select used_count from discount_codes where code = 'HALF'`))[0]!.used_count).toBe(2);
  });

  it('the history is split between the three machines, nothing dropped', async () => {
    const order = await q<{ from_status: string | null; to_status: string; kind: string }>(
      `select from_status, to_status, kind from order_events where order_id = $1 order by kind, from_status nulls first`,
      [OLD[9]!.id],
    );
    expect(order).toEqual([
      { from_status: 'open', to_status: 'open', kind: 'line_added' },
      { from_status: null, to_status: 'pending', kind: 'status' },
      { from_status: 'pending', to_status: 'open', kind: 'status' },
    ]);
    const payment = await q<{ from_status: string; to_status: string }>(`select from_status, to_status from payment_transitions where order_id = $1 order by to_status`, [OLD[5]!.id]);
    expect(payment).toEqual([
      { from_status: 'unpaid', to_status: 'paid' },
      { from_status: 'paid', to_status: 'partially_refunded' },
    ]);
    const fulfilment = await q<{ to_status: string }>(`select to_status from fulfilment_transitions where order_id = $1`, [OLD[4]!.id]);
    expect(fulfilment).toEqual([{ to_status: 'shipped' }]);
    // Waiting orders get a time: the expiry sweep looks at them within the hour.
    const [waiting] = await q<{ expires_at: Date | null }>(`select expires_at from orders where id = $1`, [OLD[0]!.id]);
    expect(waiting!.expires_at).not.toBeNull();
  });
});
