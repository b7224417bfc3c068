import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredCart } from '@/contract/cart';
import { SHOP_LIMITS } from '@/contract/shop';
import { awards, variants } from '@/server/db/schema/index';
import { outcomeOf, signedInClient, TestClient } from '@/server/test/auth-client';
import { createTestApp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
let variantIds: string[];
let awardIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  variantIds = (await t.database.db.select({ id: variants.id }).from(variants).orderBy(asc(variants.sku))).map((v) => v.id);
  awardIds = (await t.database.db.select({ id: awards.id }).from(awards).orderBy(asc(awards.sortOrder))).map((a) => a.id);
});
afterAll(async () => {
  await t.close();
});

const line = (variant: number, quantity: number, recipient = 'Dana', award = 0) => ({
  variant_id: variantIds[variant]!,
  quantity,
  design: { award_id: awardIds[award]!, recipient_name: recipient },
});
const stored = (variant: number, quantity: number, recipient = 'Dana', award = 0) => ({
  variant_id: variantIds[variant]!,
  quantity,
  design: { award_id: awardIds[award]!, template_id: null, recipient_name: recipient, share_id: null },
});
const put = (client: TestClient, lines: unknown) => client.request({ method: 'PUT', url: '/api/cart', payload: { lines } as object });

describe('the stored cart', () => {
  it('is empty at first, replaced by PUT and read back by GET, for its owner only', async () => {
    const { client: me } = await signedInClient(t.app);
    const { client: other } = await signedInClient(t.app);
    expect((await me.get('/api/cart')).json()).toEqual({ lines: [] });

    const res = await put(me, [line(0, 2), line(1, 1, '  Sam  ')]);
    expect(outcomeOf(res)).toBe('200');
    expect(res.json()).toEqual({ lines: [stored(0, 2), stored(1, 1, 'Sam')] });
    const read = await me.get('/api/cart');
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual({ lines: [stored(0, 2), stored(1, 1, 'Sam')] });
    expect((await other.get('/api/cart')).json()).toEqual({ lines: [] });

    expect((await put(me, [])).json()).toEqual({ lines: [] });
    expect((await me.get('/api/cart')).json()).toEqual({ lines: [] });
  });

  it('joins repeated lines of the same print when replacing', async () => {
    const { client } = await signedInClient(t.app);
    const res = await put(client, [line(0, 1), line(0, 2), line(0, 1, 'Someone else')]);
    expect(res.json()).toEqual({ lines: [stored(0, 3), stored(0, 1, 'Someone else')] });
  });

  it('needs a session', async () => {
    const anon = new TestClient(t.app);
    expect(outcomeOf(await anon.get('/api/cart'))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await put(anon, [line(0, 1)]))).toBe('401 UNAUTHORIZED');
    expect(outcomeOf(await anon.post('/api/cart/merge', { lines: [line(0, 1)] }))).toBe('401 UNAUTHORIZED');
  });

  it('refuses lines the contract refuses, naming the field, and stores nothing', async () => {
    const { client } = await signedInClient(t.app);
    await put(client, [line(0, 1)]);
    const cases: [unknown, string][] = [
      [[{ ...line(0, 1), quantity: 0 }], 'quantity'],
      [[{ ...line(0, 1), quantity: SHOP_LIMITS.quantity + 1 }], 'quantity'],
      [[{ ...line(0, 1), variant_id: 'nope' }], 'variant_id'],
      [[{ ...line(0, 1), design: { award_id: awardIds[0], recipient_name: 'x'.repeat(SHOP_LIMITS.recipientName + 1) } }], 'recipient_name'],
      [Array.from({ length: SHOP_LIMITS.lines + 1 }, (_, i) => line(0, 1, `Person ${i}`)), 'lines'],
      ['not a list', 'lines'],
    ];
    for (const [lines, field] of cases) {
      const res = await put(client, lines);
      expect(outcomeOf(res), `${field}: ${JSON.stringify(lines).slice(0, 200)}`).toBe('400 VALIDATION_ERROR');
      expect(res.body).toContain(field);
    }
    expect((await client.get('/api/cart')).json()).toEqual({ lines: [stored(0, 1)] });

    // A price or display field sent along is not read, and never stored.
    const withPrice = await put(client, [{ ...line(0, 2), price: 1, productName: 'Framed' }]);
    expect(outcomeOf(withPrice)).toBe('200');
    expect(withPrice.json()).toEqual({ lines: [stored(0, 2)] });
  });
});

