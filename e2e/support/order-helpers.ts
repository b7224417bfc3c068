import { expect, type Browser, type Page } from '@playwright/test';

/**
 * Store → framed A4 oak for `name` at the shelf price `price` ($64.00, or its price list's in the shopper's currency)
 * → cart badge 1, as a shopper adds it on the store page.
 */
export async function addFramedPrint(page: Page, award: { id: string }, name: string, price = '$64.00') {
  await page.goto(`/store?award=${award.id}`);
  await page.getByRole('textbox', { name: 'Name on the certificate' }).fill(name);
  await page.getByRole('radio', { name: /Framed certificate/ }).check();
  await page.getByRole('radio', { name: 'A4 / Letter (210 × 297 mm)' }).check();
  await page.getByRole('radio', { name: 'Oak frame' }).check();
  await expect(page.getByTestId('store-price')).toHaveText(price);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
}

/**
 * A guest's paid framed certificate (FRAME-A4-BLACK), placed and paid through the API as the checkout pages
 * would; returns the order and the customer's browser context (which holds nothing but the order link).
 */
export async function paidFramedOrder(browser: Browser, opts: { recipient: string; name: string; line1: string; shipping: 'standard' | 'express' }) {
  const customer = await browser.newContext();
  const api = customer.request;
  const catalogue = (await (await api.get('/api/store/products')).json()) as { products: { variants: { id: string; sku: string }[] }[] };
  const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'FRAME-A4-BLACK')!;
  const [award] = (await (await api.get('/api/awards')).json()) as { id: string }[];
  const placed = await api.post('/api/checkout', {
    headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      email: `parcel.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`,
      lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: award!.id, recipient_name: opts.recipient } }],
      shipping_address: { name: opts.name, line1: opts.line1, city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
      shipping_method: opts.shipping,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()) as { order_id: string; order_number: string; payment_url: string; access_token: string };
  const paid = await api.post(`/api/test-payments/${order.payment_url.split('/').pop()}/pay`, { data: { card_number: '4242424242424242', expiry: '12/34', cvc: '123' } });
  expect(paid.status()).toBe(200);
  return { ...order, customer };
}

/**
 * Waits (as an admin's page) until the print provider has the order (the submission job has run) and, at the
 * built-in print shop, its print files are drawn (their own job): only then can an admin move it on ("Next step").
 */
export async function atThePrintShop(page: Page, orderId: string) {
  await expect
    .poll(
      async () => {
        const { fulfilment } = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as { fulfilment: { status: string; can_advance: boolean } };
        return [fulfilment.status, fulfilment.can_advance];
      },
      { timeout: 60_000 },
    )
    .toEqual(['submitted', true]);
}

/**
 * The order page's invoice, once the receipt job has issued it (a moment after the payment): reloads until the
 * "Invoices" box lists it, then downloads it as the buyer would — a PDF.
 */
export async function downloadInvoice(page: Page) {
  const invoice = page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: /^Invoice INV-\d{6} \(PDF\)$/ });
  await expect(async () => {
    await page.reload();
    await expect(invoice).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const pdf = await page.request.get((await invoice.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  return pdf;
}
