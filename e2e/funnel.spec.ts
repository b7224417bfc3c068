import type { Page, Request } from '@playwright/test';
import type { FunnelOrder } from '../src/contract/funnel';
import type { AdminOrder } from '../src/contract/shop';
import { expect, test } from './fixtures';
import { LOOPBACK, signInViaApi, waitForMail } from './support/auth-helpers';
import { axeSerious, hideTab, pageSettled } from './support/page-helpers';

const HEADER = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** /funnel/checkout: the name to print, contact and a US address, standard shipping → the test processor's page → paid with `card`. */
async function buyTheHero(page: Page, name: string, email: string, card = '4242 4242 4242 4242') {
  await page.goto('/funnel/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'One certificate. Printed, posted, impossible to ignore.' })).toBeVisible();
  await expect(HEADER(page)).toBeVisible();
  await page.getByLabel('Name on the certificate').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country or region').selectOption('US');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Address', { exact: true }).fill('1 Infinite Loop');
  await page.getByLabel('City').fill('Cupertino');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('Postal code').fill('95014');
  // $24.00 paper print + $5.99 standard shipping, shown before paying.
  await expect(page.getByRole('button', { name: 'Pay $29.99' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $29.99' }).click();
  await expect(page).toHaveURL(/\/pay\/test\/cs_test_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $29.99' }).click();
  // Back from the payment: the timer screen, without the header, the order's token gone from the address bar.
  await expect(page).toHaveURL('/funnel/timer');
  await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d+ is official\.$/ })).toBeVisible();
  await expect(HEADER(page)).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  return (await page.getByRole('heading', { level: 1 }).textContent())!.match(/ORD-\d+/)![0];
}

/** The funnel data this browser keeps (spec §9: `{product}_funnel`). */
const funnelData = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('certifiable_funnel') ?? 'null') as { order_id: string; token: string } | null);

