import { test as base, expect, type Page } from '@playwright/test';

export interface Fixtures {
  /** 'accepted' (default) stores a consent choice first so the banner stays out of the way. */
  consent: 'none' | 'accepted';
  /** Uncaught page errors seen during the test; the test fails if any remain. */
  pageErrors: string[];
}

export const test = base.extend<Fixtures>({
  consent: ['accepted', { option: true }],
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
        if (!localStorage.getItem('cookie-consent')) {
          localStorage.setItem('cookie-consent', 'true');
          localStorage.setItem(
            'cookie-preferences',
            JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false }),
          );
        }
      });
    }
    await use(page);
  },
});

export { expect };

/** Reads the `content` of a meta tag from the page's current head. */
export async function metaContent(page: Page, selector: string) {
  return page.locator(`head ${selector}`).first().getAttribute('content');
}
