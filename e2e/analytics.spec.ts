import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { LOOPBACK, signInViaApi } from './support/auth-helpers';
import { hideTab } from './support/page-helpers';

const EVENTS_PATH = '/api/analytics/events';

interface SentBody {
  session_id: string;
  events: { event_type: string; page_url: string; referrer?: string }[];
}

/** Every request the page makes to the track endpoint, from the first moment on. */
function watchAnalytics(page: Page) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === EVENTS_PATH) seen.push(r);
  });
  return seen;
}

/**
 * Counts the page's own calls that would send events (sendBeacon, or the fetch it falls back to) as they are made.
 * The queue is flushed synchronously inside the pagehide / visibilitychange listeners, so right after such an event
 * has been dispatched the count is final: nothing to wait for.
 */
async function countSendCalls(page: Page) {
  await page.addInitScript((endpoint) => {
    const calls: string[] = [];
    (window as unknown as { __analyticsCalls: string[] }).__analyticsCalls = calls;
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).includes(endpoint)) calls.push('beacon');
      return beacon(url, data);
    };
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes(endpoint)) calls.push('fetch');
      return fetchOriginal(input, init);
    };
  }, EVENTS_PATH);
  return () => page.evaluate(() => (window as unknown as { __analyticsCalls: string[] }).__analyticsCalls.length);
}

/** The visitor leaves: the pagehide the browser fires on the way out, dispatched on the live page. */
async function leavePage(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
}

async function browseHomeGalleryStore(page: Page) {
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Gallery', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Award Gallery' })).toBeVisible();
  await header.getByRole('link', { name: 'Store', exact: true }).click();
  await expect(page).toHaveURL(/\/store(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('analytics in the browser', () => {
  test.use({ consent: 'none' });

  test('Necessary Only: browsing, hiding and leaving the page sends nothing and stores no id', async ({ page }) => {
    const sent = watchAnalytics(page);
    const sendCalls = await countSendCalls(page);
    await page.goto('/');
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Necessary Only' }).click();
    await browseHomeGalleryStore(page);
    await page.mouse.wheel(0, 400);
    await page.keyboard.press('Tab');
    await hideTab(page);
    await leavePage(page);
    // Both listeners send synchronously when they send at all: had anything been queued, it would have gone by now.
    expect(await sendCalls()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('analytics-id'))).toBeNull();
    expect(sent.map((r) => r.url())).toEqual([]);
  });

  test('Accept All: the beacon carries the page views of home and the next page', async ({ page }) => {
    const sent = watchAnalytics(page);
    const sendCalls = await countSendCalls(page);
    await page.goto('/');
    // Before a choice, nothing goes anywhere (the hidden tab's listener would have sent synchronously).
    await hideTab(page);
    expect(await sendCalls()).toBe(0);
    expect(sent).toHaveLength(0);
    await page.evaluate(() => Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }));

    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept All' }).click();
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Gallery', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Award Gallery' })).toBeVisible();

    const beacon = page.waitForRequest((r) => new URL(r.url()).pathname === EVENTS_PATH);
    await hideTab(page);
    const request = await beacon;
    expect(request.method()).toBe('POST');
    const body = JSON.parse(request.postData() ?? '{}') as SentBody;
    expect(body.session_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const views = body.events.filter((e) => e.event_type === 'page_view').map((e) => e.page_url);
    expect(views).toEqual(['/', '/gallery']);
    const response = await request.response();
    expect(response?.status()).toBe(202);
    // The id is kept for today only, and only now that analytics is allowed.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('analytics-id'))) ?? 'null') as { id: string; day: string };
    expect(stored.id).toBe(body.session_id);
  });
});

test.describe('/admin/analytics', () => {
  test('shows the charts and numbers of tracked visits, and the CSV export downloads', async ({ page, request }) => {
    // Three visitors today, through the same endpoint the browser uses; the last 7 days draw a line.
    const visit = (session: string, events: { event_type: string; page_url: string; event_data?: Record<string, unknown> }[]) =>
      request.post(EVENTS_PATH, { data: { session_id: session, events } });
    const stamp = Date.now().toString(36);
    for (const [i, extra] of [[], [{ event_type: 'nomination_created', page_url: '/nominate' }], [{ event_type: 'certificate_shared', page_url: '/gallery', event_data: { channel: 'x' } }]].entries()) {
      const res = await visit(`e2e-analytics-${stamp}-visitor-${i}`, [
        { event_type: 'page_view', page_url: '/' },
        { event_type: 'page_view', page_url: '/gallery' },
        ...extra,
      ]);
      expect(res.status(), await res.text()).toBe(202);
    }

    await signInViaApi(page, LOOPBACK.admin.email, LOOPBACK.admin.password);
    await page.goto('/admin/analytics?period=7d');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    const number = async (kpi: string) => Number((await page.getByTestId(`kpi-${kpi}`).locator('dd').innerText()).replace(/[^\d]/g, ''));
    await expect.poll(() => number('visitors')).toBeGreaterThanOrEqual(3);
    expect(await number('page_views')).toBeGreaterThanOrEqual(6);

    // Drawn: the area chart's svg with its lines, and bars beside the top-pages table.
    await expect(page.getByTestId('traffic-chart').locator('svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByTestId('traffic-chart').locator('.recharts-area-curve').first()).toBeAttached();
    await expect(page.getByTestId('breakdown-chart').first().locator('.recharts-bar-rectangle').first()).toBeAttached();
    const pages = page.getByRole('table', { name: 'Top pages, most visitors first' });
    await expect(pages.getByRole('rowheader', { name: '/gallery' })).toBeVisible();
    await expect(page.getByTestId('growth-funnel-table').getByRole('rowheader', { name: /Viewed the gallery/ })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download top pages as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain('/gallery');
  });
});
