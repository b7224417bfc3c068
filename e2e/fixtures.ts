import { test as base, expect, type Page, type Response } from '@playwright/test';

export interface Fixtures {
  /** 'accepted' (default) stores a consent choice first so the banner stays out of the way. */
  consent: 'none' | 'accepted';
  /** Uncaught page errors seen during the test; the test fails if any remain. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  consent: ['accepted', { option: true }],
  // A client address per test and attempt: the server trusts X-Forwarded-For in e2e runs, so the
  // per-IP limits count each test on its own instead of the whole suite from 127.0.0.1.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    let h = 0;
    for (const ch of `${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}` });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, consent }, use) => {
    if (consent === 'accepted') {
      await page.addInitScript(() => {
        // Init scripts run in every frame: a sandboxed one (an admin's mail preview) has no storage, and no banner.
        if (window !== window.top) return;
        if (!localStorage.getItem('cookie-consent')) {
          localStorage.setItem('cookie-consent', 'true');
          localStorage.setItem(
            'cookie-preferences',
            JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false }),
          );
        }
      });
    }
    // A server-rendered page is readable before its script has run, but typing into it then is lost to React
    // (it does not replay changes made before hydration): a navigation returns once the app answers
    // (<html data-ready>, set by app/root-layout.tsx), as a person's next action would meet it.
    const waitReady = async (response: Response | null) => {
      if (response?.headers()['content-type']?.startsWith('text/html')) await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => waitReady(await goto(url, options));
    page.reload = async (options) => waitReady(await reload(options));
    await use(page);
  },
});

export { expect };

/** Reads the `content` of a meta tag from the page's current head. */
export async function metaContent(page: Page, selector: string) {
  return page.locator(`head ${selector}`).first().getAttribute('content');
}
