import { expect, test } from '@playwright/test';
import { csrfHeaders, LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';

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
    const customer = await browser.newContext();
    const api = customer.request;
    const catalogue = (await (await api.get('/api/store/products')).json()) as { products: { variants: { id: string; sku: string }[] }[] };
    const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'FRAME-A4-BLACK')!;
    const [award] = (await (await api.get('/api/awards')).json()) as { id: string }[];
    const placed = await api.post('/api/checkout', {
      headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      data: {
        email: `ship.${Date.now().toString(36)}@example.test`,
        lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: award!.id, recipient_name: 'Robin' } }],
        shipping_address: { name: 'Robin Park', line1: '3 Harbour Road', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
        shipping_method: 'express',
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const order = (await placed.json()) as { order_id: string; payment_url: string; access_token: string };
    const paid = await api.post(`/api/test-payments/${order.payment_url.split('/').pop()}/pay`, { data: { card_number: '4242424242424242', expiry: '12/34', cvc: '123' } });
    expect(paid.status()).toBe(200);

    // The print shop takes it (its files drawn), then an admin moves it on twice: in production, shipped.
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    const headers = await csrfHeaders(page.request);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/admin/orders/${order.order_id}`)).json()) as { fulfilment: { status: string } }).fulfilment.status, {
        timeout: 30_000,
      })
      .toBe('submitted');
    for (const expected of ['in_production', 'shipped']) {
      const res = await page.request.post(`/api/admin/orders/${order.order_id}/fulfilment/advance`, { headers, data: {} });
      expect(res.status(), await res.text()).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe(expected);
    }

    const mine = await customer.newPage();
    await mine.goto(`/order/${order.order_id}?token=${order.access_token}`);
    await expect(mine.getByText('On its way. Follow the parcel with the tracking number below.')).toBeVisible();
    await expect(mine.getByText(/Tracking number: JD[0-9A-F]{16}/)).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', /dhl\.com/);
    await customer.close();
  });
});
