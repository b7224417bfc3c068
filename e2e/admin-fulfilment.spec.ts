import { expect, test } from './fixtures';
import { LOOPBACK, signInViaApi, toasts } from './support/auth-helpers';
import { atThePrintShop, paidFramedOrder } from './support/order-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

test.describe('fulfilment in /admin/orders', () => {
  test('an admin moves a paid order to printing, marks it shipped by hand after a bad link, and the customer sees the tracking', async ({ page, browser }) => {
    test.slow(); // the print shop draws the 300 DPI print file first
    const order = await paidFramedOrder(browser, { recipient: 'Sam', name: 'Sam Ortiz', line1: '9 Quay Street', shipping: 'standard' });
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await atThePrintShop(page, order.order_id);

    await page.goto(`/admin/orders?order=${order.order_id}`);
    const sheet = page.getByRole('dialog', { name: `Order ${order.order_number}` });
    const fulfilment = sheet.getByRole('region', { name: 'Fulfilment' });
    await expect(fulfilment).toContainText('Built-in print shop');
    await expect(fulfilment).toContainText('At the printer');
    await expect(fulfilment).toContainText(/LPS-[0-9A-F]{10}/);
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    // "Next step" asks first; backing out changes nothing.
    await fulfilment.getByRole('button', { name: 'Next step' }).click();
    const step = page.getByRole('dialog', { name: `Start printing ${order.order_number}?` });
    await step.getByRole('button', { name: 'Not yet' }).click();
    await expect(step).toHaveCount(0);
    await expect(fulfilment).toContainText('At the printer');
    await fulfilment.getByRole('button', { name: 'Next step' }).click();
    await step.getByRole('button', { name: 'Start printing' }).click();
    await expect(toasts(page)).toContainText(`${order.order_number} is being printed`);
    // The fulfilment machine's own words (FULFILMENT_LABELS), as the order's history has them.
    await expect(fulfilment).toContainText('Being printed');
    await expect(sheet.getByRole('region', { name: 'History' })).toContainText('Fulfilment: Being printed');

    // Marked shipped by hand: a plain http link is refused next to its field, and nothing typed is lost.
    await fulfilment.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = page.getByRole('dialog', { name: `Mark ${order.order_number} shipped?` });
    await ship.getByLabel('Carrier').fill('Royal Mail');
    await ship.getByLabel('Tracking number').fill('RM123456785GB');
    const link = ship.getByLabel('Tracking link (optional)');
    await link.fill('http://royalmail.example/track/RM123456785GB');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(link).toHaveAccessibleDescription('tracking_url must be an https:// address');
    await expect(link).toBeFocused();
    await expect(ship.getByLabel('Carrier')).toHaveValue('Royal Mail');
    await expect(ship.getByLabel('Tracking number')).toHaveValue('RM123456785GB');
    await expect(link).toHaveValue('http://royalmail.example/track/RM123456785GB');
    await link.fill('https://royalmail.example/track/RM123456785GB');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(toasts(page)).toContainText(`${order.order_number} is marked shipped`);
    await expect(ship).toHaveCount(0);
    await expect(fulfilment).toContainText('On its way');
    await expect(sheet.getByText('On its way', { exact: true }).first()).toBeVisible();
    await expect(fulfilment).toContainText('Royal Mail');
    await expect(fulfilment.getByRole('link', { name: /RM123456785GB/ })).toHaveAttribute('href', 'https://royalmail.example/track/RM123456785GB');
    await expect(fulfilment.getByRole('button', { name: 'Next step' })).toHaveCount(0);
    await expect(fulfilment.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0);

    const mine = await order.customer.newPage();
    await mine.goto(`/order/${order.order_id}?token=${order.access_token}`);
    await expect(mine.getByText('On its way. Follow the parcel with the tracking number below.')).toBeVisible();
    await expect(mine.getByText('Royal Mail', { exact: true })).toBeVisible();
    await expect(mine.getByText('Tracking number: RM123456785GB')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', 'https://royalmail.example/track/RM123456785GB');
    await order.customer.close();
  });
});

test.describe('/admin/jobs', () => {
  test('an admin sees the queues and their jobs, filters by state and queue in the URL, and axe finds nothing serious', async ({ page, browser }) => {
    test.slow(); // the print shop draws the 300 DPI print file first
    const order = await paidFramedOrder(browser, { recipient: 'Sam', name: 'Sam Ortiz', line1: '9 Quay Street', shipping: 'standard' });
    await order.customer.close();
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await atThePrintShop(page, order.order_id);

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Jobs', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    const queues = page.getByRole('table', { name: 'Jobs per queue and state' });
    await expect(queues.getByTestId('job-queue').filter({ hasText: 'order.released' })).toBeVisible();
    const rows = page.getByRole('table', { name: 'Jobs, newest first' }).getByTestId('job-row');
    await expect(rows.filter({ hasText: 'Paid orders' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'Print shop steps' }).first()).toContainText('Waiting');
    await pageSettled(page);
    expect(await axeSerious(page)).toEqual([]);

    await page.getByRole('radio', { name: 'Failed' }).check();
    await expect(page).toHaveURL(/state=failed/);
    await pageSettled(page); // the previous list stays, dimmed and busy, until the failed ones arrive
    // Nothing has failed in a healthy run; if something did, only failed jobs are listed.
    await expect(page.getByText('No failed jobs').or(rows.first())).toBeVisible();
    if (await rows.count()) for (const row of await rows.all()) await expect(row).toContainText('Failed');
    else await expect(page.getByText(/A job that fails every attempt stops here/)).toBeVisible();

    await page.getByRole('combobox', { name: 'Queue' }).selectOption({ label: 'Paid orders' });
    await expect(page).toHaveURL(/queue=order\.released/);
    await page.getByRole('radio', { name: 'All' }).check();
    await expect(page).not.toHaveURL(/state=/);
    await pageSettled(page);
    await expect(rows.first()).toContainText('Paid orders');
    for (const row of await rows.all()) await expect(row).toContainText('Paid orders');

    // The filter is the URL: a reload (or a shared link) shows the same list.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Queue' })).toHaveValue('order.released');
    await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(rows.first()).toContainText('Paid orders');
  });
});
