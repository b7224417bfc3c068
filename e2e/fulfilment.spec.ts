import { expect, test } from '@playwright/test';
import { csrfHeaders, LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { atThePrintShop, paidFramedOrder } from './support/order-helpers';

test.describe('the print room tools on the home page', () => {
  test('visitors do not see them; an admin fetches the templates and sees the spec’s toast and the templates', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Print room controls' })).toHaveCount(0);

    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Print room controls' })).toBeVisible();
    await page.getByRole('button', { name: 'Fetch templates' }).click();
    await expect(toasts(page)).toContainText('Templates Fetched');
    await expect(toasts(page)).toContainText('Found 4 templates across 2 products.');
    await expect(page.getByTestId('template-table')).toContainText('Framed certificate, A4 landscape');
    // The sync asks first; backing out changes nothing.
    await page.getByRole('button', { name: 'Sync products' }).click();
    await expect(page.getByRole('button', { name: 'Yes, replace the catalogue' })).toBeVisible();
    await page.getByRole('button', { name: 'Keep it as it is' }).click();
    await expect(page.getByRole('button', { name: 'Sync products' })).toBeVisible();
  });
});

test.describe('a printed order on its way', () => {
  test('paid, sent to the print shop, moved to shipped: the order page shows carrier, tracking and the timeline', async ({ page, browser }) => {
    const order = await paidFramedOrder(browser, { recipient: 'Robin', name: 'Robin Park', line1: '3 Harbour Road', shipping: 'express' });
    const customer = order.customer;

    // The print shop takes it (its files drawn), then an admin moves it on twice: in production, shipped.
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    const headers = await csrfHeaders(page.request);
    await atThePrintShop(page, order.order_id);
    for (const expected of ['in_production', 'shipped']) {
      const res = await page.request.post(`/api/admin/orders/${order.order_id}/fulfilment/advance`, { headers, data: {} });
      expect(res.status(), await res.text()).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe(expected);
    }

    const mine = await customer.newPage();
    await mine.goto(`/order/${order.order_id}?token=${order.access_token}`);
    await expect(mine.getByText('On its way. Follow the parcel with the tracking number below.')).toBeVisible();
    // Test mode: the built-in print shop's parcel is simulated, with the carrier of its destination (decision 119).
    await expect(mine.getByText(/Made-up tracking number: 9270\d{18}/)).toBeVisible();
    await expect(mine.getByText(/Made-up tracking number/)).toContainText('Simulated shipment with USPS');
    await expect(mine.getByRole('link', { name: 'Track the parcel' })).toHaveCount(0);
    const status = mine.getByRole('region', { name: 'Status' });
    await expect(status.getByText('On its way', { exact: true })).toBeVisible();

    // Part of it refunded after it shipped: it is still on its way, and says the money part too.
    const refund = await page.request.post(`/api/admin/orders/${order.order_id}/refund`, { headers, data: { amount: 1000, reason: 'Late delivery' } });
    expect(refund.status(), await refund.text()).toBe(200);
    await mine.reload();
    await expect(status.getByText('On its way · partly refunded', { exact: true })).toBeVisible();
    await expect(status.getByText('On its way. Follow the parcel with the tracking number below. Part of it was refunded to your card.')).toBeVisible();
    await expect(status.getByRole('list', { name: 'Progress' }).locator('[aria-current="step"]')).toContainText('Shipped');
    await expect(mine.getByRole('region', { name: 'History' }).getByText('Partly refunded', { exact: true })).toBeVisible();
    // The admin's reason stays in the admin area.
    await expect(mine.getByText(/Late delivery/)).toHaveCount(0);
    // On a phone the cards wrap their words (the award's long title, the tracking number): nothing scrolls sideways.
    await mine.setViewportSize({ width: 360, height: 740 });
    await expect(status.getByText('On its way · partly refunded', { exact: true })).toBeVisible();
    expect(await mine.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await customer.close();
  });
});
