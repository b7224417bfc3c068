// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Award } from '@/contract/awards';
import type { StoreCatalogue } from '@/contract/shop';
import { discountCodes, orderOverview, orders } from '@/server/db/schema/index';
import { DOUBLE_CLICK_MS } from '@/server/modules/checkout/checkout-requests';
import { reconcileJob } from '@/server/modules/payments';
import { TestClient } from '@/server/test/auth-client';
import { AuthProvider } from '@/web/lib/auth';
import { CartProvider, type CartItem } from '@/web/lib/cart';
import { STORAGE_KEYS } from '@/web/lib/storage-keys';
import { startLiveApp, type LiveApp } from '@/web/test/live-app';
import { renderWithApp } from '@/web/test/render';
import { CheckoutPage } from './checkout-page';

let live: LiveApp;
let award: Award;
let catalogue: StoreCatalogue;
beforeAll(async () => {
  live = await startLiveApp('/checkout');
  award = (await live.app.inject({ method: 'GET', url: '/api/awards' })).json<Award[]>()[0]!;
  catalogue = (await live.app.inject({ method: 'GET', url: '/api/store/products' })).json<StoreCatalogue>();
});
afterAll(async () => {
  await live?.close();
});
beforeEach(() => localStorage.clear());

/** The print-ready PDF for `recipient`: nothing ships, so the checkout asks only for an email. */
function pdfLine(recipient: string): CartItem {
  const product = catalogue.products.find((p) => p.variants.some((v) => v.sku === 'PDF'))!;
  const variant = product.variants.find((v) => v.sku === 'PDF')!;
  return {
    id: `${product.id}-${variant.id}-1`,
    productId: product.id,
    variantId: variant.id,
    quantity: 1,
    price: variant.price,
    currency: 'USD',
    design: { award_id: award.id, template_id: null, recipient_name: recipient, share_id: null },
    productName: product.name,
    variantName: variant.name,
    imageUrl: variant.image_url,
    awardTitle: award.title,
  };
}

function renderCheckout(item: CartItem) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ owner: null, dirty: false, items: [item] }));
  return renderWithApp(
    <AuthProvider>
      <CartProvider>
        <CheckoutPage />
      </CartProvider>
    </AuthProvider>,
    { path: '/checkout' },
  );
}

/** The email, once the session lookup has said nobody is signed in (the field waits for it). */
async function typeEmail(user: ReturnType<typeof renderWithApp>['user'], email: string) {
  const field = await screen.findByLabelText('Email');
  await waitFor(() => expect(field).toBeEnabled());
  await user.type(field, email);
  expect(field).toHaveValue(email);
}

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;
const emailed = (email: string) => live.database.db.select({ id: orders.id }).from(orders).where(eq(orders.email, email));

describe('CheckoutPage', () => {
  it('a code whose last use another checkout took: "used up" under the discount field, focused; paying again goes ahead without it', async () => {
    await live.database.db.insert(discountCodes).values({ code: 'LASTONE', kind: 'percent', value: 50, usageLimit: 1 });
    const { user } = renderCheckout(pdfLine('Dana'));
    await typeEmail(user, 'last-one@example.test');
    await user.type(screen.getByLabelText('Discount code'), 'lastone');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/^LASTONE applied/)).toBeVisible();
    const pay = await screen.findByRole('button', { name: 'Pay $4.50' });

    // Meanwhile another shopper's checkout takes the code's last use.
    const other = new TestClient(live.app);
    other.ip = '198.51.100.77';
    const taken = await other.request({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'idempotency-key': `test-${crypto.randomUUID()}` },
      payload: { email: 'quicker@example.test', lines: [{ variant_id: pdfLine('x').variantId, quantity: 1, design: { award_id: award.id } }], discount_code: 'LASTONE' },
    });
    expect(taken.statusCode, taken.body).toBe(200);

    await user.click(pay);
    const code = screen.getByLabelText('Discount code');
    await waitFor(() => expect(code).toHaveAccessibleDescription('This code has been used up.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(code).toHaveValue('lastone');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(currentPath()).toBe('/checkout');
    expect(await emailed('last-one@example.test')).toEqual([]);

    // The code is off the order: the whole price, and paying places the order.
    await user.click(await screen.findByRole('button', { name: 'Pay $9.00' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/pay\/test\/cs_test_/));
    expect(await emailed('last-one@example.test')).toHaveLength(1);
    // Typing in the field again clears what the server said.
    await user.type(code, 'x');
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it('a checkout whose payment page has closed: the message, and the next press places a new order', async () => {
    const { user } = renderCheckout(pdfLine('Sam'));
    const email = 'expired@example.test';
    await typeEmail(user, email);
    await user.click(await screen.findByRole('button', { name: 'Pay $9.00' }));
    await waitFor(() => expect(currentPath()).toMatch(/^\/pay\/test\/cs_test_/));
    const firstPage = currentPath();
    const [first] = await emailed(email);

    // Nobody paid in time: the reconciliation closes the payment page and gives the order up.
    await live.database.rows(sql`update orders set expires_at = now() - interval '1 minute' where id = ${first!.id}`);
    await live.app.jobs.send(reconcileJob, {});
    await waitFor(
      async () => expect((await live.database.db.select().from(orderOverview).where(eq(orderOverview.id, first!.id)))[0]).toMatchObject({ status: 'abandoned' }),
      { timeout: 20_000 },
    );

    // Back on the page (still mounted, the same details): the same checkout again is refused, and says what to do. A
    // press within a double click's interval of the first answer gets that answer again (decision 146); this one
    // comes later, as a shopper's would after the page has closed.
    await new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_MS));
    await user.click(screen.getByRole('button', { name: 'Pay $9.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This checkout has expired. Your cart is still there: please check out again.');
    expect(await emailed(email)).toHaveLength(1);

    // The next press is a new checkout: a new order and its own payment page.
    await user.click(screen.getByRole('button', { name: 'Pay $9.00' }));
    await waitFor(() => expect(currentPath()).not.toBe(firstPage));
    expect(currentPath()).toMatch(/^\/pay\/test\/cs_test_/);
    expect(await emailed(email)).toHaveLength(2);
  });

  it('a 100 % discount on a download: nothing to pay, and the next page is the paid order’s', async () => {
    await live.database.db.insert(discountCodes).values({ code: 'ONTHEHOUSE', kind: 'percent', value: 100 });
    const { user } = renderCheckout(pdfLine('Robin'));
    await typeEmail(user, 'free@example.test');
    await user.type(screen.getByLabelText('Discount code'), 'ONTHEHOUSE{Enter}');
    const place = await screen.findByRole('button', { name: 'Place my order (nothing to pay)' });
    expect(screen.getByText('Your discount covers all of it: nothing is charged and no card is needed.')).toBeVisible();
    await user.click(place);
    await waitFor(() => expect(currentPath()).toBe('/order/success'));
    const [order] = await emailed('free@example.test');
    expect((await live.database.db.select().from(orderOverview).where(eq(orderOverview.id, order!.id)))[0]).toMatchObject({ total: 0, paymentStatus: 'paid' });
  });
});
