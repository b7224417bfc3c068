import type { Browser, Page } from '@playwright/test';
import type { Quiz } from '../src/contract/quiz';
import { ADMIN_SECTIONS } from '../src/web/app/routes/admin/admin-sections';
import { expect, test } from './fixtures';
import { csrfHeaders, LOOPBACK, signInViaApi } from './support/auth-helpers';
import { createNomination, uniqueName } from './support/nomination-helpers';
import { paidFramedOrder } from './support/order-helpers';
import { axeSerious, pageSettled } from './support/page-helpers';

/**
 * Issue 26: a real 360 px phone over every page of the site map, the admin area and the pages only a link opens
 * (checkout, claim, quiz result, order). On each: no serious or critical axe violation, no sideways scroll, nothing
 * fixed or sticky (the header, the bug button, a banner, an action bar) lying over content it cannot be scrolled
 * off, and every aria-controls naming an element that is there.
 */

/** Content a fixed or sticky element must never lie over. */
const CONTENT = 'input:not([type="hidden"]), select, textarea, button, a[href], img, td, th, h1, h2, h3, h4, h5, h6, p, label';

/**
 * Runs in the page, scrolled to its top or its bottom (`edge`; 'both' for a page that does not scroll). A fixed
 * element has no place of its own, so it must cover nothing at either end. A sticky one must cover nothing where it
 * comes to rest: a header at the top of the page, a bottom bar (the nominate form's, the cookie banner) at the bottom;
 * in between it lies over what is being scrolled past, and scrolling on uncovers it.
 * Coverage is what a person meets: document.elementFromPoint at the centre and corners of each content element under
 * the overlay's box answers the overlay.
 */
