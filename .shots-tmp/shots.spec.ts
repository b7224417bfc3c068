import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { csrfHeaders, LOOPBACK, signInViaApi } from '../e2e/support/auth-helpers';
import { atThePrintShop, paidFramedOrder } from '../e2e/support/order-helpers';

const WIDTHS = [
  ['360', { width: 360, height: 780 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;

async function shoot(page: Page, name: string) {
  for (const [label, size] of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(`${name} @ ${label}: horizontal overflow ${overflow}px`);
    if (overflow > 0) {
      const wide = await page.evaluate(() => {
        const w = document.documentElement.clientWidth;
        return Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > w + 0.5)
          .slice(0, 8)
          .map((e) => `${e.tagName}.${String(e.className).slice(0, 80)} right=${Math.round(e.getBoundingClientRect().right)}`);
      });
      console.log(wide.join('\n'));
    }
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png`, fullPage: true });
    if (label === '360') {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < Math.min(height, 3200); y += 760, i++) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(150);
        await page.screenshot({ path: `/tmp/shots/${name}-${label}-part${i}.png` });
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }
}

test('order page: shipped, partly refunded', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const order = await paidFramedOrder(browser, { recipient: 'Robin', name: 'Robin Park', line1: '3 Harbour Road', shipping: 'express' });
  await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
  const headers = await csrfHeaders(page.request);
  await atThePrintShop(page, order.order_id);
  for (const expected of ['in_production', 'shipped']) {
    const res = await page.request.post(`/api/admin/orders/${order.order_id}/fulfilment/advance`, { headers, data: {} });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe(expected);
  }
  const refund = await page.request.post(`/api/admin/orders/${order.order_id}/refund`, { headers, data: { amount: 1000, reason: 'Late delivery' } });
  expect(refund.status(), await refund.text()).toBe(200);

  await order.customer.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('cookie-preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false }));
  });
  const mine = await order.customer.newPage();
  await mine.goto(`/order/${order.order_id}?token=${order.access_token}`);
  await expect(mine.getByText('On its way · partly refunded', { exact: true })).toBeVisible();
  await shoot(mine, 'order-shipped-partly-refunded');

  // The same page with the order in two parcels (the API's answer given a second shipment): the layout of several.
  await mine.route(`**/api/orders/${order.order_id}?*`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { shipments: unknown[]; tracking: unknown };
    const second = { number: 'RM123456785GB', url: 'https://royalmail.example/track/RM123456785GB', carrier: 'Royal Mail', shipped_at: new Date().toISOString() };
    await route.fulfill({ response: res, json: { ...body, shipments: [...body.shipments, second], tracking: second } });
  });
  await mine.reload();
  await expect(mine.getByRole('list', { name: 'Parcels' })).toBeVisible();
  await shoot(mine, 'order-two-parcels');

  // The admin's sheet of the same order.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/orders?order=${order.order_id}`);
  await expect(page.getByRole('dialog', { name: `Order ${order.order_number}` }).getByRole('region', { name: 'History' })).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/shots/admin-sheet-desktop.png', fullPage: false });
  await page.getByRole('dialog').getByRole('region', { name: 'History' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/shots/admin-sheet-history-desktop.png', fullPage: false });
  await page.goto('/admin/orders');
  await expect(page.getByTestId('admin-order-row').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/shots/admin-list-desktop.png', fullPage: false });
  await order.customer.close();
});

test('funnel thank-you: the declined extra', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/funnel/checkout');
  await page.getByLabel('Name on the certificate').fill('Kim Novak');
  await page.getByLabel('Email').fill(`shots.${Date.now().toString(36)}@example.test`);
  await page.getByLabel('Country or region').selectOption('US');
  await page.getByLabel('Full name').fill('Kim Novak');
  await page.getByLabel('Address', { exact: true }).fill('1 Infinite Loop');
  await page.getByLabel('City').fill('Cupertino');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('Postal code').fill('95014');
  await page.getByRole('button', { name: 'Pay $29.99' }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $29.99' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes, add it for $35.40' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The extra was not added' })).toBeVisible();
  await shoot(page, 'funnel-thank-you-declined-extra');
});
