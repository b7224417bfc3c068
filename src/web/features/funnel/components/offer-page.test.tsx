// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FunnelOrder } from '@/contract/funnel';
import type { CheckoutResult } from '@/contract/shop';
import { TestClient } from '@/server/test/auth-client';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { FunnelProvider } from '../lib/funnel-provider';
import { funnelKey, readFunnelData } from '../lib/funnel-store';
import { OfferPage } from './offer-page';
import { ThankYouPage } from './thank-you-page';

let live: LiveApp;
beforeAll(async () => {
  live = await startLiveApp('/funnel/oto1');
});
afterAll(async () => {
  await live?.close();
});
beforeEach(() => localStorage.clear());

let buyers = 0;
/** A funnel order paid with `card` through the API, as the funnel's checkout and the test processor's page would. */
async function paidFunnelOrder(card: string) {
  const client = new TestClient(live.app);
  client.ip = `198.51.100.${++buyers}`;
  const placed = await client.request({
    method: 'POST',
    url: '/api/funnel/checkout',
    headers: { 'idempotency-key': `test-${crypto.randomUUID()}` },
    payload: {
      email: `offer-${buyers}@example.test`,
      recipient_name: 'Dana Whitfield',
      shipping_address: { name: 'Dana Whitfield', line1: '1 Infinite Loop', line2: '', city: 'Cupertino', state: 'CA', postal_code: '95014', country: 'US', phone: '' },
      shipping_method: 'standard',
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json<CheckoutResult>();
  live.app.settings.invalidate();
  const paid = await client.post(`/api/test-payments/${order.payment_url.split('/').pop()}/pay`, { card_number: card, expiry: '12 / 34', cvc: '123', name: 'Dana' });
  expect(paid.json()).toMatchObject({ status: 'succeeded' });
  const funnel = (await client.get(`/api/funnel/orders/${order.order_id}?token=${encodeURIComponent(order.access_token)}`)).json<FunnelOrder>();
  expect(funnel).toMatchObject({ next_step: 'oto1', notice: null });
  return order;
}

/** The offer and the thank-you page as the app routes them, for this browser's funnel order. */
function renderFunnel(order: CheckoutResult) {
  localStorage.setItem(funnelKey(), JSON.stringify({ order_id: order.order_id, token: order.access_token, order_number: order.order_number, step: 'oto1', tracked: ['checkout', 'paid'] }));
  return renderWithApp(
    <FunnelProvider>
      <Routes>
        <Route path="/funnel/oto1" element={<OfferPage kind="oto1" />} />
        <Route
          path="/funnel/thank-you"
          element={
            <ThankYouPage
              // The app passes the orders feature's details; here, what they would show: the lines and the history.
              renderOrder={(o) => (
                <output aria-label="The order">
                  {o.lines.map((l) => l.product_name).join(', ')} | {o.timeline.map((e) => e.label).join(', ')}
                </output>
              )}
            />
          }
        />
      </Routes>
    </FunnelProvider>,
    { path: '/funnel/oto1' },
  );
}

describe('a one-time offer whose card refuses the extra', () => {
  it('goes on to the thank-you page, which says so (announced), with the order as bought; the extra is not counted as taken', async () => {
    // 4000 0000 0000 0341: pays the order, then declines every later charge.
    const order = await paidFunnelOrder('4000000000000341');
    const { user, unmount } = renderFunnel(order);

    await user.click(await screen.findByRole('button', { name: 'Yes, add it for $35.40' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you. It is official.' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/funnel/thank-you');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The extra was not added');
    expect(alert).toHaveTextContent('Your card was declined for the extra; your order is unchanged.');
    expect(screen.getByText(/: 1 item, \$29\.99 in all\.$/)).toBeVisible();
    const shown = screen.getByRole('status', { name: 'The order' });
    expect(shown.textContent).toMatch(/^Paper print \|/);
    // Its history says it too, in the customer's words.
    expect(shown).toHaveTextContent('Extra not added');
    // Only what was bought is counted: the extra was refused, not taken.
    await waitFor(() => expect(readFunnelData(localStorage)?.tracked).toContain('thank_you'));
    expect(readFunnelData(localStorage)?.tracked).not.toContain('oto1_accepted');

    // Opened again later (a reload, or the offer's address from the history): the thank-you page still says it.
    unmount();
    renderFunnel(order);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined for the extra; your order is unchanged.');
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent('/funnel/thank-you');
  });
});
