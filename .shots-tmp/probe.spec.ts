import { expect, test } from '../e2e/fixtures';
import { paidFramedOrder } from '../e2e/support/order-helpers';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('probe overflow', async ({ page, browser }) => {
  const order = await paidFramedOrder(browser, { recipient: 'Robin', name: 'Robin Park', line1: '3 Harbour Road', shipping: 'express' });
  await page.goto(`/order/${order.order_id}?token=${order.access_token}`);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await page.waitForTimeout(1500);
  const r = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const over = Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w + 0.5);
    const leaves = over.filter((e) => !Array.from(e.children).some((c) => over.includes(c)));
    const sections = Array.from(document.querySelectorAll('section, section *')).map((e) => {
      const el = e as HTMLElement;
      const old = el.style.width;
      el.style.width = 'min-content';
      const mc = el.getBoundingClientRect().width;
      el.style.width = old;
      return [mc, `${el.tagName}.${String(el.className).slice(0, 70)} [${(el.textContent ?? '').slice(0, 30)}]`] as const;
    });
    sections.sort((a, b) => b[0] - a[0]);
    return { w, sw: document.documentElement.scrollWidth, bodyOverflow: getComputedStyle(document.body).overflowX, htmlOverflow: getComputedStyle(document.documentElement).overflowX, leaves: leaves.slice(0, 10).map((e) => `${e.tagName}.${String(e.className).slice(0, 100)} [${(e.textContent ?? '').slice(0, 40)}] right=${Math.round(e.getBoundingClientRect().right)}`), widest: sections.slice(0, 12).map(([m, d]) => `${Math.round(m)} ${d}`) };
  });
  console.log(JSON.stringify(r, null, 1));
  await page.screenshot({ path: '/tmp/shots/probe-mobile.png' });
  await order.customer.close();
});