function coveredContent({ edge, content }: { edge: 'top' | 'bottom' | 'both'; content: string }): string[] {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const describe = (el: Element) => {
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const id = el.id ? `#${el.id}` : '';
    const cls = el.getAttribute('class') ? `.${el.getAttribute('class')!.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  const shown = (el: Element) => {
    const cs = getComputedStyle(el);
    return cs.display !== 'none' && cs.visibility !== 'hidden' && Number(cs.opacity) > 0;
  };
  const overlays = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((el) => {
    const { position } = getComputedStyle(el);
    if (position !== 'fixed' && position !== 'sticky') return false;
    if (!shown(el)) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw) return false;
    if (position === 'fixed' || edge === 'both') return true;
    const middle = (r.top + r.bottom) / 2;
    return edge === 'top' ? middle < vh / 2 : middle >= vh / 2;
  });
  // The outermost only: a fixed bar's own buttons are its content.
  const outer = overlays.filter((el) => !overlays.some((o) => o !== el && o.contains(el)));
  const problems: string[] = [];
  const candidates = Array.from(document.querySelectorAll<HTMLElement>(content));
  for (const overlay of outer) {
    const box = overlay.getBoundingClientRect();
    for (const el of candidates) {
      if (overlay.contains(el) || el.contains(overlay) || !shown(el)) continue;
      const r = el.getBoundingClientRect();
      // Visually hidden text (sr-only: 1 px, clipped) is not something one sees covered.
      if (r.width < 4 || r.height < 4) continue;
      if (r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom) continue;
      const inset = 2;
      const points: [number, number][] = [
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
        [r.left + inset, r.top + inset],
        [r.right - inset, r.top + inset],
        [r.left + inset, r.bottom - inset],
        [r.right - inset, r.bottom - inset],
      ];
      const covered = points.some(([x, y]) => {
        if (x < 0 || y < 0 || x >= vw || y >= vh) return false;
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && overlay.contains(hit) && !el.contains(hit);
      });
      if (covered) problems.push(`${describe(overlay)} covers ${describe(el)}`);
    }
  }
  return problems;
}

/**
 * Runs in the page: nothing sticks out past the sides of the screen. The body clips sideways overflow (styles.css), so
 * a page too wide for the phone does not scroll: its right-hand side is cut off, which scrollWidth alone does not see.
 * What sticks out inside a box that scrolls or clips sideways (a row of tabs) is that box's business.
 */
function cutOff(): string[] {
  const vw = document.documentElement.clientWidth;
  const offending = new Set<Element>();
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || (r.right <= vw + 1 && r.left >= -1)) continue;
    // Inside a box that scrolls or clips sideways, or inside something fixed (a toast sliding out), it is not the page.
    let clipped = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.position === 'fixed') {
        clipped = true;
        break;
      }
    }
    const cs = getComputedStyle(el);
    if (!clipped && cs.visibility !== 'hidden' && cs.position !== 'fixed') offending.add(el);
  }
  return [...offending]
    .filter((el) => !el.parentElement || !offending.has(el.parentElement))
    .map((el) => {
      const r = el.getBoundingClientRect();
      const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 4).join('.');
      const where = el.parentElement?.closest('[aria-label], [id]');
      const within = where ? ` in <${where.tagName.toLowerCase()} ${where.getAttribute('aria-label') ?? `#${where.id}`}>` : '';
      return `<${el.tagName.toLowerCase()}.${cls}>${within} "${(el.textContent ?? '').trim().slice(0, 30)}" sticks out of the screen (${Math.round(r.left)}–${Math.round(r.right)} px of ${vw})`;
    });
}

/** Runs in the page: every aria-controls names elements that exist. */
function danglingAriaControls(): string[] {
  return Array.from(document.querySelectorAll('[aria-controls]')).flatMap((el) =>
    (el.getAttribute('aria-controls') ?? '')
      .split(/\s+/)
      .filter((id) => id && !document.getElementById(id))
      .map((id) => `<${el.tagName.toLowerCase()} aria-label="${el.getAttribute('aria-label') ?? ''}"> aria-controls="${id}"`),
  );
}

/**
 * Runs in the page: no table is wider than the box it scrolls in (an admin list reads as cards on a phone), and a row
 * of tabs or sections that scrolls sideways shows the current one.
 */
function sidewaysTablesAndTabs(): string[] {
  const problems: string[] = [];
  for (const table of document.querySelectorAll('table')) {
    // One nobody can see (in a closed <details>, on a wider screen only) scrolls nothing.
    if (!table.checkVisibility()) continue;
    const box = table.parentElement!;
    if (box.scrollWidth > box.clientWidth + 1) problems.push(`the table "${table.caption?.textContent ?? ''}" scrolls sideways (${box.scrollWidth} px in ${box.clientWidth})`);
  }
  for (const current of document.querySelectorAll('nav [aria-current="page"], [role="tablist"] [aria-selected="true"]')) {
    const row = current.closest('nav, [role="tablist"]')!;
    const r = current.getBoundingClientRect();
    const v = row.getBoundingClientRect();
    if (r.width > 0 && (r.left < v.left - 1 || r.right > v.right + 1)) problems.push(`"${current.textContent?.trim()}", the current tab, is scrolled out of view`);
  }
  return problems;
}

/** One page's checks; returns what is wrong with it (nothing, when all is well). */
async function phonePass(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), `${path}: its heading`).toBeVisible();
  await pageSettled(page);
  const problems: string[] = [];

  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  if (widths.scroll > widths.inner) problems.push(`scrolls sideways: ${widths.scroll} px wide in ${widths.inner}`);
  problems.push(...(await page.evaluate(cutOff)));
  problems.push(...(await page.evaluate(danglingAriaControls)));
  problems.push(...(await page.evaluate(sidewaysTablesAndTabs)));
  problems.push(...(await axeSerious(page)));

  const scrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 1);
  problems.push(...(await page.evaluate(coveredContent, { edge: scrolls ? ('top' as const) : ('both' as const), content: CONTENT })));
  if (scrolls) {
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    // At the bottom once the scroll has landed (and whatever it brought into view has drawn).
    await page.waitForFunction(() => Math.abs(window.scrollY + window.innerHeight - document.documentElement.scrollHeight) <= 1);
    await pageSettled(page);
    problems.push(...(await page.evaluate(coveredContent, { edge: 'bottom' as const, content: CONTENT })));
  }
  // The bug report stays reachable on every page: one labelled button, in the tab order.
  const bug = page.getByRole('button', { name: 'Report Bug' });
  await expect(bug, `${path}: the Report Bug button`).toHaveCount(1);
  if (!(await bug.isVisible()) || (await bug.getAttribute('tabindex')) === '-1') problems.push('the Report Bug button is not reachable');
  return problems.map((p) => `${path}: ${p}`);
}

/** The pages of /sitemap.xml, one per route (the site map names /nominate?award= once for every award). */
async function sitemapPaths(page: Page) {
  const xml = await (await page.request.get('/sitemap.xml')).text();
  const seen = new Set<string>();
  const result: string[] = [];
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = new URL(loc!.replace(/&amp;/g, '&'));
    const route = `${url.pathname}?${[...url.searchParams.keys()].sort().join('&')}`;
    if (seen.has(route)) continue;
    seen.add(route);
    result.push(`${url.pathname}${url.search}`);
  }
  return result;
}

/** A quiz result made through the API, as the last question would. */
async function quizResultPath(page: Page) {
  const quiz = (await (await page.request.get('/api/quiz')).json()) as Quiz;
  const res = await page.request.post('/api/quiz/results', {
    headers: await csrfHeaders(page.request),
    data: { answers: quiz.questions.map((q) => q.answers[0]!.id), name: 'Pat Phone' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { result } = (await res.json()) as { result: { id: string } };
  return `/quiz/results/${result.id}`;
}

/** A cart with one framed certificate in this browser's storage, so /checkout shows its form. */
async function fillCart(page: Page) {
  const { products } = (await (await page.request.get('/api/store/products')).json()) as {
    products: { id: string; variants: { id: string; sku: string; price: number }[] }[];
  };
  const product = products.find((p) => p.variants.some((v) => v.sku === 'FRAME-A4-BLACK'))!;
  const variant = product.variants.find((v) => v.sku === 'FRAME-A4-BLACK')!;
  const [award] = (await (await page.request.get('/api/awards')).json()) as { id: string }[];
  const cart = {
    owner: null,
    dirty: false,
    items: [
      {
        id: 'phone-pass',
        productId: product.id,
        variantId: variant.id,
        quantity: 1,
        price: variant.price,
        design: { award_id: award!.id, template_id: null, recipient_name: 'Pat Phone', share_id: null },
      },
    ],
  };
  await page.evaluate((value) => localStorage.setItem('cart', value), JSON.stringify(cart));
}

async function orderPath(browser: Browser) {
  const order = await paidFramedOrder(browser, { recipient: 'Pat Phone', name: 'Pat Phone', line1: '1 Small Screen Way', shipping: 'standard' });
  await order.customer.close();
  return `/order/${order.order_id}?token=${encodeURIComponent(order.access_token)}`;
}

test.describe('on a 360 px phone', () => {
  // With the pages' motion (the suite's default is reduced motion): a toast half faded in, a sheet sliding over.
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: 'no-preference' });

  // Each pass in two halves, so both workers share it instead of one holding the end of the run (docs/decisions/124).
  for (const half of [0, 1] as const) {
    test(`every page of the site map (${half ? 'second' : 'first'} half): no serious axe violation, no sideways scroll, nothing lying over content`, async ({ page }) => {
      test.setTimeout(180_000);
      // And the page every mistyped link lands on.
      const all = [...(await sitemapPaths(page)), '/no-such-page'];
      expect(all).toContain('/gallery');
      const paths = all.filter((_, i) => i % 2 === half);
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await phonePass(page, path)));
      expect(problems).toEqual([]);
    });
  }

  test('checkout, claim, quiz result and order: the same pass', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const claim = new URL((await createNomination(page.request, { nominee_name: uniqueName('Pat') })).claim_url, 'http://x').pathname;
    const pages = [claim, await quizResultPath(page), await orderPath(browser), '/checkout'];
    await page.goto('/');
    await fillCart(page);

    const problems: string[] = [];
    for (const path of pages) problems.push(...(await phonePass(page, path)));
    expect(problems).toEqual([]);
  });

  for (const half of [0, 1] as const) {
    const sections = ADMIN_SECTIONS.filter((_, i) => i % 2 === half);
    test(`the admin area (${sections.map((s) => s.label).join(', ')}): the same pass, signed in as an admin`, async ({ page, browser }) => {
      test.setTimeout(180_000);
      // Something in every admin list worth laying out: a paid order, and a discount code.
      if (sections.some((s) => s.path === 'orders')) await orderPath(browser);
      await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
      if (sections.some((s) => s.path === 'products')) {
        const code = await page.request.post('/api/admin/discount-codes', {
          headers: await csrfHeaders(page.request),
          data: { code: `PHONE${Date.now().toString(36).toUpperCase()}`, kind: 'percent', value: 10 },
        });
        expect(code.status(), await code.text()).toBe(200);
      }
      const problems: string[] = [];
      for (const section of sections) problems.push(...(await phonePass(page, section.path ? `/admin/${section.path}` : '/admin')));
      expect(problems).toEqual([]);
    });
  }

  test('the users, nominations and jobs lists read as cards (the list kit): one card a row, nothing scrolls sideways', async ({ page }) => {
    // Something in each list: a nomination, and the mail job it queued.
    await createNomination(page.request, { nominee_name: uniqueName('Card') });
    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    const lists = [
      ['/admin/users', 'Users, newest first'],
      ['/admin/nominations', 'Nominations, newest first'],
      ['/admin/jobs', 'Jobs, newest first'],
    ] as const;
    for (const [path, caption] of lists) {
      await page.goto(path);
      const table = page.getByRole('table', { name: caption });
      await expect(table.locator('tbody tr').first(), `${path}: its first row`).toBeVisible();
      await pageSettled(page);
      const layout = await table.evaluate((t) => ({
        // A card is a row laid out as a block, as wide as the screen allows, its cells one under the other.
        rows: Array.from(t.querySelectorAll('tbody tr'), (tr) => {
          const r = tr.getBoundingClientRect();
          const cells = Array.from(tr.children, (c) => c.getBoundingClientRect()).filter((c) => c.height > 0);
          return { display: getComputedStyle(tr).display, left: r.left, right: r.right, stacked: cells.every((c, i) => i === 0 || c.top >= cells[i - 1]!.bottom - 1) };
        }),
        table: t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
        page: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect(layout.rows.length, path).toBeGreaterThan(0);
      for (const row of layout.rows) {
        expect(row, `${path}: a row reads as a card`).toMatchObject({ display: 'block', stacked: true });
        expect(row.left, path).toBeGreaterThanOrEqual(0);
        expect(row.right, path).toBeLessThanOrEqual(360);
      }
      expect(layout.table, `${path}: the list scrolls sideways`).toBeLessThanOrEqual(1);
      expect(layout.page, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });

  test('the gallery searches with its Search button and with Enter', async ({ page }) => {
    await page.goto('/gallery');
    const box = page.getByRole('searchbox', { name: 'Search awards' });
    const submit = page.getByRole('search').getByRole('button', { name: 'Search', exact: true });
    await expect(submit).toBeVisible();
    await box.fill('zzz-no-award');
    await submit.click();
    await expect(page).toHaveURL('/gallery?search=zzz-no-award');
    await expect(page.getByText('Found 0 award(s)')).toBeVisible();
    await box.fill('');
    await box.press('Enter');
    await expect(page).toHaveURL('/gallery');
  });
});
