import type { Page } from '@playwright/test';
import type { Award } from '../src/contract/awards';
import { expect, test } from './fixtures';
import { createVerifiedUser, LOOPBACK, signInViaApi, waitForMail } from './support/auth-helpers';
import { addFramedPrint, downloadInvoice } from './support/order-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

async function awardOf(page: Page, index: number): Promise<Award> {
  return ((await (await page.request.get('/api/awards')).json()) as Award[])[index]!;
}

/** /cart → Checkout → contact and a US address (unless prefilled) → Pay. Lands on the test processor's page. */
async function checkOut(page: Page, email: string | null) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('note').getByText('Test mode.')).toBeVisible();
  if (email) await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country or region').selectOption('US');
  await page.getByLabel('Full name').fill('Dana Okafor');
  await page.getByLabel('Address', { exact: true }).fill('1 Infinite Loop');
  await page.getByLabel('City').fill('Cupertino');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('Postal code').fill('95014');
  await page.getByRole('radio', { name: /Express/ }).check();
  // 64.00 + 19.99 express
  await expect(page.getByRole('button', { name: 'Pay $83.99' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $83.99' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: '$83.99' })).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $83.99' }).click();
}

test.describe('checkout and payment', () => {
  test('guest: cart → checkout → declined card keeps the cart and says why → 4242 pays → receipt survives a reload', async ({ page }) => {
    const award = await awardOf(page, 3);
    await addFramedPrint(page, award, 'Dana Okafor');
    const email = `guest.${Date.now().toString(36)}@example.test`;
    await checkOut(page, email);

    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert').getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    const paymentPage = page.url();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $83.99' }).click();
    await expect(page).toHaveURL(/\/order\/success\?order=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is in.' })).toBeVisible();
    const number = (await page.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^ORD-\d+$/);
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText(/7–14 business days/).first()).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByRole('region', { name: 'Status' }).getByText('Paid', { exact: true })).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    const mail = await waitForMail(email, `Order ${number} confirmed`);
    expect(mail.text).toContain('$83.99');
    // The paid page does not take the card again.
    await page.goto(paymentPage);
    await expect(page.getByRole('heading', { name: 'Already paid' })).toBeVisible();
  });

  test('signed in: details prefilled, 3-D Secure passed, the order page shows it paid, my account lists it; others cannot open it', async ({ page, request, browser }) => {
    // Three browser contexts, a 3-D Secure step and an axe scan: a long journey that needs more than 30 s on a busy CI.
    test.slow();
    const user = await createVerifiedUser(request, { prefix: 'buyer', fullName: 'Dana Okafor' });
    await signInViaApi(page, user.email, user.password);
    const award = await awardOf(page, 4);
    await addFramedPrint(page, award, 'Sam Lee');
    await page.goto('/checkout');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Full name')).toHaveValue('Dana Okafor');
    await checkOut(page, null);
    await payWith(page, '4000 0025 0000 3155');
    await expect(page.getByRole('heading', { name: 'Authenticate this payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/order\/success/);
    const orderId = new URL(page.url()).searchParams.get('order')!;

    await page.goto(`/order/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d+$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status' }).getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' }).getByText('For Sam Lee')).toBeVisible();
    // The address as the United States writes it: city, state and ZIP code on one line.
    await expect(page.getByRole('region', { name: 'Delivery' }).getByText('Cupertino, CA 95014', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Placed \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Order ', '');

    // My account lists it, and leads back to it.
    await page.goto('/account');
    const mine = page.getByTestId('my-order');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(`${number} · Paid`);
    await mine.click();
    await expect(page).toHaveURL(`/order/${orderId}`);
    // The invoice comes with the receipt (a job a moment after the payment): a PDF from the order page.
    await downloadInvoice(page);

    // Another account gets "not found", a signed-out visitor is sent to sign in.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const stranger = await createVerifiedUser(other.request, { prefix: 'stranger' });
    await signInViaApi(otherPage, stranger.email, stranger.password);
    await otherPage.goto(`/order/${orderId}`);
    await expect(otherPage.getByRole('heading', { name: 'We could not find that order' })).toBeVisible();
    await other.close();
    const anon = await browser.newContext();
    const anonPage = await anon.newPage();
    await anonPage.goto(`/order/${orderId}`);
    await expect(anonPage).toHaveURL(/\/auth\?redirect=/);
    await anon.close();
  });

  test('axe finds nothing on the checkout and payment pages; a bad postal code is named', async ({ page }) => {
    await addFramedPrint(page, await awardOf(page, 1), 'Alex');
    await page.goto('/checkout');
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    await page.getByLabel('Email').fill('axe@example.test');
    await page.getByLabel('Country or region').selectOption('US');
    await page.getByLabel('Full name').fill('Alex');
    await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('State').selectOption('IL');
    await page.getByLabel('Postal code').fill('ABC');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByText('That is not a postal code in United States of America')).toBeVisible();
    await expect(page.getByLabel('Postal code')).toBeFocused();
    await page.getByLabel('Postal code').fill('62701');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    // The payment page itself, not the moment between the two pages.
    await expect(page.getByLabel('Card number')).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
  });
});

test.describe('orders in the admin area', () => {
  test('an admin finds a paid order, refunds part of it and then the rest; the customer sees it', async ({ page, browser }) => {
    // Two contexts, two refunds through the processor, an axe scan: past 30 s on a busy 2-core machine.
    test.slow();
    // A guest's paid order, placed through the API as the checkout page would.
    const customer = await browser.newContext();
    const api = customer.request;
    const catalogue = (await (await api.get('/api/store/products')).json()) as { products: { variants: { id: string; sku: string }[] }[] };
    const variant = catalogue.products.flatMap((p) => p.variants).find((v) => v.sku === 'PRINT-A4')!;
    const award = await awardOf(page, 0);
    const email = `refund.${Date.now().toString(36)}@example.test`;
    const placed = await api.post('/api/checkout', {
      headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      data: {
        email,
        lines: [{ variant_id: variant.id, quantity: 1, design: { award_id: award.id, recipient_name: 'Kim' } }],
        shipping_address: { name: 'Kim Lee', line1: '2 Side Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
        shipping_method: 'standard',
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const order = (await placed.json()) as { order_id: string; order_number: string; payment_url: string; access_token: string };
    const paid = await api.post(`/api/test-payments/${order.payment_url.split('/').pop()}/pay`, { data: { card_number: '4242424242424242', expiry: '12/34', cvc: '123' } });
    expect(paid.status()).toBe(200);

    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expect(page).toHaveURL(/q=refund/);
    await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
    await page.getByRole('button', { name: order.order_number }).click();
    const sheet = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    await expect(sheet.getByText('Paid', { exact: true }).first()).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    await sheet.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: `Refund ${order.order_number}?` });
    await refund.getByLabel('Amount (USD)').fill('10.00');
    await refund.getByLabel(/^Reason/).fill('Frame corner scuffed');
    await refund.getByRole('button', { name: 'Refund $10.00' }).click();
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText(`Refunded $10.00 of ${order.order_number}`)).toBeVisible();
    await expect(sheet.getByText('Partly refunded').first()).toBeVisible();

    await sheet.getByRole('button', { name: 'Refund' }).click();
    await expect(refund.getByLabel('Amount (USD)')).toHaveValue('19.99');
    await refund.getByRole('button', { name: 'Refund $19.99' }).click();
    await expect(sheet.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Refund' })).toBeDisabled();

    const view = await customer.newPage();
    await view.goto(`/order/${order.order_id}?token=${order.access_token}`);
    await expect(view.getByRole('region', { name: 'Status' }).getByText('Refunded', { exact: true })).toBeVisible();
    // The admin's reason stays in the admin area.
    await expect(view.getByText(/Frame corner scuffed/)).toHaveCount(0);
    await customer.close();
    await waitForMail(email, `Order ${order.order_number}: refunded`);
  });
});

test.describe('products and discount codes in the admin area', () => {
  test('an admin adds a product with a variant and a discount code; the store sells it and checkout takes the code', async ({ page, request }) => {
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(page.getByTestId('admin-product').filter({ hasText: 'Framed certificate' })).toContainText('FRAME-A4-OAK');
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    const stamp = Date.now().toString(36);
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('form', { name: 'New product' });
    await form.getByLabel('Name').fill(`Mini print ${stamp}`);
    await form.getByLabel('Slug').fill(`mini-print-${stamp}`);
    await form.getByRole('button', { name: 'Create product' }).click();
    const card = page.getByTestId('admin-product').filter({ hasText: `Mini print ${stamp}` });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Add a variant' }).click();
    const variant = card.getByRole('form', { name: /^New variant of/ });
    await variant.getByLabel('SKU').fill(`MINI-${stamp}`);
    await variant.getByLabel('Name').fill('A5');
    await variant.getByLabel('Size').fill('A5 (148 × 210 mm)');
    await variant.getByLabel('Price (USD)').fill('12.50');
    await variant.getByRole('button', { name: 'Add variant' }).click();
    await expect(card.getByText(`MINI-${stamp.toUpperCase()}`, { exact: false })).toBeVisible();

    const code = `E2E${stamp}`.toUpperCase();
    await page.getByRole('button', { name: 'New discount code' }).click();
    const codeForm = page.getByRole('form', { name: 'New discount code' });
    await codeForm.getByLabel('Code').fill(code);
    await codeForm.getByLabel('Percent off').fill('20');
    await codeForm.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('20% off');

    // The store sells it; the checkout summary takes the code.
    await page.goto('/store');
    await expect(page.getByRole('radio', { name: new RegExp(`Mini print ${stamp}`) })).toBeVisible();
    const catalogue = (await (await page.request.get('/api/store/products')).json()) as { products: { name: string; variants: { id: string; price: number }[] }[] };
    const mini = catalogue.products.find((p) => p.name === `Mini print ${stamp}`)!;
    expect(mini.variants[0]!.price).toBe(1250);
    const award = await awardOf(page, 0);
    // A shopper (no session) prices it with the code.
    const quote = await request.post('/api/store/quote', {
      data: { lines: [{ variant_id: mini.variants[0]!.id, quantity: 2, design: { award_id: award.id } }], discount_code: code.toLowerCase() },
    });
    expect(await quote.json()).toMatchObject({ subtotal: 2500, discount: { code, amount: 500 } });
  });
});

test.describe('checkout on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the guest journey fits the screen and pays', async ({ page }) => {
    await addFramedPrint(page, await awardOf(page, 2), 'Robin');
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    await checkOut(page, 'phone@example.test');
    expect(await sideways()).toBe(false);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is in.' })).toBeVisible();
    expect(await sideways()).toBe(false);
  });
});