test.describe('the sales funnel', () => {
  test('checkout → pay with 4242 → accept offer 1 → one order with both items and both charges', async ({ page, browser }) => {
    test.slow();
    const email = `funnel.${Date.now().toString(36)}@example.test`;
    const number = await buyTheHero(page, 'Dana Okafor', email);
    await page.getByRole('link', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/funnel/oto1');
    await expect(page.getByRole('heading', { level: 1, name: 'Frame it while the ink is wet' })).toBeVisible();
    await expect(HEADER(page)).toHaveCount(0);
    await expect(page.getByTestId('offer-price')).toHaveText('$35.40');
    await expect(page.getByText('Charged to the card ending 4242. No need to type it again.')).toBeVisible();
    // "No thanks" is always in plain sight.
    await expect(page.getByRole('button', { name: 'No thanks' })).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
    // A reload keeps the visitor on the offer (the funnel data is restored from storage).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Frame it while the ink is wet' })).toBeVisible();

    await page.getByRole('button', { name: 'Yes, add it for $35.40' }).click();
    await expect(page).toHaveURL('/funnel/thank-you');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you. It is official.' })).toBeVisible();
    await expect(HEADER(page)).toHaveCount(0);
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByText('2 items in 2 charges to the same card, $65.39 in all.', { exact: false })).toBeVisible();
    const items = page.getByRole('region', { name: 'Items' });
    await expect(items.getByText('Paper print · A4 / Letter')).toBeVisible();
    await expect(items.getByText('Framed certificate · A4 / Letter, black frame')).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    // The offer is settled: opening it again leads to the finished order, never back to the offer.
    await page.goto('/funnel/oto1');
    await expect(page).toHaveURL('/funnel/thank-you');

    // The receipt, held while the offer was open, lists both items.
    const mail = await waitForMail(email, `Order ${number} confirmed`);
    expect(mail.text).toContain('Paper print');
    expect(mail.text).toContain('Framed certificate');

    // The admin sees one order, two lines, two charges on the processor.
    const { order_id } = (await funnelData(page))!;
    const admin = await browser.newPage();
    await signInViaApi(admin, LOOPBACK.admin.email, LOOPBACK.admin.password);
    const order = (await (await admin.request.get(`/api/admin/orders/${order_id}`)).json()) as AdminOrder;
    expect(order).toMatchObject({ channel: 'funnel', status: 'paid', total: 6539 });
    expect(order.lines.map((l) => l.sku)).toEqual(['PRINT-A4', 'FRAME-A4-BLACK']);
    expect(order.payments.map((p) => [p.kind, p.amount])).toEqual([
      ['checkout', 2999],
      ['offer', 3540],
    ]);
    await admin.close();
  });

  test('no thanks → the downsell → no thanks → thank-you with the order as bought', async ({ page }) => {
    test.slow();
    await buyTheHero(page, 'Sam Rivera', `funnel.no.${Date.now().toString(36)}@example.test`);
    // The offer page opened directly, as from a bookmark: the visitor belongs there.
    await page.goto('/funnel/oto1');
    await page.getByRole('button', { name: 'No thanks' }).click();

    await expect(page).toHaveURL('/funnel/oto1-downsell');
    await expect(page.getByRole('heading', { level: 1, name: 'Not a frame person? Keep a digital copy' })).toBeVisible();
    await expect(HEADER(page)).toHaveCount(0);
    await expect(page.getByTestId('offer-price')).toHaveText('$4.50');
    // Offer 1 was answered: its page sends the visitor on to the downsell.
    await page.goto('/funnel/oto1');
    await expect(page).toHaveURL('/funnel/oto1-downsell');
    await page.getByRole('button', { name: 'No thanks, finish my order' }).click();

    await expect(page).toHaveURL('/funnel/thank-you');
    await expect(page.getByText(/1 item, \$29\.99 in all/)).toBeVisible();
    const data = (await funnelData(page))!;
    const funnel = (await (await page.request.get(`/api/funnel/orders/${data.order_id}?token=${encodeURIComponent(data.token)}`)).json()) as FunnelOrder;
    expect(funnel).toMatchObject({ closed: true, next_step: 'thank_you' });
    expect(funnel.offers.map((o) => o.status)).toEqual(['declined', 'declined']);
    expect(funnel.order.lines).toHaveLength(1);
  });

  test('a card that refuses the extra: the thank-you page says so, and the order is as bought', async ({ page }) => {
    test.slow();
    // 4000 0000 0000 0341 pays the order, then declines every later charge.
    const number = await buyTheHero(page, 'Kim Novak', `funnel.declined.${Date.now().toString(36)}@example.test`, '4000 0000 0000 0341');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/funnel/oto1');
    await expect(page.getByText('Charged to the card ending 0341. No need to type it again.')).toBeVisible();
    await page.getByRole('button', { name: 'Yes, add it for $35.40' }).click();

    await expect(page).toHaveURL('/funnel/thank-you');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you. It is official.' })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'The extra was not added' });
    await expect(notice).toContainText('Your card was declined for the extra; your order is unchanged.');
    await expect(page.getByTestId('order-number')).toHaveText(number);
    await expect(page.getByText('1 item, $29.99 in all.', { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' }).getByText('Framed certificate')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' }).getByText('Extra not added')).toBeVisible();
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    // A reload keeps saying it: the notice comes with the funnel order, not with the click.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'The extra was not added' })).toContainText('your order is unchanged');
    const data = (await funnelData(page))!;
    const funnel = (await (await page.request.get(`/api/funnel/orders/${data.order_id}?token=${encodeURIComponent(data.token)}`)).json()) as FunnelOrder;
    expect(funnel).toMatchObject({ next_step: 'thank_you', notice: 'Your card was declined for the extra; your order is unchanged.' });
    expect(funnel.offers.map((o) => o.status)).toEqual(['failed', 'skipped']);
  });

  test('a funnel page opened without funnel data goes to the funnel’s checkout, never a broken page', async ({ page }) => {
    for (const path of ['/funnel/timer', '/funnel/oto1', '/funnel/oto1-downsell', '/funnel/thank-you']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/funnel/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'One certificate. Printed, posted, impossible to ignore.' })).toBeVisible();
    }
    // Data of an order the server does not know (or a wrong token) is dropped, and the visitor starts afresh.
    await page.evaluate(() =>
      localStorage.setItem('certifiable_funnel', JSON.stringify({ order_id: '00000000-0000-4000-8000-000000000000', token: 'nope' })),
    );
    await page.goto('/funnel/oto1');
    await expect(page).toHaveURL('/funnel/checkout');
    expect(await funnelData(page)).toBeNull();
  });

  test.describe('with analytics allowed', () => {
    test.use({ consent: 'none' });

    test('each step is recorded, and the admin’s sales funnel shows the conversion', async ({ page, browser }) => {
      test.slow();
      const sent: Request[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/analytics/events') sent.push(r);
      });
      await page.goto('/funnel/checkout');
      await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept All' }).click();
      await buyTheHero(page, 'Ada Quill', `funnel.stats.${Date.now().toString(36)}@example.test`);
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Yes, add it for $35.40' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you. It is official.' })).toBeVisible();
      // The visitor switches away: the waiting events leave in a beacon from the live page (leaving for another
      // page sends them too, but a beacon of a page being torn down is not always reported to the test).
      await hideTab(page);
      // Batches go out as they fill, after 10 s and when the page hides: the last one (with thank_you) may come after others.
      const steps = () =>
        new Set(
          sent
            .flatMap((r) => (JSON.parse(r.postData() ?? '{}') as { events?: { event_type: string; event_data?: { step?: string } }[] }).events ?? [])
            .filter((e) => e.event_type === 'funnel_step')
            .map((e) => e.event_data?.step),
        );
      await expect.poll(steps).toEqual(new Set(['checkout', 'paid', 'oto1', 'oto1_accepted', 'thank_you']));

      const admin = await browser.newPage();
      await signInViaApi(admin, LOOPBACK.admin.email, LOOPBACK.admin.password);
      const today = new Date().toISOString().slice(0, 10);
      await expect
        .poll(async () => {
          const report = (await (await admin.request.get(`/api/admin/analytics?from=${today}&to=${today}`)).json()) as { sales_funnel: { step: string; visitors: number }[] };
          return Object.fromEntries(report.sales_funnel.map((s) => [s.step, s.visitors > 0]));
        })
        .toMatchObject({ checkout: true, paid: true, oto1: true, oto1_accepted: true, thank_you: true });
      await admin.goto('/admin/analytics?period=today');
      await expect(admin.getByTestId('sales-funnel-table').getByRole('rowheader', { name: 'Took the one-time offer' })).toBeVisible();
      await admin.close();
    });
  });

  test('on a phone: the whole price before paying, and the offer with its “no thanks” on one screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/funnel/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The summary comes before the form on a phone: what it is and what it costs, first.
    await expect(page.getByRole('complementary', { name: 'Your certificate and order summary' }).getByText('Total', { exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);
  });
});
