// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema/index';
import { seedOrder } from '@/server/test/seed-order';
import { createUser } from '@/server/test/auth-client';
import { apiFetch } from '@/web/lib/api-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { MyOrders } from './my-orders';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/account');
});
afterAll(async () => {
  await live?.close();
});

describe('MyOrders', () => {
  it('lists each order in the words the API gives it; an order abandoned before it was paid is not there', async () => {
    const { id: userId, email, password } = await createUser(live.app);
    await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
    const mine = async (s: Parameters<typeof seedOrder>[1]) => {
      const o = await seedOrder(live.database.db, { email, ...s });
      await live.database.db.update(orders).set({ userId }).where(eq(orders.id, o.id));
      return o.number;
    };
    const shipped = await mine({ createdAt: day(20), payment: { status: 'partially_refunded' }, fulfilment: { status: 'shipped' } });
    const declined = await mine({ createdAt: day(21), payment: { status: 'failed' } });
    const abandoned = await mine({ createdAt: day(22), lifecycle: 'abandoned' });

    renderWithApp(<MyOrders />, { path: '/account' });
    const rows = await screen.findAllByTestId('my-order');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([`${declined} · Payment declined`, `${shipped} · On its way · partly refunded`]);
    expect(screen.queryByText(new RegExp(abandoned))).toBeNull();
  });

  it('says of an order paid in test mode what its order page says: printing and shipping are simulated', async () => {
    const { id: userId, email, password } = await createUser(live.app);
    await apiFetch('/api/auth/sign-in', { method: 'POST', body: JSON.stringify({ email, password }) });
    const mine = async (s: Parameters<typeof seedOrder>[1]) => {
      const o = await seedOrder(live.database.db, { email, ...s });
      await live.database.db.update(orders).set({ userId }).where(eq(orders.id, o.id));
      return o.number;
    };
    const real = await mine({ createdAt: new Date(Date.UTC(2026, 10, 20, 12)), payment: { status: 'paid', provider: 'stripe' } });
    const test = await mine({ createdAt: new Date(Date.UTC(2026, 10, 21, 12)), payment: { status: 'paid', provider: 'test' }, fulfilment: { status: 'shipped' } });

    renderWithApp(<MyOrders />, { path: '/account' });
    const rows = await screen.findAllByTestId('my-order');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([`${test} · On its way`, `${real} · Paid`]);
    expect(rows[0]).toHaveTextContent('Test mode: printing and shipping are simulated.');
    expect(rows[1]).not.toHaveTextContent(/test mode|simulated/i);
  });
});