describe('POST /api/cart/merge', () => {
  it("adds the browser's lines by the cart's rule: the same print raises the quantity, another is a new line", async () => {
    const { client } = await signedInClient(t.app);
    await put(client, [line(0, 1), line(2, 1)]);
    const res = await client.post('/api/cart/merge', {
      lines: [line(0, 2), line(0, 1, 'Another name'), line(0, 1, 'Dana', 1), line(3, 1)],
    });
    expect(outcomeOf(res)).toBe('200');
    const merged: StoredCart = { lines: [stored(0, 3), stored(2, 1), stored(0, 1, 'Another name'), stored(0, 1, 'Dana', 1), stored(3, 1)] };
    expect(res.json()).toEqual(merged);
    expect((await client.get('/api/cart')).json()).toEqual(merged);
  });

  it('a certificate line matches only the same certificate; the quantity stops at the limit and the lines at theirs', async () => {
    const { client } = await signedInClient(t.app);
    const cert = (shareId: string, quantity: number) => ({
      variant_id: variantIds[0]!,
      quantity,
      design: { award_id: awardIds[0]!, recipient_name: '', share_id: shareId },
    });
    await put(client, [cert('AAAAAAAAAAAAAAAA', 98)]);
    const res = await client.post('/api/cart/merge', { lines: [cert('AAAAAAAAAAAAAAAA', 5), cert('BBBBBBBBBBBBBBBB', 1)] });
    expect((res.json() as StoredCart).lines.map((l) => [l.design.share_id, l.quantity])).toEqual([
      ['AAAAAAAAAAAAAAAA', SHOP_LIMITS.quantity],
      ['BBBBBBBBBBBBBBBB', 1],
    ]);

    const full = Array.from({ length: SHOP_LIMITS.lines }, (_, i) => line(0, 1, `Person ${i}`));
    await put(client, full);
    const more = await client.post('/api/cart/merge', { lines: [line(0, 1, 'Person 0'), line(1, 1, 'One too many')] });
    const lines = (more.json() as StoredCart).lines;
    expect(lines).toHaveLength(SHOP_LIMITS.lines);
    expect(lines[0]!.quantity).toBe(2);
    expect(lines.some((l) => l.design.recipient_name === 'One too many')).toBe(false);
  });

  it('two merges at once both count', async () => {
    const { client } = await signedInClient(t.app);
    await Promise.all([client.post('/api/cart/merge', { lines: [line(0, 1)] }), client.post('/api/cart/merge', { lines: [line(0, 2)] })]);
    expect((await client.get('/api/cart')).json()).toEqual({ lines: [stored(0, 3)] });
  });

  it('counts a cart sent again under the same merge_id once, also when both arrive at once; another id counts again', async () => {
    const { client } = await signedInClient(t.app);
    const id = randomUUID();
    // A page left before the answer came: the next page sends the same cart under the same id.
    const first = await client.post('/api/cart/merge', { lines: [line(0, 1), line(1, 2)], merge_id: id });
    expect(first.json()).toEqual({ lines: [stored(0, 1), stored(1, 2)] });
    const again = await client.post('/api/cart/merge', { lines: [line(0, 1), line(1, 2)], merge_id: id });
    expect(outcomeOf(again)).toBe('200');
    expect(again.json()).toEqual({ lines: [stored(0, 1), stored(1, 2)] });
    const twice = randomUUID();
    await Promise.all([1, 2].map(() => client.post('/api/cart/merge', { lines: [line(2, 1)], merge_id: twice })));
    expect((await client.get('/api/cart')).json()).toEqual({ lines: [stored(0, 1), stored(1, 2), stored(2, 1)] });
    // Another browser's cart is another merge.
    await client.post('/api/cart/merge', { lines: [line(0, 1)], merge_id: randomUUID() });
    expect((await client.get('/api/cart')).json()).toEqual({ lines: [stored(0, 2), stored(1, 2), stored(2, 1)] });
  });

  it('refuses a merge_id that is not a UUID, naming it, and adds nothing', async () => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/cart/merge', { lines: [line(0, 1)], merge_id: 'again' });
    expect(outcomeOf(res)).toBe('400 VALIDATION_ERROR');
    expect(res.json().error.message).toContain('merge_id');
    expect((await client.get('/api/cart')).json()).toEqual({ lines: [] });
  });
});
